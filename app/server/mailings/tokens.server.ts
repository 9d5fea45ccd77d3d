import type { AppEnv } from "../platform/env.server";

const encoder = new TextEncoder();
const keys = new WeakMap<object, Promise<CryptoKey>>();

// One key per isolate and secret, derived so mailing links cannot be forged from another signed value.
function keyFor(env: Pick<AppEnv, "AUTH_SECRET">): Promise<CryptoKey> {
  let key = keys.get(env);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(`mailings:${env.AUTH_SECRET}`),
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

async function mac(env: Pick<AppEnv, "AUTH_SECRET">, value: string) {
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(env), encoder.encode(value)));
  return b64url(sig.slice(0, 18));
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
