import Papa from "papaparse";
import { decodeFile, detectEncoding } from "../formats/charset";
import { isEmailOptIn, OPT_IN_YES } from "../formats/csv-read";
import { CURRENCIES, exponent } from "../money";
import { hex as bytesToHex } from "../text/hex";
import type { GIFT_METHOD_LABELS } from "./donation";
import { giftRowSchema } from "./gift-forms";

/**
 * Gifts exported from Givebutter, Donorbox or Stripe (or any spreadsheet), read into rows a campaign can
 * take: the export is recognised by its header, every other layout gets a guessed column mapping the
 * owner can change, and every row is checked by the hand-gift form's own rules (no I/O here).
 */

export const MAX_GIFT_FILE_BYTES = 5_000_000;
export const MAX_GIFT_ROWS = 20_000;
export const FILE_TOO_LARGE = "That file is larger than 5 MB; split it into smaller files and import each one";
export const TOO_MANY_ROWS = `That file has more than ${MAX_GIFT_ROWS.toLocaleString("en-US")} gifts; split it into smaller files and import each one`;

export const GIFT_FIELDS = [
  "amount",
  "currency",
  "date",
  "email",
  "firstName",
  "lastName",
  "name",
  "phone",
  "campaign",
  "method",
  "recurring",
  "externalId",
  "note",
  "status",
  "refunded",
  "thanked",
  "optIn",
] as const;
export type GiftField = (typeof GIFT_FIELDS)[number];
/** Which column (by index) holds each field; a field without a column is absent. */
export type GiftMapping = Partial<Record<GiftField, number>>;

export const GIFT_FIELD_LABELS: Record<GiftField, string> = {
  amount: "Amount",
  currency: "Currency",
  date: "Date",
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  name: "Full name",
  phone: "Phone",
  campaign: "Campaign (in the file)",
  method: "Payment method",
  recurring: "Recurring",
  externalId: "Transaction id",
  note: "Note",
  status: "Status",
  refunded: "Refunded",
  thanked: "Thanked",
  optIn: "Agreed to email",
};

export const PROVIDERS = ["givebutter", "donorbox", "stripe", "knowwho", "file"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_LABELS: Record<Provider, string> = {
  givebutter: "Givebutter transactions export",
  donorbox: "Donorbox donations export",
  stripe: "Stripe payments export",
  knowwho: "KnowWho gift export",
  file: "CSV file",
};

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");

/** Header words each field goes by, in the order a guess prefers them (see tests/fixtures/gifts/README.md). */
const SYNONYMS: Record<GiftField, string[]> = {
  amount: ["amount", "donation amount", "gift amount", "total", "gross amount", "amount donated", "donated"],
  currency: ["currency", "donation currency"],
  date: [
    "date",
    "created (utc)",
    "created",
    "created date (utc)",
    "transaction date (utc)",
    "transaction date",
    "donation date",
    "donated at",
    "gift date",
  ],
  email: ["email", "donor email", "customer email", "email address", "e-mail"],
  firstName: ["first name", "donor's first name", "donor first name", "given name", "firstname"],
  lastName: ["last name", "donor's last name", "donor last name", "family name", "surname", "lastname"],
  name: ["name", "full name", "donor name", "donor", "customer name", "customer description", "supporter name"],
  phone: ["phone", "phone number", "donor phone", "mobile", "telephone"],
  campaign: ["campaign", "campaign title", "campaign name", "fund", "designation"],
  method: ["method", "payment method", "donation type", "payment type", "card brand"],
  recurring: ["recurring", "recurring donation", "frequency", "is recurring", "interval"],
  externalId: [
    // Our own export's column: the gift's stored key, taken as it is so a re-import finds the same gift.
    "gift key",
    "transaction id",
    "id",
    "donation id",
    "receipt id",
    "stripe charge id",
    "charge id",
    "paymentintent id",
    "gift id",
    "reference",
  ],
  note: ["note", "notes", "comment", "donor comment", "message", "description", "dedication"],
  status: ["status", "transaction status", "payment status"],
  refunded: ["amount refunded", "refunded", "refund amount", "refunded amount", "is refunded"],
  thanked: ["thanked", "thanked on", "acknowledged", "acknowledged on", "thank you sent", "receipt sent"],
  // Guessed by the contact import's own rule (decision 0179), not by a list of words: see guessMapping.
  optIn: [],
};

/** The provider an export came from, by columns only it has; null for anything else. */
export function recogniseProvider(headers: string[]): Provider {
  const h = new Set(headers.map(norm));
  if (h.has("gift key")) return "knowwho";
  if (h.has("created (utc)") && h.has("amount refunded") && (h.has("id") || h.has("paymentintent id"))) return "stripe";
  if (h.has("donor email") && (h.has("stripe charge id") || h.has("donation date") || h.has("donor first name")))
    return "donorbox";
  if (h.has("transaction id") && (h.has("campaign title") || h.has("campaign code") || h.has("fund code")))
    return "givebutter";
  return "file";
}

/** A column for each field, by the first synonym some header matches exactly. */
export function guessMapping(headers: string[]): GiftMapping {
  const names = headers.map(norm);
  const taken = new Set<number>();
  const mapping: GiftMapping = {};
  for (const field of GIFT_FIELDS) {
    for (const word of SYNONYMS[field]) {
      const at = names.findIndex((n, i) => n === word && !taken.has(i));
      if (at !== -1) {
        mapping[field] = at;
        taken.add(at);
        break;
      }
    }
  }
  // An opt-in column is one that asks about email and names it (Donorbox's "Join Mailing List"), never SMS or post.
  const optIn = headers.findIndex((h, i) => !taken.has(i) && isEmailOptIn(h));
  if (optIn !== -1) mapping.optIn = optIn;
  // A full name and first/last both present: the structured parts win, the full name stays as a fallback.
  return mapping;
}

/** The file's columns that no field reads, by name, so the preview can say what the import leaves behind. */
export function droppedColumns(headers: string[], mapping: GiftMapping): string[] {
  const used = new Set(Object.values(mapping));
  return headers.flatMap((h, i) => (used.has(i) ? [] : [h.trim() || `Column ${i + 1}`]));
}

export type GiftTable = {
  encoding: string;
  headers: string[];
  /** Data rows with their 1-based line in the file. */
  rows: { row: number; cells: string[] }[];
  /** Rows the CSV reader could not read (a broken quote swallows the rows after it). */
  broken: { row: number; message: string }[];
};

/** Reads the file's bytes into a table; a file with no header row we can read answers an error message. */
export function readGiftTable(bytes: Uint8Array): GiftTable | { error: string } {
  if (bytes.length > MAX_GIFT_FILE_BYTES) return { error: FILE_TOO_LARGE };
  const encoding = detectEncoding(bytes);
  const text = decodeFile(bytes, encoding);
  if (text.includes("\0")) return { error: "That file is not a CSV file; export it as CSV and try again" };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const data = parsed.data;
  const headerAt = data.findIndex((r) => r.filter((c) => c.trim()).length >= 2);
  if (headerAt === -1 || headerAt > 20)
    return { error: "No header row with column names (such as Amount, Date and Email) was found" };
  const headers = (data[headerAt] ?? []).map((h) => h.replace(/^\uFEFF/, "").trim());
  if (data.length - headerAt - 1 > MAX_GIFT_ROWS) return { error: TOO_MANY_ROWS };
  const brokenAt = new Map<number, string>();
  for (const e of parsed.errors)
    if (e.row !== undefined && e.type === "Quotes")
      brokenAt.set(e.row, `${e.message}: this row and the ones it swallowed cannot be read`);
  const rows: GiftTable["rows"] = [];
  const broken: GiftTable["broken"] = [];
  for (let i = headerAt + 1; i < data.length; i++) {
    const message = brokenAt.get(i);
    if (message) broken.push({ row: i + 1, message });
    else rows.push({ row: i + 1, cells: (data[i] ?? []).map((c) => c.trim()) });
  }
  return { encoding, headers, rows, broken };
}

/** "2024-03-14 10:22:01", "2024-03-14T10:22Z", "3/14/2024 10:22 AM", "14/03/2024", "Mar 14, 2024" → "2024-03-14". */
export function parseGiftDate(input: string): string | null {
  const v = input.trim();
  const ok = (y: number, m: number, d: number) => {
    const iso = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    const back = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(back.getTime()) && back.getUTCMonth() + 1 === m && back.getUTCDate() === d ? iso : null;
  };
  let m = v.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/);
  if (m) return ok(Number(m[1]), Number(m[2]), Number(m[3]));
  m = v.match(/^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:[\s,T].*)?$/);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // US month first, as the three exports write it; a first number over 12 can only be a day.
    return a > 12 ? ok(Number(m[3]), b, a) : ok(Number(m[3]), a, b);
  }
  m = v.match(/^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})(?:[\s,].*)?$/) ?? null;
  const d = m ? null : v.match(/^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})(?:[\s,].*)?$/);
  const [month, day, year] = m ? [m[1], m[2], m[3]] : d ? [d[2], d[1], d[3]] : [];
  if (month && day && year) {
    const index = MONTHS.indexOf(month.slice(0, 3).toLowerCase());
    return index === -1 ? null : ok(Number(year), index + 1, Number(day));
  }
  return null;
}
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

type Method = keyof typeof GIFT_METHOD_LABELS;

export function methodOf(value: string, provider: Provider): Method {
  const v = value.trim().toLowerCase();
  if (!v) return provider === "stripe" ? "card" : "elsewhere";
  if (/cash/.test(v)) return "cash";
  if (/che(ck|que)/.test(v)) return "cheque";
  if (/ach|bank|transfer|wire|sepa|bacs|direct debit|us_bank/.test(v)) return "bank_transfer";
  if (/card|visa|master|amex|american express|discover|stripe|apple|google|link|credit|debit/.test(v)) return "card";
  return "elsewhere";
}

const YES = /^(y|yes|true|1|monthly|yearly|annually|weekly|quarterly|recurring|month|year)$/i;

export type RowProblem = { row: number; message: string; skipped: boolean };

export type ParsedGift = {
  row: number;
  amount: number;
  /** Part of the amount already refunded at the provider (a full refund skips the row instead). */
  refunded: number;
  currency: string;
  date: string;
  donorName: string;
  donorEmail: string;
  phone: string;
  method: Method;
  recurring: boolean;
  campaign: string;
  externalId: string;
  note: string;
  /** The day the file says the donor was thanked, or null when it says nothing (or no). */
  thanked: string | null;
  /** The donor's yes to email in the opt-in column's words ("Join Mailing List: yes"); null for anything else. */
  optIn: string | null;
};

/** Minor units of a refunded amount column ("12.50", "0", "yes"), relative to the gift's amount. */
function refundedOf(value: string, amount: number, currency: string): number | "all" {
  const v = value.trim().replace(/^[$€£¥]/, "");
  if (!v || /^(no|false|0|0\.0+|n)$/i.test(v)) return 0;
  if (/^(yes|true|y|refunded)$/i.test(v)) return "all";
  const n = Number(v.replace(/,/g, ""));
  if (!Number.isFinite(n) || n <= 0) return 0;
  const minor = Math.round(n * 10 ** exponent(currency));
  return minor >= amount ? "all" : minor;
}

const SKIP_STATUS = /fail|declin|cancel|void|pending|incomplete|disput|uncaptured|expired|requires|blocked|open/i;

/**
 * Each row as a gift or a problem. Errors (skipped: false) stop the import until fixed or skipped; rows
 * that are not gifts to record (refunded, failed, the same transaction twice) are skipped with a note.
 */
export function parseGiftRows(
  table: Pick<GiftTable, "rows" | "broken"> & { headers?: string[] },
  mapping: GiftMapping,
  provider: Provider,
  fallbackCurrency: string,
): { gifts: ParsedGift[]; errors: RowProblem[]; notes: RowProblem[] } {
  const gifts: ParsedGift[] = [];
  const errors: RowProblem[] = table.broken.map((b) => ({ ...b, skipped: false }));
  const notes: RowProblem[] = [];
  const seenIds = new Map<string, number>();
  const cell = (cells: string[], field: GiftField) => {
    const at = mapping[field];
    return at === undefined ? "" : (cells[at] ?? "").trim();
  };
  for (const { row, cells } of table.rows) {
    if (cells.every((c) => !c)) continue;
    const status = cell(cells, "status");
    if (/refund/i.test(status)) {
      notes.push({ row, message: "Refunded; skipped", skipped: true });
      continue;
    }
    if (status && SKIP_STATUS.test(status)) {
      notes.push({ row, message: `Status “${status.slice(0, 30)}”, not a completed gift; skipped`, skipped: true });
      continue;
    }
    const rawCurrency = cell(cells, "currency").toUpperCase();
    const currency = rawCurrency || fallbackCurrency;
    if (!(CURRENCIES as readonly string[]).includes(currency)) {
      errors.push({
        row,
        message: `Currency “${rawCurrency.slice(0, 12)}” is not one we record (${CURRENCIES.join(", ")})`,
        skipped: false,
      });
      continue;
    }
    const rawAmount = cell(cells, "amount");
    const rawDate = cell(cells, "date");
    const date = parseGiftDate(rawDate);
    const first = cell(cells, "firstName");
    const last = cell(cells, "lastName");
    const donorName = [first, last].filter(Boolean).join(" ") || cell(cells, "name");
    const problems: string[] = [];
    const bare = rawAmount.replace(/^[$€£¥]/, "");
    if (!rawAmount) problems.push("Amount is missing");
    else if (/^-/.test(bare) || /^0*(\.0*)?$/.test(bare))
      problems.push(`Amount “${rawAmount.slice(0, 20)}” is not positive`);
    else if (exponent(currency) === 0 && /\.\d*[1-9]/.test(rawAmount))
      problems.push(`Amount “${rawAmount.slice(0, 20)}” has decimals; ${currency} has no minor unit`);
    else if (new RegExp(`\\.\\d{${exponent(currency) + 1},}$`).test(rawAmount))
      problems.push(`Amount “${rawAmount.slice(0, 20)}” has more decimals than ${currency} allows`);
    if (!rawDate) problems.push("Date is missing");
    else if (!date) problems.push(`Date “${rawDate.slice(0, 30)}” is not a date we can read`);
    const checked = giftRowSchema.safeParse({
      donorName: donorName.slice(0, 200),
      donorEmail: cell(cells, "email").slice(0, 300),
      currency,
      amount: rawAmount,
      note: cell(cells, "note"),
      date: date ?? "1900-01-01",
    });
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (field === "amount" && problems.some((p) => p.startsWith("Amount"))) continue;
        if (field === "date" && !date) continue;
        if (field === "donorName") problems.push("No email and no name: the gift needs a donor");
        else if (field === "donorEmail")
          problems.push(`Email “${cell(cells, "email").slice(0, 60)}”: ${issue.message}`);
        else if (field === "amount") problems.push(`Amount “${rawAmount.slice(0, 20)}”: ${issue.message}`);
        else problems.push(issue.message);
      }
    if (problems.length || !checked.success) {
      for (const message of [...new Set(problems)]) errors.push({ row, message, skipped: false });
      continue;
    }
    const v = checked.data;
    const refunded = refundedOf(cell(cells, "refunded"), v.amount, currency);
    if (refunded === "all") {
      notes.push({ row, message: "Refunded; skipped", skipped: true });
      continue;
    }
    // Our own keys run longer than a provider's ids; a provider's stay cut where earlier imports cut them.
    const externalId = cell(cells, "externalId").slice(0, provider === "knowwho" ? 200 : 120);
    if (externalId) {
      const twin = seenIds.get(externalId);
      if (twin !== undefined) {
        notes.push({ row, message: `Same transaction as row ${twin}; skipped`, skipped: true });
        continue;
      }
      seenIds.set(externalId, row);
    }
    gifts.push({
      row,
      amount: v.amount,
      refunded,
      currency,
      date: v.date,
      donorName: v.donorName.slice(0, 120),
      donorEmail: v.donorEmail,
      phone: cell(cells, "phone").slice(0, 40),
      method: methodOf(cell(cells, "method"), provider),
      recurring: YES.test(cell(cells, "recurring")),
      campaign: cell(cells, "campaign").slice(0, 120),
      externalId,
      note: v.note,
      thanked: thankedOn(cell(cells, "thanked"), v.date),
      optIn: optInOf(table.headers?.[mapping.optIn ?? -1] ?? "", cell(cells, "optIn")),
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { gifts, errors, notes };
}

/** Only a yes is consent (decision 0179): a no, an unsubscribed or an empty cell records nothing. */
const optInOf = (header: string, value: string) =>
  OPT_IN_YES.test(value) ? `${header || "Agreed to email"}: ${value}`.slice(0, 200) : null;

/** A "Thanked" cell: a date is that day, a yes is the gift's own day, anything else is not thanked. */
function thankedOn(value: string, giftDate: string): string | null {
  if (!value || /^(no|n|false|0)$/i.test(value)) return null;
  if (/^(y|yes|true|1|thanked)$/i.test(value)) return giftDate;
  return parseGiftDate(value);
}

/**
 * The gift's once-only key: our own export's key as written (it is the key the gift is stored under),
 * else the provider's transaction id, else a digest of what the row says.
 */
export async function giftKey(provider: Provider, gift: ParsedGift, occurrence: number): Promise<string> {
  if (gift.externalId && provider === "knowwho") return gift.externalId;
  if (gift.externalId) return `import:${provider}:${gift.externalId}`;
  const content = [gift.date, gift.amount, gift.currency, gift.donorEmail, gift.donorName.toLowerCase(), occurrence];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(content)));
  const hex = bytesToHex(new Uint8Array(digest).subarray(0, 12));
  return `import:${provider}:row-${hex}`;
}
