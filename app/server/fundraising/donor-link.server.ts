// The signed link in a monthly gift's receipt: names one donor (by email) and one owner, needs no account.
import { base64url, fromBase64url } from "~/lib/text/base64url";
import type { AppEnv } from "../platform/env.server";
import { purposeKey } from "../platform/tokens.server";

const encoder = new TextEncoder();
// Derived for this one purpose, so no other signed value of ours can stand in for a donor's link.
const keyFor = (env: Pick<AppEnv, "AUTH_SECRET">) => purposeKey(env, "donor-gifts");

/** `<owner>.<donor email, base64url>.<signature>`: one donor's gifts with one owner, no account needed. */
export async function donorToken(env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string) {
  const body = `${base64url(encoder.encode(ownerId))}.${base64url(encoder.encode(email.trim().toLowerCase()))}`;
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env), encoder.encode(body)));
  return `${body}.${base64url(sig)}`;
}

/** The owner and donor a token names, or null when we did not sign it. */
export async function readDonorToken(env: Pick<AppEnv, "AUTH_SECRET">, token: string) {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  try {
    // verify() compares in constant time.
    const ok = await crypto.subtle.verify(
      "HMAC",
      await keyFor(env),
      fromBase64url(m[3] as string),
      encoder.encode(`${m[1]}.${m[2]}`),
    );
    if (!ok) return null;
    const decode = (t: string) => new TextDecoder().decode(fromBase64url(t));
    return { ownerId: decode(m[1] as string), email: decode(m[2] as string) };
  } catch {
    return null;
  }
}

export const donorGiftsPath = async (env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string) =>
  `/fundraising/gifts/${await donorToken(env, ownerId, email)}`;
