import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { countryName } from "../billing/nonprofit-form";
import { emailField } from "../forms/fields";
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
    .max(160, "Must be at most 160 characters"),
  taxId: z
    .string()
    .trim()
    .max(60, "Must be at most 60 characters")
    .regex(/^[\p{L}\p{N} ./-]*$/u, "Use letters, digits, spaces, dots, slashes and dashes only")
    .default(""),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => c === "" || (/^[A-Z]{2}$/.test(c) && isSupportedCountry(c)), "Choose a country from the list")
    .default(""),
  address: z.string().trim().max(500, "Must be at most 500 characters").default(""),
  // Where donors write to the charity from a campaign's page; kept as "" when not given, like the other fields.
  contactEmail: emailField.transform((v) => v ?? ""),
  receiptWording: z.string().trim().max(1000, "Must be at most 1000 characters").default(""),
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

export type ReceiptOrg = Pick<Organisation, "legalName" | "taxId" | "country" | "address" | "receiptWording">;

export const longDate = (day: string) =>
  dateTimeFormat("UTC", { dateStyle: "long" }).format(new Date(`${day}T12:00:00Z`));

/** Who issues the receipt: the legal name, else the campaign's organisation; never the owner's own name. */
export function issuerLines(org: ReceiptOrg, fallbackName: string | null): [string, string][] {
  const lines: [string, string][] = [["Organisation", org.legalName || fallbackName || ""]];
  if (org.taxId)
    lines.push(["Registration or tax id", org.country ? `${org.taxId} (${countryName(org.country)})` : org.taxId]);
  if (org.address) lines.push(["Address", oneLine(org.address)]);
  return lines;
}

const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ");

export const giftFrequency = (g: Pick<ReceiptGift, "recurring">) => (g.recurring ? "Monthly gift" : "One-time gift");

/**
 * The receipt for one gift, as label and value lines: every receipt (mail, printable page) is these,
 * so what a receipt says is decided here once.
 */
export function receiptLines(org: ReceiptOrg, g: ReceiptGift, fallbackName: string | null): [string, string][] {
  const lines = issuerLines(org, fallbackName);
  if (g.donorName) lines.push(["Donor", g.donorName]);
  if (g.donorAddress) lines.push(["Donor address", oneLine(g.donorAddress)]);
  lines.push(["Amount", formatMoney(g.amount, g.currency)]);
  lines.push(["Frequency", giftFrequency(g)]);
  if (g.feeCovered)
    lines.push(["Processing fee covered by you", `${formatMoney(g.feeCovered, g.currency)} (included in the amount)`]);
  if (g.amountRefunded) lines.push(["Refunded", formatMoney(g.amountRefunded, g.currency)]);
  if (g.tributeKind && g.tributeName)
    lines.push([g.tributeKind === "memory" ? "In memory of" : "In honour of", g.tributeName]);
  lines.push(["Date", longDate(g.date)]);
  if (g.manageUrl) lines.push([MANAGE_LABEL, g.manageUrl]);
  return lines;
}

/** The receipt as plain text, for the thank-you mail. */
export function receiptText(org: ReceiptOrg, g: ReceiptGift, fallbackName: string | null): string {
  const lines = receiptLines(org, g, fallbackName).map(([k, v]) => `${k}: ${v}`);
  return ["Receipt", ...lines, org.receiptWording].filter(Boolean).join("\n");
}

/** A year of giving: the calendar year, or the fiscal year that starts in the given month of `year`. */
export function statementPeriod(year: number, basis: "calendar" | "fiscal", startMonth: number) {
  const m = basis === "fiscal" ? startMonth : 1;
  const from = `${year}-${String(m).padStart(2, "0")}-01`;
  const end = new Date(Date.UTC(year + 1, m - 1, 0));
  const to = end.toISOString().slice(0, 10);
  const label =
    m === 1
      ? basis === "fiscal"
        ? `Fiscal year ${year}`
        : `Calendar year ${year}`
      : `Fiscal year ${longDate(from)} to ${longDate(to)}`;
  return { from, to, label };
}

export type StatementGift = ReceiptGift;

/** Totals per currency, net of refunds; currencies are never added together. */
export function statementTotals(gifts: StatementGift[]) {
  const totals = new Map<string, number>();
  for (const g of gifts) totals.set(g.currency, (totals.get(g.currency) ?? 0) + g.amount - (g.amountRefunded ?? 0));
  return [...totals].map(([currency, amount]) => formatMoney(amount, currency));
}

export type Statement = {
  org: ReceiptOrg;
  fallbackName: string | null;
  donor: { name: string; email: string | null; address: string | null };
  period: { label: string };
  gifts: StatementGift[];
};

/** The year-end statement as plain text, for mail. */
export function statementText(s: Statement): string {
  const rows = s.gifts.map(
    (g) =>
      `${longDate(g.date)}  ${formatMoney(g.amount - (g.amountRefunded ?? 0), g.currency)}  ${giftFrequency(g)}${g.campaign ? `  ${g.campaign}` : ""}${g.tributeName ? `  (${g.tributeKind === "memory" ? "in memory of" : "in honour of"} ${g.tributeName})` : ""}`,
  );
  return [
    `Giving statement: ${s.period.label}`,
    ...issuerLines(s.org, s.fallbackName).map(([k, v]) => `${k}: ${v}`),
    `Donor: ${s.donor.name}`,
    ...(s.donor.address ? [`Donor address: ${oneLine(s.donor.address)}`] : []),
    "",
    ...rows,
    "",
    `Total: ${statementTotals(s.gifts).join(", ") || "no gifts"}`,
    s.org.receiptWording,
  ]
    .join("\n")
    .trim();
}

const PRINT_CSS = `body{font:14px/1.5 system-ui,sans-serif;color:#111;max-width:44rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.4rem;margin:0 0 .25rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:1rem 0}
dt{font-weight:600}dd{margin:0}table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ccc;vertical-align:top}td.n,th.n{text-align:right;white-space:nowrap}
tfoot td{font-weight:600;border-bottom:0}.wording{margin-top:1.5rem}.actions{margin:1rem 0;display:flex;gap:.5rem}
button,a.button{font:inherit;padding:.4rem .8rem;border:1px solid #555;border-radius:.375rem;background:#fff;color:#111;text-decoration:none;cursor:pointer}
@media print{.actions{display:none}body{margin:0;max-width:none}@page{margin:18mm}tr{break-inside:avoid}}`;

// Only the manage line is a link, and only to http(s): no other value a donor typed becomes one.
const ddValue = (k: string, v: string) =>
  k === MANAGE_LABEL && /^https?:\/\//.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v);
const dl = (lines: [string, string][]) =>
  `<dl>${lines.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${ddValue(k, v)}</dd>`).join("")}</dl>`;
const wording = (org: ReceiptOrg) =>
  org.receiptWording ? `<p class="wording">${escapeHtml(org.receiptWording).replace(/\r?\n/g, "<br>")}</p>` : "";

/** A whole printable page: no app chrome, no scripts, so "Print" or "Save as PDF" gives just the document. */
function printablePage(title: string, body: string, actions: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PRINT_CSS}</style></head><body><main>${actions ? `<div class="actions">${actions}</div>` : ""}${body}</main></body></html>`;
}

/** The year-end statement as a printable HTML document; every value escaped. */
export function statementHtml(s: Statement, actions = ""): string {
  const rows = s.gifts
    .map(
      (g) =>
        `<tr><td>${escapeHtml(longDate(g.date))}</td><td>${escapeHtml(giftFrequency(g))}${g.tributeName ? `<br>${g.tributeKind === "memory" ? "In memory of" : "In honour of"} ${escapeHtml(g.tributeName)}` : ""}</td><td>${escapeHtml(g.campaign ?? "")}</td><td class="n">${escapeHtml(formatMoney(g.amount - (g.amountRefunded ?? 0), g.currency))}</td></tr>`,
    )
    .join("");
  const donor: [string, string][] = [["Donor", s.donor.name]];
  if (s.donor.address) donor.push(["Donor address", oneLine(s.donor.address)]);
  const body = `<h1>Giving statement</h1><p>${escapeHtml(s.period.label)}</p>${dl(issuerLines(s.org, s.fallbackName))}${dl(donor)}
<table><thead><tr><th>Date</th><th>Gift</th><th>Campaign</th><th class="n">Amount</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No gifts in this period.</td></tr>'}</tbody>
<tfoot><tr><td colspan="3">Total</td><td class="n">${escapeHtml(statementTotals(s.gifts).join(", ") || "none")}</td></tr></tfoot></table>${wording(s.org)}`;
  return printablePage(`Giving statement, ${s.period.label}`, body, actions);
}

/** One gift's receipt as a printable HTML document; every value escaped. */
export function receiptHtml(org: ReceiptOrg, g: ReceiptGift, fallbackName: string | null, actions = ""): string {
  const body = `<h1>Receipt</h1>${dl(receiptLines(org, g, fallbackName))}${wording(org)}`;
  return printablePage("Receipt", body, actions);
}

/** The thank-you mail's HTML part: the letter as written (escaped, line breaks kept), then the receipt. */
export function thankYouHtml(letter: string, org: ReceiptOrg, g: ReceiptGift, fallbackName: string | null): string {
  const paragraphs = letter
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return printablePage(
    "Receipt",
    `${paragraphs}<h1>Receipt</h1>${dl(receiptLines(org, g, fallbackName))}${wording(org)}`,
    "",
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
