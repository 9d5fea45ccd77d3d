import { crc32, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { xlsxParts } from "~/lib/formats/xlsx";

/** Every entry of a zip by its central directory: name, recorded CRC-32 and sizes, and its inflated bytes. */
function entries(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: { name: string; crc: number; size: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out.push({ name, crc, size, data: inflateRawSync(zip.subarray(start, start + compressed)) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

describe("the streamed workbook's zip", () => {
  it("records for every part the CRC-32 and size of exactly the bytes it deflated", async () => {
    const parts: Uint8Array[] = [];
    for await (const part of xlsxParts(
      (async function* () {
        yield [["Name", "Note"]];
        for (let page = 0; page < 3; page++)
          yield Array.from({ length: 2_000 }, (_, i) => [`Person ${page}-${i}`, `Zoë ${i} — ${"x".repeat(i % 90)}`]);
      })(),
    ))
      parts.push(part);
    const found = entries(Buffer.concat(parts));
    expect(found.map((e) => e.name)).toContain("xl/worksheets/sheet1.xml");
    for (const e of found) {
      expect(e.crc, e.name).toBe(crc32(e.data));
      expect(e.size, e.name).toBe(e.data.byteLength);
    }
    const sheet = found.find((e) => e.name === "xl/worksheets/sheet1.xml")?.data.toString("utf8") ?? "";
    expect(sheet.match(/<row /g)).toHaveLength(6_001);
    expect(sheet).toContain("<t>Zoë 1999 — ");
  });
});
