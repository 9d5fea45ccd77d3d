import { base64url } from "~/lib/text/base64url";
import { hex } from "~/lib/text/hex";
/** Random URL-safe tokens; only their SHA-256 is stored, so a leaked table confirms nothing. */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return base64url(raw);
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return hex(digest);
}

/**
 * Whether a credential's last use is worth writing now: at most once a minute per credential, so a client
 * that reads often (a directory's sync, an address book, an API script) does not turn every read into a write.
 */
export const lastUseIsStale = (lastUsedAt: Date | null, now: Date) =>
  !lastUsedAt || now.getTime() - lastUsedAt.getTime() > 60_000;

/**
 * The stored hash of a token read from a link (an invitation, a card hand-over), or null for text that cannot be
 * one of `randomToken`'s: such a link is refused before the database is asked.
 */
export async function linkTokenHash(token: string): Promise<string | null> {
  return /^[\w-]{20,100}$/.test(token) ? sha256Hex(token) : null;
}

const purposeKeys = new WeakMap<object, Map<string, Promise<CryptoKey>>>();

/** The secret of one purpose: AUTH_SECRET under the purpose's name, so no other signed value of ours can stand in for it. */
export const purposeSecret = (env: { AUTH_SECRET: string }, purpose: string) => `${purpose}:${env.AUTH_SECRET}`;

/**
 * The HMAC key of one purpose ("mailings", "donor-gifts"), derived from AUTH_SECRET so no other signed
 * value of ours can stand in for it; imported once per isolate and secret.
 */
export function purposeKey(env: { AUTH_SECRET: string }, purpose: string): Promise<CryptoKey> {
  let keys = purposeKeys.get(env);
  if (!keys) {
    keys = new Map();
    purposeKeys.set(env, keys);
  }
  let key = keys.get(purpose);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(purposeSecret(env, purpose)),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(purpose, key);
  }
  return key;
}
