/**
 * Time-based one-time codes (RFC 6238 over RFC 4226's HOTP, HMAC-SHA-1): which time step a code belongs
 * to, so a code accepted once is never accepted again within its window. better-auth checks the code
 * itself; this names its step.
 */

/** The RFC's default step: a code lasts 30 seconds. */
export const TOTP_PERIOD_S = 30;

/** The time step (T) at `ms` since the epoch. */
export const totpStep = (ms: number, period = TOTP_PERIOD_S) => Math.floor(ms / 1000 / period);

/** The HOTP value of `key` at `counter` (RFC 4226 §5.3: dynamic truncation), `digits` long. */
export async function hotp(key: Uint8Array<ArrayBuffer>, counter: number, digits = 6): Promise<string> {
  const message = new ArrayBuffer(8);
  new DataView(message).setBigUint64(0, BigInt(counter), false);
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP code of `key` at `ms` since the epoch. */
export const totp = (key: Uint8Array<ArrayBuffer>, ms: number, digits = 6) => hotp(key, totpStep(ms), digits);

/** The step within ±`window` of `ms` whose code is `code`, the latest if several; null when none is. */
export async function stepOfCode(key: Uint8Array<ArrayBuffer>, code: string, ms: number, window = 1) {
  const now = totpStep(ms);
  for (let step = now + window; step >= now - window; step--) if ((await hotp(key, step)) === code) return step;
  return null;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The bytes of a base32 secret (RFC 4648, as authenticator apps read it from the otpauth URI). */
export function base32Bytes(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/=+$/, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new TypeError("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}
