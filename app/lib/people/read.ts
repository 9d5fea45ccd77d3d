import type { PersonDraft } from "./draft";

/** What every file reader (vCard, CSV) hands the import: people in file order and every problem by row. */
export type ReadPerson = {
  row: number;
  draft: PersonDraft;
  /** The opt-in to email the row answered yes to, in the column's words ("Join Mailing List: yes"). */
  optIn?: string;
};
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
  /** A table's columns with the field guessed for each, for the mapping step (absent for vCards). */
  columns?: ColumnGuess[];
  /** The table's header row (zero-based), which a mapping is made on. */
  headerRow?: number;
};

/** A column of a spreadsheet as the mapping step shows it: its header, the field we guess, sample values. */
export type ColumnGuess = {
  header: string;
  /** A field of MAPPING_CHOICES, "file" (kept as the file's own layout names it) or "" (not kept). */
  guess: string;
  /** The header in English as the reader classifies it (a Google "E-mail 1 - Value"), for a "file" guess. */
  english: string;
  samples: string[];
};

/** A mapping the person chose: one entry per column, as ColumnGuess.guess. */
export type ColumnMapping = string[];

/** Something wrong with one cell, found before the row is read (a formula, a cell past a cell's size). */
export type CellIssue =
  | { row: number; column: number; kind: "formula"; formula: string }
  | {
      row: number;
      column: number;
      kind: "huge";
      length: number;
    };
