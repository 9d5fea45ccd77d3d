// The signed link in a monthly gift's receipt: names one donor (by email) and one owner, needs no account.
import type { AppEnv } from "../platform/env.server";

const encoder = new TextEncoder();
const keys = new WeakMap<object, Promise<CryptoKey>>();

// Derived for this one purpose, so no other signed value of ours can stand in for a donor's link.
function keyFor(env: Pick<AppEnv, "AUTH_SECRET">): Promise<CryptoKey> {
  let key = keys.get(env);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(`donor-gifts:${env.AUTH_SECRET}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(env, key);
  }
  return key;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) => {
  const bin = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/** `<owner>.<donor email, base64url>.<signature>`: one donor's gifts with one owner, no account needed. */
export async function donorToken(env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string) {
  const body = `${b64url(encoder.encode(ownerId))}.${b64url(encoder.encode(email.trim().toLowerCase()))}`;
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env), encoder.encode(body)));
  return `${body}.${b64url(sig)}`;
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
      fromB64url(m[3] as string),
      encoder.encode(`${m[1]}.${m[2]}`),
    );
    if (!ok) return null;
    const decode = (t: string) => new TextDecoder().decode(fromB64url(t));
    return { ownerId: decode(m[1] as string), email: decode(m[2] as string) };
  } catch {
    return null;
  }
}

export const donorGiftsPath = async (env: Pick<AppEnv, "AUTH_SECRET">, ownerId: string, email: string) =>
  `/fundraising/gifts/${await donorToken(env, ownerId, email)}`;
