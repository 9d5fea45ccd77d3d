/**
 * Reads the first sheet of an .xlsx workbook (Excel, LibreOffice, Numbers, Google Sheets, our own export)
 * as rows of text, no library (decision 0178). Every size is bounded before it is held: the zip's
 * directory, each part's unpacked bytes (counted as the runtime's zlib inflates, so a zip bomb stops at the
 * limit whatever its headers claim), the rows kept and each cell's length. Formulas are never evaluated:
 * a formula cell is reported with its text and left empty; links to other workbooks are never followed.
 */

import type { CellIssue } from "../people/read";
import { DAY_MS } from "../time/days";

/** A workbook that cannot be read, with the words the person sees. */
export class SpreadsheetRefused extends Error {}

/** What 10,000 contacts of 60 columns take unpacked, with room to spare; past it a file is a zip bomb or not contacts. */
export const MAX_UNPACKED_BYTES = 48_000_000;
/** Excel's own limit for one cell's text. */
export const MAX_CELL_CHARS = 32_767;
const MAX_ENTRIES = 2_000;

export type SheetRead = {
  rows: string[][];
  /** Formula cells and cells longer than a cell may be: left empty in `rows`. */
  issues: CellIssue[];
  /** Non-empty rows past `maxRows`, counted, not kept. */
  rowsLeftOut: number;
  /** The workbook links to other workbooks (whose values are never read). */
  externalLinks: boolean;
};

const TOO_LARGE = `This workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1_000_000} MB, far more than 10,000 contacts need; it was not read. Save the sheet as CSV or a fresh .xlsx and choose that file.`;
const NOT_A_WORKBOOK = "This file is not an Excel workbook we can read; save it as .xlsx or CSV and choose that file.";

type Entry = { name: string; method: number; compressed: number; offset: number };

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** The zip's central directory: names, methods and where each part's data starts. */
function directory(bytes: Uint8Array): Map<string, Entry> {
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--)
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  const count = u16(bytes, end + 10);
  if (count > MAX_ENTRIES) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  let at = u32(bytes, end + 16);
  const entries = new Map<string, Entry>();
  const names = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
    const nameLength = u16(bytes, at + 28);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      name,
      method: u16(bytes, at + 10),
      compressed: u32(bytes, at + 20),
      offset: u32(bytes, at + 42),
    });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/** One part's bytes, inflated by the runtime's zlib and never past `budget.left` bytes in all. */
async function* unpack(bytes: Uint8Array, entry: Entry, budget: { left: number }): AsyncGenerator<Uint8Array> {
  const local = entry.offset;
  if (u32(bytes, local) !== 0x04034b50) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
  const data = bytes.subarray(start, start + entry.compressed);
  if (entry.method === 0) {
    budget.left -= data.length;
    if (budget.left < 0) throw new SpreadsheetRefused(TOO_LARGE);
    yield data;
    return;
  }
  if (entry.method !== 8) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  const inflate = new DecompressionStream("deflate-raw");
  const writer = inflate.writable.getWriter();
  // Written in parts so a refused file stops within one part's output, not after the whole inflate.
  const feeding = (async () => {
    for (let i = 0; i < data.length; i += 65_536)
      await writer.write(data.subarray(i, i + 65_536) as Uint8Array<ArrayBuffer>);
    await writer.close();
  })();
  feeding.catch(() => {});
  const reader = inflate.readable.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read().catch(() => {
        throw new SpreadsheetRefused(NOT_A_WORKBOOK);
      });
      if (done) break;
      budget.left -= value.byteLength;
      if (budget.left < 0) throw new SpreadsheetRefused(TOO_LARGE);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
    await writer.abort().catch(() => {});
  }
}

async function wholeText(bytes: Uint8Array, entry: Entry | undefined, budget: { left: number }): Promise<string> {
  if (!entry) return "";
  const decoder = new TextDecoder();
  let text = "";
  for await (const part of unpack(bytes, entry, budget)) text += decoder.decode(part, { stream: true });
  return text + decoder.decode();
}

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi;
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function unxml(s: string): string {
  if (s.indexOf("&") === -1) return s;
  return s.replace(ENTITY, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    const code = hex ? Number.parseInt(hex, 16) : dec ? Number(dec) : -1;
    if (code >= 0) return code <= 0x10ffff ? String.fromCodePoint(code) : "";
    return NAMED[(name ?? "").toLowerCase()] ?? "";
  });
}

/** The text of an <si> or <is>: its runs' <t> joined; Japanese phonetic guides (<rPh>) are not the text. */
function runText(xml: string): string {
  const body = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "");
  let out = "";
  for (const m of body.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += unxml(m[1] ?? "");
  return out;
}

/** "BC12" to its zero-based column (54). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** The number formats that show a day: built-in 14-22 and 45-47, or a custom code with d, m and y outside quotes. */
function dateStyles(styles: string): Set<number> {
  const custom = new Map<number, string>();
  for (const m of styles.matchAll(/<numFmt\b[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g))
    custom.set(Number(m[1]), unxml(m[2] ?? ""));
  const xfs = styles.match(/<cellXfs\b[\s\S]*?<\/cellXfs>/)?.[0] ?? "";
  const dates = new Set<number>();
  let i = 0;
  for (const m of xfs.matchAll(/<xf\b([^>]*)/g)) {
    const id = Number(m[1]?.match(/numFmtId="(\d+)"/)?.[1] ?? 0);
    const code = (custom.get(id) ?? "").replace(/"[^"]*"|\[[^\]]*\]/g, "").toLowerCase();
    if ((id >= 14 && id <= 22) || (id >= 45 && id <= 47) || (/d/.test(code) && /y/.test(code))) dates.add(i);
    i++;
  }
  return dates;
}

/** Excel's day number (1900 system) as YYYY-MM-DD. */
function serialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const ms = Math.round((serial - 25_569) * DAY_MS);
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first sheet's part, as the workbook names it (sheet1.xml when it says nothing usable). */
function firstSheet(workbook: string, rels: string, entries: Map<string, Entry>): Entry | undefined {
  const id = workbook.match(/<sheet\b[^>]*\br:id="([^"]+)"/)?.[1] ?? workbook.match(/<sheet\b[^>]*\bid="([^"]+)"/)?.[1];
  if (id) {
    for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
      const tag = m[0];
      if (tag.match(/\bId="([^"]+)"/)?.[1] !== id) continue;
      const target = unxml(tag.match(/\bTarget="([^"]+)"/)?.[1] ?? "");
      const name = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
      const found = entries.get(name);
      if (found) return found;
    }
  }
  return entries.get("xl/worksheets/sheet1.xml");
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ROW_END = "</row>";
/** A row's start tag, not <rowBreaks>. */
const ROW_START = /<row[\s>/]/g;

/** Reads the first sheet's rows; at most `maxRows` non-empty rows are kept, the rest counted. */
export async function readXlsxRows(bytes: Uint8Array, maxRows: number): Promise<SheetRead> {
  const entries = directory(bytes);
  const budget = { left: MAX_UNPACKED_BYTES };
  const workbook = await wholeText(bytes, entries.get("xl/workbook.xml"), budget);
  if (!workbook) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  const rels = await wholeText(bytes, entries.get("xl/_rels/workbook.xml.rels"), budget);
  const sheet = firstSheet(workbook, rels, entries);
  if (!sheet) throw new SpreadsheetRefused(NOT_A_WORKBOOK);
  const sharedXml = await wholeText(bytes, entries.get("xl/sharedStrings.xml"), budget);
  const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => runText(m[1] ?? ""));
  const dates = dateStyles(await wholeText(bytes, entries.get("xl/styles.xml"), budget));
  const externalLinks = [...entries.keys()].some((name) => name.startsWith("xl/externalLinks/"));

  const out: SheetRead = { rows: [], issues: [], rowsLeftOut: 0, externalLinks };
  const readRow = (xml: string) => {
    const cells: string[] = [];
    const row = out.rows.length;
    const issues: CellIssue[] = [];
    let next = 0;
    for (const m of xml.matchAll(CELL)) {
      const attrs = m[1] ?? "";
      const body = m[2] ?? "";
      const ref = attrs.match(/\br="([A-Z]+)\d*"/)?.[1];
      const col = ref ? columnOf(ref) : next;
      next = col + 1;
      if (col < 0 || col > 16_383) continue;
      const type = attrs.match(/\bt="(\w+)"/)?.[1] ?? "n";
      const formula = body.match(/<f\b[^>]*>([\s\S]*?)<\/f>/)?.[1] ?? (/<f\b[^>]*\/>/.test(body) ? "" : null);
      let value: string;
      if (type === "inlineStr") value = runText(body.match(/<is>([\s\S]*?)<\/is>/)?.[1] ?? "");
      else {
        const v = unxml(body.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? "");
        if (type === "s") value = shared[Number(v)] ?? "";
        else if (type === "b") value = v === "1" ? "TRUE" : v === "0" ? "FALSE" : v;
        else if (type === "n" && v && dates.has(Number(attrs.match(/\bs="(\d+)"/)?.[1] ?? -1)))
          value = serialDate(Number(v)) ?? v;
        else value = v;
      }
      if (formula !== null) {
        issues.push({ row, column: col, kind: "formula", formula: `=${unxml(formula)}`.slice(0, 200) });
        value = "";
      }
      if (value.length > MAX_CELL_CHARS) {
        issues.push({ row, column: col, kind: "huge", length: value.length });
        value = "";
      }
      while (cells.length < col) cells.push("");
      cells[col] = value;
    }
    // Empty rows (a sheet formatted down to row 1,048,576) are not rows of contacts.
    if (!cells.some((c) => c.trim()) && issues.length === 0) return;
    if (out.rows.length >= maxRows) {
      out.rowsLeftOut++;
      return;
    }
    out.rows.push(cells);
    out.issues.push(...issues);
  };

  // The sheet is read as it inflates, a row at a time: memory holds one part of it, not the sheet.
  const decoder = new TextDecoder();
  let pending = "";
  for await (const part of unpack(bytes, sheet, budget)) {
    pending += decoder.decode(part, { stream: true });
    let from = 0;
    for (;;) {
      ROW_START.lastIndex = from;
      const open = ROW_START.exec(pending)?.index;
      if (open === undefined) break;
      const selfClosed = pending.indexOf("/>", open);
      const tagEnd = pending.indexOf(">", open);
      if (tagEnd === -1) break;
      if (selfClosed !== -1 && selfClosed + 1 === tagEnd) {
        from = tagEnd + 1;
        continue;
      }
      const close = pending.indexOf(ROW_END, tagEnd);
      if (close === -1) break;
      readRow(pending.slice(tagEnd + 1, close));
      from = close + ROW_END.length;
    }
    pending = pending.slice(from);
    // A single row larger than a whole sheet of contacts is not one.
    if (pending.length > MAX_UNPACKED_BYTES / 4) throw new SpreadsheetRefused(TOO_LARGE);
  }
  return out;
}

/** A zip file's first bytes: an .xlsx whatever its name says. */
export const isZip = (bytes: Uint8Array) => u32(bytes, 0) === 0x04034b50;
