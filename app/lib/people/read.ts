import type { PersonDraft } from "./draft";

/** What every file reader (vCard, CSV) hands the import: people in file order and every problem by row. */
export type ReadPerson = { row: number; draft: PersonDraft };
/**
 * `skipped`: the row yields no person; otherwise the person is kept and the message says what was dropped.
 * `rows`: how many rows a skipped problem stands for, from `row` on (the rows past a file's limit); 1 if absent.
 */
export type RowProblem = { row: number; message: string; skipped: boolean; rows?: number };

/** How many rows were left out: each skipped row once, a problem standing for many counted as many. */
export function skippedRows(problems: RowProblem[]): number {
  const rows = new Map<number, number>();
  for (const p of problems) if (p.skipped) rows.set(p.row, Math.max(rows.get(p.row) ?? 0, p.rows ?? 1));
  return [...rows.values()].reduce((n, r) => n + r, 0);
}
export type ReadResult = {
  /** The layout recognised: "vcard", "google", "google-legacy", "outlook", "linkedin", "hubspot", "generic". */
  format: string;
  /** The character encoding the file was read in. */
  encoding: string;
  people: ReadPerson[];
  problems: RowProblem[];
};
