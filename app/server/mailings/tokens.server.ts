import { base64url } from "~/lib/text/base64url";
import type { AppEnv } from "../platform/env.server";
import { purposeKey } from "../platform/tokens.server";

const encoder = new TextEncoder();
// Derived so mailing links cannot be forged from another signed value of ours.
const keyFor = (env: Pick<AppEnv, "AUTH_SECRET">) => purposeKey(env, "mailings");

async function mac(env: Pick<AppEnv, "AUTH_SECRET">, value: string) {
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env), encoder.encode(value)));
  return base64url(sig.slice(0, 18));
}

/** `<recipient id>.<signature>`: names one message, for its unsubscribe link, without an account. */
export async function recipientToken(env: Pick<AppEnv, "AUTH_SECRET">, recipientId: number, purpose: "u" | string) {
  return `${recipientId}.${await mac(env, `${purpose}:${recipientId}`)}`;
}

/** The recipient a token names, or null when it was not signed by us. */
export async function readRecipientToken(env: Pick<AppEnv, "AUTH_SECRET">, token: string, purpose: "u" | string) {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expected = await mac(env, `${purpose}:${id}`);
  // Compared as digests of equal length, so timing says nothing about how much matched.
  const [a, b] = await Promise.all(
    [expected, m[2] as string].map((v) => crypto.subtle.digest("SHA-256", encoder.encode(v))),
  );
  const x = new Uint8Array(a as ArrayBuffer);
  const y = new Uint8Array(b as ArrayBuffer);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0 ? id : null;
}

export const unsubscribePath = async (env: Pick<AppEnv, "AUTH_SECRET">, recipientId: number) =>
  `/mail/u/${await recipientToken(env, recipientId, "u")}`;

/** Our own click redirect: the signature covers the recipient and the destination together. */
export const clickPath = async (env: Pick<AppEnv, "AUTH_SECRET">, recipientId: number, url: string) =>
  `/mail/c/${await recipientToken(env, recipientId, `c:${url}`)}?u=${encodeURIComponent(url)}`;
