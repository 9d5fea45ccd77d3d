import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvLines, guardFormula, rowsToCsv, unguardFormula } from "~/lib/formats/csv-write";

/**
 * The exports' own CSV quoting (it replaced papaparse's unparse on the hot path, 0166): every field
 * quoted, a quote doubled, commas, CR and LF kept inside the quotes; read back by Python's csv module
 * (a reader we did not write) to exactly the cells written.
 */

const work = mkdtempSync(path.join(tmpdir(), "knowwho-csv-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HOSTILE = [
  "",
  "plain",
  'say "hi"',
  '"',
  '""',
  '"quoted"',
  ",",
  "a, b, c",
  "two\nlines",
  "two\r\nlines",
  "carriage\rreturn",
  "\r\n",
  "  spaced  ",
  "=1+1",
  "+SUM(A1:A2)",
  "-2+3",
  "@SUM(1,1)",
  "\t=1+1",
  "\r=cmd|' /C calc'!A0",
  "'=already guarded",
  "''=twice",
  '=HYPERLINK("http://evil.example","x")',
  "+41446681800",
  "+44 7700 900123",
  "-12.5",
  "0042",
  "Zoë Ørsted 😀 日本",
  "semi;colon\ttab",
];

/** What Python's csv module reads from a file: its rows, as JSON. */
function pythonReads(text: string): string[][] {
  const file = path.join(work, `read-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, text);
  const run = spawnSync(
    "python3",
    [
      "-c",
      "import csv, json, sys\nprint(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8-sig')))))",
      file,
    ],
    { encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`python3 could not read the file: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

describe("CSV quoting", () => {
  it("writes byte for byte what papaparse's unparse (quotes on, CRLF) wrote", () => {
    const rows = [HOSTILE, HOSTILE.slice().reverse(), ["only one"], HOSTILE.map(guardFormula)];
    expect(csvLines(rows)).toBe(`${Papa.unparse(rows, { newline: "\r\n", quotes: true })}\r\n`);
    expect(csvLines([])).toBe("");
    expect(csvField('a"b,c')).toBe('"a""b,c"');
  });

  it("reads back in Python's csv module as exactly the cells written, quotes, commas and line breaks included", () => {
    const rows = [HOSTILE, HOSTILE.slice().reverse(), HOSTILE.map((v, i) => `${i}:${v}`)];
    expect(pythonReads(CSV_BOM + csvLines(rows))).toEqual(rows);
  });

  it("guards every formula start, and the guard comes off on reading back to give the value as typed", () => {
    const fields = ["Name", "=Header", "Notes"];
    const rows = [HOSTILE.slice(0, 3), ...HOSTILE.map((v) => [v, `x${v}`, v])];
    const read = pythonReads(rowsToCsv(fields, rows));
    expect(read).toHaveLength(rows.length + 1);
    expect(read[0]).toEqual(["Name", "'=Header", "Notes"]);
    for (const row of read.slice(1))
      for (const cell of row) expect(/^[=+\-@\t\r]/.test(cell) && !/^(\+[\d ]+|-\d+(\.\d+)?)$/.test(cell)).toBe(false);
    expect(read.slice(1).map((r) => r.map(unguardFormula))).toEqual(rows);
  });
});
