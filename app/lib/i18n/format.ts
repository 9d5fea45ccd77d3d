/** Numbers and days written the reader's way, through Intl; money is `formatMoney(…, { locale })` in money.ts. */
import { dateTimeFormat } from "../time/time";
import type { Locale } from "./locales";

const counts = new Map<string, Intl.NumberFormat>();

/** A whole number the reader's way: 1,234 / 1.234 / 1 234 / ١٬٢٣٤. */
export function formatCount(n: number, locale: Locale): string {
  let format = counts.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    counts.set(locale, format);
  }
  return format.format(n);
}

/** A calendar day ("2026-11-28") the reader's way: 28 November 2026, 28. November 2026, 2026年11月28日. */
export function formatDay(iso: string, locale: Locale): string {
  return dateTimeFormat("UTC", { year: "numeric", month: "long", day: "numeric" }, locale).format(
    new Date(`${iso.slice(0, 10)}T12:00:00Z`),
  );
}
