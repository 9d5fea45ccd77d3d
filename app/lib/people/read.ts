import type { PersonDraft } from "./draft";

/** What every file reader (vCard, CSV) hands the import: people in file order and every problem by row. */
export type ReadPerson = { row: number; draft: PersonDraft };
/** `skipped`: the row yields no person; otherwise the person is kept and the message says what was dropped. */
export type RowProblem = { row: number; message: string; skipped: boolean };
export type ReadResult = {
  /** The layout recognised: "vcard", "google", "google-legacy", "outlook", "linkedin", "hubspot", "generic". */
  format: string;
  /** The character encoding the file was read in. */
  encoding: string;
  people: ReadPerson[];
  problems: RowProblem[];
};
