import { describe, expect, it } from "vitest";
import { foldLine } from "~/lib/text/content-line";

/**
 * Issue 24 item 3: vCard, CardDAV and the calendar fold every line; encoding per character was 71% of an
 * export. Its CPU time at 1x and 4x the notes is measured by `npm run bench` (bench/linear-readers.ts).
 */

const encoder = new TextEncoder();
const lines = Array.from(
  { length: 5000 },
  (_, i) => `NOTE:Person ${i} met at the gala, café talk about 日本 and grants 🎉 ${"x".repeat(i % 120)}`,
);

describe("folding content lines", () => {
  it("keeps every physical line within 75 octets, splits no character, and unfolds to the original", () => {
    for (const line of lines.slice(0, 300)) {
      const folded = foldLine(line);
      const parts = folded.split("\r\n ");
      expect(encoder.encode(parts[0]).byteLength).toBeLessThanOrEqual(75);
      for (const part of parts.slice(1)) expect(encoder.encode(part).byteLength).toBeLessThanOrEqual(74);
      expect(folded).not.toMatch(/[\uD800-\uDBFF]\r\n|\r\n [\uDC00-\uDFFF]/);
      expect(parts.join("")).toBe(line);
      // Full lines: a part ends only where the next character would not fit.
      if (parts.length > 1) expect(encoder.encode(parts[0]).byteLength).toBeGreaterThan(71);
    }
  });

  it("folds 5,000 people's notes, each within 75 octets a line and unfolding to the original", () => {
    let parts = 0;
    for (const line of lines) {
      const folded = foldLine(line).split("\r\n ");
      for (const part of folded) expect(encoder.encode(part).byteLength).toBeLessThanOrEqual(75);
      expect(folded.join("")).toBe(line);
      parts += folded.length;
    }
    // Every physical line full but the last of each note: as few lines as the octets allow.
    const octets = lines.reduce((sum, line) => sum + encoder.encode(line).byteLength, 0);
    expect(parts).toBeLessThan(octets / 70 + lines.length);
  });
});
