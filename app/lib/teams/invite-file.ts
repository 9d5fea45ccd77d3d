import Papa from "papaparse";
import { decodeFile } from "../formats/charset";
import { isEmail, MESSAGES } from "../forms/fields";

/** Inviting by a file of addresses (decision 0211): reading it, and what each row will do. */

/** The most addresses one file invites; the page says so before anything is sent. */
export const MAX_INVITE_ROWS = 200;
/** 200 addresses of 254 characters each, with a header and line breaks, fit well under this. */
export const MAX_INVITE_FILE_BYTES = 100_000;
/** The most invitations a team sends in a day, one at a time and by file together. */
export const INVITATIONS_PER_DAY = 500;

export const INVITE_FILE_MESSAGES = {
  choose: "Choose a .csv or .txt file of email addresses.",
  tooLarge: `That file is too large: a list of ${MAX_INVITE_ROWS} addresses fits in 100 KB.`,
  notText: "That file is not text: choose a .csv or .txt file with one email address a line.",
  empty: "That file has no email addresses in it.",
  columns: 'Put one email address on each line, or name the column of addresses "email" in the first row.',
  tooMany: (n: number) =>
    `That file lists ${n} addresses: invite at most ${MAX_INVITE_ROWS} at once, so split it into smaller files.`,
};

export type InviteRow = { line: number; email: string };
export type ReadInviteFile = { ok: true; rows: InviteRow[] } | { ok: false; message: string };

const HEADER = /^e-?mail(?:[ _-]?address)?$/i;
// Bytes no text file holds (tab, CR and LF aside): an image, a spreadsheet's zip, a PDF.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * The separator the first line uses most (a spreadsheet in much of Europe writes semicolons): papaparse's own guess
 * wants every line to agree, and a blank line in the list made it read a two-column file as one column.
 */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 20).find((l) => l.trim()) ?? "";
  const count = (d: string) => first.split(d).length - 1;
  return [";", "\t"].reduce((best, d) => (count(d) > count(best) ? d : best), ",");
}

/** The addresses a file lists, each with its line; or why the file cannot be read, in words for the page. */
export function readInviteFile(bytes: Uint8Array): ReadInviteFile {
  if (bytes.byteLength === 0) return { ok: false, message: INVITE_FILE_MESSAGES.empty };
  if (bytes.byteLength > MAX_INVITE_FILE_BYTES) return { ok: false, message: INVITE_FILE_MESSAGES.tooLarge };
  const text = decodeFile(bytes);
  if (BINARY.test(text)) return { ok: false, message: INVITE_FILE_MESSAGES.notText };
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false });
  const lines = parsed.data.map((cells) => cells.map((c) => c.trim()));
  const headerAt = lines[0]?.findIndex((c) => HEADER.test(c)) ?? -1;
  const column = Math.max(headerAt, 0);
  const rows: InviteRow[] = [];
  for (let i = headerAt >= 0 ? 1 : 0; i < lines.length; i++) {
    const cells = lines[i] ?? [];
    if (headerAt < 0 && cells.filter(Boolean).length > 1) return { ok: false, message: INVITE_FILE_MESSAGES.columns };
    const email = cells[column] ?? "";
    if (email) rows.push({ line: i + 1, email: email.replace(/^mailto:/i, "").replace(/^<(.*)>$/, "$1") });
  }
  if (rows.length === 0) return { ok: false, message: INVITE_FILE_MESSAGES.empty };
  if (rows.length > MAX_INVITE_ROWS) return { ok: false, message: INVITE_FILE_MESSAGES.tooMany(rows.length) };
  return { ok: true, rows };
}

export type RowVerdict = "invite" | "invalid" | "member" | "duplicate";
export type CheckedRow = InviteRow & { verdict: RowVerdict; reason: string };

/**
 * What each row will do: invite, or not and why: the single invitation's words for an address that is not one
 * ("Please enter a valid email address") or is in the team already; the first of two equal addresses counts.
 */
export function checkInviteRows(rows: InviteRow[], members: ReadonlySet<string>, waiting: ReadonlySet<string>) {
  const seen = new Map<string, number>();
  return rows.map((row): CheckedRow => {
    const key = row.email.toLowerCase();
    if (row.email.length > 254 || !isEmail(row.email)) return { ...row, verdict: "invalid", reason: MESSAGES.email };
    const first = seen.get(key);
    if (first !== undefined) return { ...row, verdict: "duplicate", reason: `Listed twice: line ${first} has it` };
    seen.set(key, row.line);
    if (members.has(key)) return { ...row, verdict: "member", reason: `${row.email} is in the team already` };
    return {
      ...row,
      verdict: "invite",
      reason: waiting.has(key) ? "Will be invited again: the link sent before stops working" : "Will be invited",
    };
  });
}
