// Relative, with its extension: the seed script runs this file under Node, which knows no "~" alias.
import { hex } from "../../lib/text/hex.ts";

/**
 * PBKDF2-SHA256 through WebCrypto: native in workerd, so a sign-in costs a few milliseconds of
 * CPU instead of the hundreds a JavaScript scrypt takes. 100,000 iterations is the most the
 * Workers runtime allows.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

const fromHex = (hex: string) => new Uint8Array(hex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password.normalize("NFKC")), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${hex(salt)}$${hex(hash)}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, rounds, salt, expected] = hash.split("$");
  const iterations = Number(rounds);
  if (scheme !== "pbkdf2-sha256" || !salt || !expected || !Number.isInteger(iterations)) return false;
  const actual = await derive(password, fromHex(salt), iterations);
  return timingSafeEqual(actual, fromHex(expected));
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  let diff = 0;
  for (let i = 0; i < a.byteLength; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
