import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import { escapeXml } from "./escape";

/**
 * A minimal Office Open XML workbook: one sheet whose every cell is an inline string with the Text
 * number format (@), so no value is ever read as a number, a date or a formula. fflate does the zip;
 * docs/decisions/0061 says why this is not a spreadsheet library.
 */

const xml = escapeXml;

function columnName(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

const MAX_CELL = 32_767; // Excel's limit for one cell's text.

const rowXml = (cells: string[], r: number) =>
  `<row r="${r}">${cells
    .map(
      (value, c) =>
        `<c r="${columnName(c)}${r}" s="1" t="inlineStr"><is><t xml:space="preserve">${xml(value.slice(0, MAX_CELL))}</t></is></c>`,
    )
    .join("")}</row>`;

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
    // Style 1 applies number format 49, "@": Text.
    "xl/styles.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  };
}

export function toXlsx(rows: string[][], sheetName = "People"): Uint8Array {
  const files: Record<string, Uint8Array> = Object.fromEntries(
    Object.entries(packageFiles(sheetName)).map(([name, text]) => [name, strToU8(text)]),
  );
  files[SHEET_PATH] = strToU8(SHEET_HEAD + rows.map((cells, r) => rowXml(cells, r + 1)).join("") + SHEET_TAIL);
  return zipSync(files, { level: 6 });
}

/**
 * The same workbook written as its rows arrive, page by page: the zip is deflated as it goes (sizes in
 * data descriptors), so memory holds one page of rows and the compressor's window, not the sheet.
 */
export async function* xlsxParts(pages: AsyncIterable<string[][]>, sheetName = "People"): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const take = () => {
    if (failure) throw failure;
    const size = out.reduce((n, part) => n + part.byteLength, 0);
    const joined = new Uint8Array(size);
    let at = 0;
    for (const part of out) {
      joined.set(part, at);
      at += part.byteLength;
    }
    out = [];
    return joined;
  };
  for (const [name, text] of Object.entries(packageFiles(sheetName))) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate(SHEET_PATH, { level: 6 });
  zip.add(sheet);
  sheet.push(strToU8(SHEET_HEAD));
  let r = 0;
  for await (const rows of pages) {
    sheet.push(strToU8(rows.map((cells) => rowXml(cells, ++r)).join("")));
    const part = take();
    if (part.byteLength) yield part;
  }
  sheet.push(strToU8(SHEET_TAIL), true);
  zip.end();
  yield take();
}
