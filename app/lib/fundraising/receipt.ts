import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { countryName } from "../billing/nonprofit-form";
import { emailField } from "../forms/fields";
import { tooLong } from "../forms/too-long";
import { formatMoney } from "../money";
import { escapeHtml } from "../text/escape";
import { dateTimeFormat } from "../time/time";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_OPTIONS = MONTHS.map((name, i) => ({ value: i + 1, name }));

/** The organisation profile for fundraising: the charity as its receipts and statements name it. */
export const organisationSchema = z.object({
  legalName: z
    .string({ error: "Enter the organisation's legal name" })
    .trim()
    .min(2, "Enter the organisation's legal name")
    .max(160, tooLong(160)),
  taxId: z
    .string()
    .trim()
    .max(60, tooLong(60))
    .regex(/^[\p{L}\p{N} ./-]*$/u, "Use letters, digits, spaces, dots, slashes and dashes only")
    .default(""),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => c === "" || (/^[A-Z]{2}$/.test(c) && isSupportedCountry(c)), "Choose a country from the list")
    .default(""),
  address: z.string().trim().max(500, tooLong(500)).default(""),
  // Where donors write to the charity from a campaign's page; kept as "" when not given, like the other fields.
  contactEmail: emailField.transform((v) => v ?? ""),
  receiptWording: z.string().trim().max(1000, tooLong(1000)).default(""),
  fiscalYearStart: z.coerce
    .number({ error: "Choose the month the fiscal year starts" })
    .int("Choose the month the fiscal year starts")
    .min(1, "Choose the month the fiscal year starts")
    .max(12, "Choose the month the fiscal year starts")
    .default(1),
});
export type Organisation = z.output<typeof organisationSchema>;

export const DEFAULT_RECEIPT_WORDING =
  "Please keep this email as your receipt. No goods or services were provided in exchange for this contribution.";

export const TAX_ID_NEEDS_COUNTRY = "Choose the country that issued this number";

/** A tax id means nothing without the country that issued it. */
export const organisationForm = organisationSchema.superRefine((o, ctx) => {
  if (o.taxId && !o.country) ctx.addIssue({ code: "custom", path: ["country"], message: TAX_ID_NEEDS_COUNTRY });
});

export type ReceiptGift = {
  amount: number;
  amountRefunded?: number;
  currency: string;
  date: string;
  recurring: boolean;
  feeCovered?: number | null;
  tributeKind?: "honour" | "memory" | null;
  tributeName?: string | null;
  donorName: string | null;
  donorAddress?: string | null;
  campaign: string | null;
  // A monthly gift's signed link for the donor to pause, resume or cancel it (mailed receipts only).
  manageUrl?: string | null;
};

export const MANAGE_LABEL = "Manage your monthly gift (pause, resume or cancel)";

/**
 * The words and formats of a receipt or statement: English here, the donor's language from
 * receipt-words.ts (the language they gave in). The organisation's own wording is never translated.
 */
export type ReceiptWords = {
  locale: string;
  receipt: string;
  organisation: string;
  taxId: string;
  address: string;
  donor: string;
  donorAddress: string;
  amount: string;
  frequency: string;
  monthly: string;
  oneTime: string;
  feeCovered: string;
  feeIncluded: (fee: string) => string;
  refunded: string;
  inMemory: string;
  inHonour: string;
  date: string;
  manage: string;
  /** Our default receipt wording, as a mail says it and as a printed page says it. */
  keepEmail: string;
  keepPrinted: string;
  statement: string;
  statementOf: (period: string) => string;
  calendarYear: (year: string) => string;
  fiscalYear: (year: string) => string;
  fiscalRange: (from: string, to: string) => string;
  gift: string;
  campaign: string;
  total: string;
  noGifts: string;
  noGiftsInPeriod: string;
  inMemoryOf: (name: string) => string;
  inHonourOf: (name: string) => string;
};

export const ENGLISH_RECEIPT_WORDS: ReceiptWords = {
  locale: "en-US",
  receipt: "Receipt",
  organisation: "Organisation",
  taxId: "Registration or tax id",
  address: "Address",
  donor: "Donor",
  donorAddress: "Donor address",
  amount: "Amount",
  frequency: "Frequency",
  monthly: "Monthly gift",
  oneTime: "One-time gift",
  feeCovered: "Processing fee covered by you",
  feeIncluded: (fee) => `${fee} (included in the amount)`,
  refunded: "Refunded",
  inMemory: "In memory of",
  inHonour: "In honour of",
  date: "Date",
  manage: MANAGE_LABEL,
  keepEmail: DEFAULT_RECEIPT_WORDING,
  keepPrinted:
    "Please keep this receipt for your records. No goods or services were provided in exchange for this contribution.",
  statement: "Giving statement",
  statementOf: (period) => `Giving statement: ${period}`,
  calendarYear: (year) => `Calendar year ${year}`,
  fiscalYear: (year) => `Fiscal year ${year}`,
  fiscalRange: (from, to) => `Fiscal year ${from} to ${to}`,
  gift: "Gift",
  campaign: "Campaign",
  total: "Total",
  noGifts: "no gifts",
  noGiftsInPeriod: "No gifts in this period.",
  inMemoryOf: (name) => `in memory of ${name}`,
  inHonourOf: (name) => `in honour of ${name}`,
};

export type ReceiptOrg = Pick<Organisation, "legalName" | "taxId" | "country" | "address" | "receiptWording">;

/** A day ("2026-11-28") as a letter writes it, in the reader's language: November 28, 2026 / 28. November 2026. */
export const longDate = (day: string, locale = "en-US") =>
  dateTimeFormat("UTC", { dateStyle: "long" }, locale).format(new Date(`${day}T12:00:00Z`));

/** A mailing's `{{last_gift}}` as a letter reads it: the day written out, never the stored ISO day. */
export const lastGiftText = (amount: number, currency: string, day: string) =>
  `${formatMoney(amount, currency)} on ${longDate(day)}`;

/** Who issues the receipt: the legal name, else the campaign's organisation; never the owner's own name. */
export function issuerLines(
  org: ReceiptOrg,
  fallbackName: string | null,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
): [string, string][] {
  const lines: [string, string][] = [[w.organisation, org.legalName || fallbackName || ""]];
  if (org.taxId) lines.push([w.taxId, org.country ? `${org.taxId} (${countryName(org.country)})` : org.taxId]);
  if (org.address) lines.push([w.address, oneLine(org.address)]);
  return lines;
}

const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ");

export const giftFrequency = (g: Pick<ReceiptGift, "recurring">, w: ReceiptWords = ENGLISH_RECEIPT_WORDS) =>
  g.recurring ? w.monthly : w.oneTime;

const money = (amount: number, currency: string, w: ReceiptWords) =>
  formatMoney(amount, currency, { locale: w.locale });

/**
 * The receipt for one gift, as label and value lines: every receipt (mail, printable page) is these,
 * so what a receipt says is decided here once.
 */
export function receiptLines(
  org: ReceiptOrg,
  g: ReceiptGift,
  fallbackName: string | null,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
): [string, string][] {
  const lines = issuerLines(org, fallbackName, w);
  if (g.donorName) lines.push([w.donor, g.donorName]);
  if (g.donorAddress) lines.push([w.donorAddress, oneLine(g.donorAddress)]);
  lines.push([w.amount, money(g.amount, g.currency, w)]);
  lines.push([w.frequency, giftFrequency(g, w)]);
  if (g.feeCovered) lines.push([w.feeCovered, w.feeIncluded(money(g.feeCovered, g.currency, w))]);
  if (g.amountRefunded) lines.push([w.refunded, money(g.amountRefunded, g.currency, w)]);
  if (g.tributeKind && g.tributeName) lines.push([g.tributeKind === "memory" ? w.inMemory : w.inHonour, g.tributeName]);
  lines.push([w.date, longDate(g.date, w.locale)]);
  if (g.manageUrl) lines.push([w.manage, g.manageUrl]);
  return lines;
}

/**
 * The organisation's receipt wording: their own words as written; our default in the reader's language,
 * and on a printed page it speaks of the receipt, not of an email.
 */
export function receiptWordingOf(org: ReceiptOrg, w: ReceiptWords, printed: boolean): string {
  if (org.receiptWording.trim() !== DEFAULT_RECEIPT_WORDING) return org.receiptWording;
  return printed ? w.keepPrinted : w.keepEmail;
}

/** The receipt as plain text, for the thank-you mail. */
export function receiptText(
  org: ReceiptOrg,
  g: ReceiptGift,
  fallbackName: string | null,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
): string {
  const lines = receiptLines(org, g, fallbackName, w).map(([k, v]) => `${k}: ${v}`);
  return [w.receipt, ...lines, receiptWordingOf(org, w, false)].filter(Boolean).join("\n");
}

/** A year of giving: the calendar year, or the fiscal year that starts in the given month of `year`. */
export function statementPeriod(
  year: number,
  basis: "calendar" | "fiscal",
  startMonth: number,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
) {
  const m = basis === "fiscal" ? startMonth : 1;
  const from = `${year}-${String(m).padStart(2, "0")}-01`;
  const end = new Date(Date.UTC(year + 1, m - 1, 0));
  const to = end.toISOString().slice(0, 10);
  const label =
    m === 1
      ? basis === "fiscal"
        ? w.fiscalYear(String(year))
        : w.calendarYear(String(year))
      : w.fiscalRange(longDate(from, w.locale), longDate(to, w.locale));
  return { from, to, label };
}

export type StatementGift = ReceiptGift;

/** Totals per currency, net of refunds; currencies are never added together. */
export function statementTotals(gifts: StatementGift[], w: ReceiptWords = ENGLISH_RECEIPT_WORDS) {
  const totals = new Map<string, number>();
  for (const g of gifts) totals.set(g.currency, (totals.get(g.currency) ?? 0) + g.amount - (g.amountRefunded ?? 0));
  return [...totals].map(([currency, amount]) => money(amount, currency, w));
}

export type Statement = {
  org: ReceiptOrg;
  fallbackName: string | null;
  donor: { name: string; email: string | null; address: string | null };
  period: { label: string };
  gifts: StatementGift[];
  /** The donor's language (their latest gift's); English when none is known. */
  words?: ReceiptWords;
};

const tributeOf = (g: StatementGift, w: ReceiptWords) =>
  g.tributeName ? (g.tributeKind === "memory" ? w.inMemoryOf(g.tributeName) : w.inHonourOf(g.tributeName)) : "";

/** The year-end statement as plain text, for mail. */
export function statementText(s: Statement): string {
  const w = s.words ?? ENGLISH_RECEIPT_WORDS;
  const rows = s.gifts.map(
    (g) =>
      `${longDate(g.date, w.locale)}  ${money(g.amount - (g.amountRefunded ?? 0), g.currency, w)}  ${giftFrequency(g, w)}${g.campaign ? `  ${g.campaign}` : ""}${g.tributeName ? `  (${tributeOf(g, w)})` : ""}`,
  );
  return [
    w.statementOf(s.period.label),
    ...issuerLines(s.org, s.fallbackName, w).map(([k, v]) => `${k}: ${v}`),
    `${w.donor}: ${s.donor.name}`,
    ...(s.donor.address ? [`${w.donorAddress}: ${oneLine(s.donor.address)}`] : []),
    "",
    ...rows,
    "",
    `${w.total}: ${statementTotals(s.gifts, w).join(", ") || w.noGifts}`,
    receiptWordingOf(s.org, w, false),
  ]
    .join("\n")
    .trim();
}

// A long unbroken value (an address, a link) wraps instead of widening the page past a phone's width.
const PRINT_CSS = `body{font:14px/1.5 system-ui,sans-serif;color:#111;max-width:44rem;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}
h1{font-size:1.4rem;margin:0 0 .25rem}dl{display:grid;grid-template-columns:minmax(0,max-content) minmax(0,1fr);gap:.15rem 1rem;margin:1rem 0}
dt{font-weight:600}dd{margin:0;min-width:0}table{width:100%;border-collapse:collapse;margin:1rem 0;table-layout:fixed}
th,td{text-align:start;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}td.n,th.n{text-align:end}
tfoot td{font-weight:600;border-bottom:0}.wording{margin-top:1.5rem}.actions{margin:1rem 0;display:flex;flex-wrap:wrap;gap:.5rem}
button,a.button{font:inherit;padding:.4rem .8rem;border:1px solid #555;border-radius:.375rem;background:#fff;color:#111;text-decoration:none;cursor:pointer}
@media (max-width:30rem){body{margin:1rem auto;padding:0 .75rem}dl{grid-template-columns:minmax(0,1fr)}dt{margin-top:.35rem}th,td{padding:.3rem .25rem}}
@media print{.actions{display:none}body{margin:0;max-width:none}@page{margin:18mm}tr{break-inside:avoid}}`;

// Only the manage line is a link, and only to http(s): no other value a donor typed becomes one.
const ddValue = (k: string, v: string, w: ReceiptWords) =>
  k === w.manage && /^https?:\/\//.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v);
const dl = (lines: [string, string][], w: ReceiptWords) =>
  `<dl>${lines.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${ddValue(k, v, w)}</dd>`).join("")}</dl>`;
const wording = (org: ReceiptOrg, w: ReceiptWords, printed: boolean) => {
  const text = receiptWordingOf(org, w, printed);
  return text ? `<p class="wording">${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>` : "";
};

const langOf = (w: ReceiptWords) => (w.locale === "en-US" ? "en" : w.locale);
const dirOf = (w: ReceiptWords) => (w.locale === "ar" ? "rtl" : "ltr");

/** A whole printable page: no app chrome, no scripts, so "Print" or "Save as PDF" gives just the document. */
function printablePage(title: string, body: string, actions: string, w: ReceiptWords) {
  return `<!doctype html><html lang="${langOf(w)}" dir="${dirOf(w)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PRINT_CSS}</style></head><body><main>${actions ? `<div class="actions">${actions}</div>` : ""}${body}</main></body></html>`;
}

/** The year-end statement as a printable HTML document; every value escaped. */
export function statementHtml(s: Statement, actions = ""): string {
  const w = s.words ?? ENGLISH_RECEIPT_WORDS;
  const rows = s.gifts
    .map(
      (g) =>
        `<tr><td>${escapeHtml(longDate(g.date, w.locale))}</td><td>${escapeHtml(giftFrequency(g, w))}${g.tributeName ? `<br>${escapeHtml(g.tributeKind === "memory" ? w.inMemory : w.inHonour)} ${escapeHtml(g.tributeName)}` : ""}</td><td>${escapeHtml(g.campaign ?? "")}</td><td class="n">${escapeHtml(money(g.amount - (g.amountRefunded ?? 0), g.currency, w))}</td></tr>`,
    )
    .join("");
  const donor: [string, string][] = [[w.donor, s.donor.name]];
  if (s.donor.address) donor.push([w.donorAddress, oneLine(s.donor.address)]);
  const body = `<h1>${escapeHtml(w.statement)}</h1><p>${escapeHtml(s.period.label)}</p>${dl(issuerLines(s.org, s.fallbackName, w), w)}${dl(donor, w)}
<table><thead><tr><th>${escapeHtml(w.date)}</th><th>${escapeHtml(w.gift)}</th><th>${escapeHtml(w.campaign)}</th><th class="n">${escapeHtml(w.amount)}</th></tr></thead><tbody>${rows || `<tr><td colspan="4">${escapeHtml(w.noGiftsInPeriod)}</td></tr>`}</tbody>
<tfoot><tr><td colspan="3">${escapeHtml(w.total)}</td><td class="n">${escapeHtml(statementTotals(s.gifts, w).join(", ") || w.noGifts)}</td></tr></tfoot></table>${wording(s.org, w, Boolean(actions))}`;
  return printablePage(`${w.statement}, ${s.period.label}`, body, actions, w);
}

/** One gift's receipt as a printable HTML document; every value escaped. */
export function receiptHtml(
  org: ReceiptOrg,
  g: ReceiptGift,
  fallbackName: string | null,
  actions = "",
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
): string {
  const body = `<h1>${escapeHtml(w.receipt)}</h1>${dl(receiptLines(org, g, fallbackName, w), w)}${wording(org, w, true)}`;
  return printablePage(w.receipt, body, actions, w);
}

/** The thank-you mail's HTML part: the letter as written (escaped, line breaks kept), then the receipt. */
export function thankYouHtml(
  letter: string,
  org: ReceiptOrg,
  g: ReceiptGift,
  fallbackName: string | null,
  w: ReceiptWords = ENGLISH_RECEIPT_WORDS,
): string {
  const paragraphs = letter
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return printablePage(
    w.receipt,
    `${paragraphs}<h1>${escapeHtml(w.receipt)}</h1>${dl(receiptLines(org, g, fallbackName, w), w)}${wording(org, w, false)}`,
    "",
    w,
  );
}

export const YEAR_MESSAGE = "Choose a year between 2000 and 2100";

/** Which year of giving, and whether calendar or fiscal: from the query or the email form. */
export const statementQuery = z.object({
  year: z.coerce
    .number({ error: YEAR_MESSAGE })
    .int(YEAR_MESSAGE)
    .min(2000, YEAR_MESSAGE)
    .max(2100, YEAR_MESSAGE)
    .default(() => new Date().getUTCFullYear()),
  basis: z.enum(["calendar", "fiscal"], { error: "Choose calendar or fiscal year" }).default("calendar"),
});
