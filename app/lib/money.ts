/**
 * Money as integers in the currency's minor units (cents for USD, yen for JPY, fils for KWD): the
 * currency's exponent comes from Intl, so no table of our own can drift from ISO 4217.
 */
export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The largest single amount we accept, in minor units: Stripe's own cap, eight digits in the smallest unit for
 * every currency we offer ($999,999.99, ¥99,999,999). A cap in major units made yen's a hundredth of the dollar's.
 */
export const MAX_MINOR = 99_999_999;

// One formatter per currency and decimals, kept: building an Intl.NumberFormat costs more than formatting with it.
const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(
  currency: string,
  minimumFractionDigits?: number,
  maximumFractionDigits?: number,
  locale = "en-US",
) {
  const key = `${locale}:${currency}:${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits,
      maximumFractionDigits,
    });
    formats.set(key, format);
  }
  return format;
}

export function exponent(currency: string): number {
  return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

export const maxMinor = (_currency: string) => MAX_MINOR;

/**
 * "12.5" in USD is 1250, "1.234,56" in German 123456; answers null for anything that is not a plain positive amount with the currency's decimals.
 */
export function parseAmount(input: string, currency: string, locale = "en"): number | null {
  const [group, decimal] = decimalSeparator(locale) === "," ? [".", ","] : [",", "."];
  // Full-width digits (３０００) fold to ASCII by NFKC; Arabic-Indic digits and separators by hand.
  let text = input
    .normalize("NFKC")
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, ",")
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^[$€£¥￥]|€$/, "");
  // A lone separator before one or two final digits is a decimal point however the giver writes it ("25,50" in
  // English, "25.50" in German), never a thousands separator: a gift is never read a hundred times too large.
  if (!text.includes(decimal) && new RegExp(`^\\d+\\${group}\\d{1,2}$`).test(text)) text = text.replace(group, decimal);
  text = text.split(group).join("").replace(decimal, ".");
  const digits = exponent(currency);
  const pattern = digits ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(text)) return null;
  const [whole = "0", fraction = ""] = text.split(".");
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

const separators = new Map<string, string>();
/** The decimal separator of a locale's numbers: "." in English, "," in German, French, Spanish... */
export function decimalSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    separators.set(locale, sep);
  }
  return sep;
}

/**
 * 1250 USD → "$12.50"; whole amounts drop their decimals when `compact` ("$50"). A visitor's `locale`
 * writes it their way: 123456 EUR in "de" → "1.234,56 €", 3000 JPY in "ja" → "￥3,000".
 */
export function formatMoney(
  minor: number,
  currency: string,
  opts: { compact?: boolean; locale?: string } = {},
): string {
  const digits = exponent(currency);
  const major = minor / 10 ** digits;
  const whole = Number.isInteger(major);
  return moneyFormat(currency, opts.compact && whole ? 0 : digits, digits, opts.locale).format(major);
}

/** The plain number a form field shows for an amount (1250 USD → "12.50"). */
export function amountInput(minor: number, currency: string): string {
  const digits = exponent(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
