import { strToU8, zipSync } from "fflate";
import { escapeXml } from "../text/escape";
import { DAY_MS } from "../time/days";
import { concatBytes } from "./bytes";

/**
 * A minimal Office Open XML workbook: one sheet whose every cell is an inline string with the Text
 * number format (@), so no value is ever read as a number, a date or a formula; only columns a caller names as
 * dates hold date serials. fflate zips a small
 * workbook whole; a streamed one is deflated by the runtime (0163). 0061 says why this is not a spreadsheet library.
 */

const xml = escapeXml;

const MAX_CELL = 32_767; // Excel's limit for one cell's text.

/** Leading or trailing white space, which an XML reader drops unless the text says to keep it. */
const EDGE_SPACE = /^\s|\s$/;

/**
 * One row: cells carry no reference (each follows the one before, as the format allows) and no style
 * (the default style is Text), and an empty cell is `<c/>`: a third of the bytes to build and deflate.
 */
function rowXml(cells: string[], r: number, dates?: ReadonlySet<number>): string {
  let out = `<row r="${r}">`;
  for (const [i, cell] of cells.entries()) {
    if (!cell) {
      out += "<c/>";
      continue;
    }
    const serial = dates?.has(i) ? dateSerial(cell) : null;
    if (serial !== null) {
      out += `<c s="1"><v>${serial}</v></c>`;
      continue;
    }
    const text = cell.length > MAX_CELL ? cell.slice(0, MAX_CELL) : cell;
    out += `<c t="inlineStr"><is>${EDGE_SPACE.test(text) ? '<t xml:space="preserve">' : "<t>"}${xml(text)}</t></is></c>`;
  }
  return `${out}</row>`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/**
 * A wall time ("2026-11-29 14:05", or a day) as a spreadsheet's date serial (days since 1899-12-30), or null for
 * any other text: a date column's cell a spreadsheet can sort and filter as a date.
 */
function dateSerial(text: string): number | null {
  const m = WALL_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0"] = m;
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  return Number.isFinite(at) ? Math.round((at / DAY_MS + 25_569) * 1e6) / 1e6 : null;
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_TAIL = "</sheetData></worksheet>";
const SHEET_PATH = "xl/worksheets/sheet1.xml";

/** Everything in the package but the sheet itself. */
function packageFiles(sheetName: string): Record<string, string> {
  return {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    // The default style (0) applies number format 49, "@": Text, so no cell needs a style of its own.
    "xl/styles.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  };
}

/** A small workbook; `dates` names the columns whose wall times ("2026-11-29 14:05") are written as dates. */
export function toXlsx(rows: string[][], sheetName = "People", dates?: ReadonlySet<number>): Uint8Array {
  const files: Record<string, Uint8Array> = Object.fromEntries(
    Object.entries(packageFiles(sheetName)).map(([name, text]) => [name, strToU8(text)]),
  );
  files[SHEET_PATH] = strToU8(
    SHEET_HEAD + rows.map((cells, r) => rowXml(cells, r + 1, r === 0 ? undefined : dates)).join("") + SHEET_TAIL,
  );
  return zipSync(files, { level: 6 });
}

/** gzip's fixed header as the runtime's compressor writes it: no name, no extra field, no comment. */
const GZIP_HEAD = 10;
/** gzip's trailer: CRC-32 and size of the input, little-endian: exactly what a zip entry records. */
const GZIP_TAIL = 8;

/**
 * One file's bytes deflated by the runtime's own zlib (CompressionStream), not by JavaScript. gzip is
 * raw deflate between a header and a trailer holding the CRC-32 and size, so the body is yielded as the
 * zip's data and the trailer returned for the zip's data descriptor: no CRC computed in JavaScript.
 */
async function* nativeDeflate(parts: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array, Uint8Array> {
  const gzip = new CompressionStream("gzip");
  const writer = gzip.writable.getWriter();
  const feeding = (async () => {
    try {
      for await (const part of parts) await writer.write(part as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => {});
      throw error;
    }
  })();
  // Awaited below; a failure also reaches the reader, which throws it first.
  feeding.catch(() => {});
  const reader = gzip.readable.getReader();
  let head = 0;
  let held = new Uint8Array(0);
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      let chunk = value;
      if (head < GZIP_HEAD) {
        const skip = Math.min(GZIP_HEAD - head, chunk.byteLength);
        // FLG, the fourth byte, must be zero: a name or comment would lengthen the header.
        if (head <= 3 && 3 < head + skip && chunk[3 - head] !== 0) throw new Error("unexpected gzip header");
        head += skip;
        chunk = chunk.subarray(skip);
      }
      const all = held.byteLength ? concatBytes([held, chunk]) : chunk;
      const keep = Math.max(0, all.byteLength - GZIP_TAIL);
      if (keep) yield all.subarray(0, keep);
      held = all.slice(keep);
    }
    finished = true;
  } finally {
    // A consumer that stops early (the client went away) cancels the compressor, which ends the feeding.
    if (!finished) await reader.cancel().catch(() => {});
  }
  await feeding;
  if (held.byteLength !== GZIP_TAIL) throw new Error("gzip stream ended early");
  return held;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/** Local file header: bit 3 set, so CRC and sizes follow the data in a descriptor. */
function localHeader(name: Uint8Array): Uint8Array {
  const b = new Uint8Array(30 + name.byteLength);
  const v = new DataView(b.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true); // version needed: deflate
  v.setUint16(6, 0x0008, true);
  v.setUint16(8, 8, true); // method: deflate
  v.setUint16(12, 0x21, true); // 1980-01-01: the date is not data
  v.setUint16(26, name.byteLength, true);
  b.set(name, 30);
  return b;
}

type Entry = { name: Uint8Array; crc: number; compressed: number; size: number; offset: number };

function centralDirectory(entries: Entry[], at: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const e of entries) {
    const b = new Uint8Array(46 + e.name.byteLength);
    const v = new DataView(b.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, 20, true);
    v.setUint16(6, 20, true);
    v.setUint16(8, 0x0008, true);
    v.setUint16(10, 8, true);
    v.setUint16(14, 0x21, true);
    v.setUint32(16, e.crc, true);
    v.setUint32(20, e.compressed, true);
    v.setUint32(24, e.size, true);
    v.setUint16(28, e.name.byteLength, true);
    v.setUint32(42, e.offset, true);
    b.set(e.name, 46);
    parts.push(b);
    size += b.byteLength;
  }
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, entries.length, true);
  v.setUint16(10, entries.length, true);
  v.setUint32(12, size, true);
  v.setUint32(16, at, true);
  parts.push(end);
  return concatBytes(parts);
}

/**
 * The same workbook written as its rows arrive, page by page: each part of the package is deflated by
 * the runtime's zlib as it goes (sizes in data descriptors), so memory holds a page of rows and the
 * compressor's window, not the sheet. Decision 0163 has why and the measured cost.
 */
export async function* xlsxParts(pages: AsyncIterable<string[][]>, sheetName = "People"): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const entries: Entry[] = [];
  let offset = 0;
  async function* entry(path: string, body: AsyncIterable<Uint8Array>) {
    const name = encoder.encode(path);
    const header = localHeader(name);
    yield header;
    const data = nativeDeflate(body);
    let compressed = 0;
    let step = await data.next();
    while (!step.done) {
      compressed += step.value.byteLength;
      yield step.value;
      step = await data.next();
    }
    const trailer = new DataView(step.value.buffer, step.value.byteOffset, GZIP_TAIL);
    const crc = trailer.getUint32(0, true);
    const size = trailer.getUint32(4, true);
    const descriptor = new Uint8Array(16);
    const v = new DataView(descriptor.buffer);
    v.setUint32(0, 0x08074b50, true);
    v.setUint32(4, crc, true);
    v.setUint32(8, compressed, true);
    v.setUint32(12, size, true);
    yield descriptor;
    entries.push({ name, crc, compressed, size, offset });
    offset += header.byteLength + compressed + descriptor.byteLength;
  }
  const small: Uint8Array[] = [];
  for (const [path, text] of Object.entries(packageFiles(sheetName)))
    for await (const part of entry(path, once(encoder.encode(text)))) small.push(part);
  yield concatBytes(small);
  let r = 0;
  const sheet = (async function* () {
    yield encoder.encode(SHEET_HEAD);
    for await (const rows of pages) {
      let text = "";
      for (const cells of rows) text += rowXml(cells, ++r);
      yield encoder.encode(text);
    }
    yield encoder.encode(SHEET_TAIL);
  })();
  for await (const part of entry(SHEET_PATH, sheet)) yield part;
  yield centralDirectory(entries, offset);
}
