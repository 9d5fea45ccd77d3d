import { base64url } from "../app/lib/text/base64url.ts";

/**
 * A value as an SQL literal. The seed is one SQL text, one statement a line (D1's exec and tests/seed-as-of.ts read it
 * so), so a line break inside text is written as char(10).
 */
export const q = (value: string | number | null): string =>
  value === null
    ? "NULL"
    : typeof value === "number"
      ? String(value)
      : value
          .split("\n")
          .map((line) => `'${line.replaceAll("'", "''")}'`)
          .join(" || char(10) || ");

/** A random URL-safe token, as the app makes pass and badge codes: each seeding draws its own. */
export const seedToken = (bytes: number) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));
