import { describe, expect, it } from "vitest";
import { base32Bytes, hotp, stepOfCode, totp } from "./totp";

const ascii = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;

describe("time-based codes", () => {
  // RFC 6238 Appendix B, the SHA-1 rows: the seed "12345678901234567890", eight digits.
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("gives RFC 6238's code at T=%i", async (seconds, code) => {
    expect(await totp(ascii("12345678901234567890"), seconds * 1000, 8)).toBe(code);
  });

  // RFC 4226 Appendix D: the first HOTP values of the same seed, six digits.
  it("gives RFC 4226's HOTP values", async () => {
    const values = await Promise.all([0, 1, 2, 3, 9].map((c) => hotp(ascii("12345678901234567890"), c)));
    expect(values).toEqual(["755224", "287082", "359152", "969429", "520489"]);
  });

  it("names the step of a code within the window, and none outside it", async () => {
    const key = ascii("12345678901234567890");
    const at = 1111111111 * 1000;
    const previous = await hotp(key, Math.floor(1111111111 / 30) - 1);
    expect(await stepOfCode(key, previous, at)).toBe(Math.floor(1111111111 / 30) - 1);
    expect(await stepOfCode(key, previous, at + 90_000)).toBeNull();
  });

  it("reads a base32 secret (RFC 4648's test vector)", () => {
    expect(new TextDecoder().decode(base32Bytes("MZXW6YTBOI======"))).toBe("foobar");
    expect(new TextDecoder().decode(base32Bytes("MZXW6YTB"))).toBe("fooba");
    expect(() => base32Bytes("not!base32")).toThrow();
  });
});
