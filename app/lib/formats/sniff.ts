import { detectEncoding } from "./charset";
import { isZip } from "./xlsx-read";

/**
 * What an uploaded contacts file is, from its bytes before its name (a workbook saved as .csv is still a
 * workbook): a vCard, a workbook, a text table, or something no contacts file is, with the words to say so.
 */
export type Sniffed = { kind: "vcard" | "xlsx" | "csv" } | { kind: "refused"; message: string };

export const NOT_CONTACTS =
  "This file holds binary data, not contacts: choose a .vcf, .csv, .tsv, .txt or .xlsx file exported from your contacts.";
export const OLD_EXCEL =
  "This is an older Excel workbook (.xls): open it and save it as .xlsx or CSV, then choose that file.";

const MAGIC: [number[], string][] = [
  [[0xd0, 0xcf, 0x11, 0xe0], OLD_EXCEL],
  [[0x25, 0x50, 0x44, 0x46], NOT_CONTACTS], // %PDF
  [[0x89, 0x50, 0x4e, 0x47], NOT_CONTACTS], // PNG
  [[0xff, 0xd8, 0xff], NOT_CONTACTS], // JPEG
  [[0x47, 0x49, 0x46, 0x38], NOT_CONTACTS], // GIF
  [[0x1f, 0x8b], NOT_CONTACTS], // gzip
  [[0x52, 0x61, 0x72, 0x21], NOT_CONTACTS], // RAR
  [[0x7f, 0x45, 0x4c, 0x46], NOT_CONTACTS], // ELF
  [[0x4d, 0x5a], NOT_CONTACTS], // Windows program
];

/** Control bytes no text table holds (tab, line ends and form feed aside), in UTF-8 or an 8-bit code page. */
function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (/^utf-16/.test(detectEncoding(head))) return false;
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a && b !== 0x1b)) control++;
  }
  return control > head.length / 100;
}

export function sniffFile(bytes: Uint8Array, filename: string): Sniffed {
  for (const [magic, message] of MAGIC) if (magic.every((b, i) => bytes[i] === b)) return { kind: "refused", message };
  if (isZip(bytes)) return { kind: "xlsx" };
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/[\uFEFF\0]/g, "");
  if (/\.vcf$|\.vcard$/i.test(filename) || /^\s*BEGIN:VCARD/i.test(head)) return { kind: "vcard" };
  if (looksBinary(bytes)) return { kind: "refused", message: NOT_CONTACTS };
  return { kind: "csv" };
}
