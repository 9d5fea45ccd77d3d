/** Numbers and days written the reader's way, through Intl; money is `formatMoney(…, { locale })` in money.ts. */
import { dateTimeFormat, zonedToUtc } from "../time/time";
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

/**
 * A day's opening hours on the event's own clock, the reader's way: 9:00 AM – 5:00 PM, 9:00–17:00 Uhr, 9時00分～17時00分;
 * with the zone named in the reader's language (hora de Nueva York, توقيت نيويورك) when the reader is elsewhere.
 */
export function formatHours(
  hours: { date: string; starts: string; ends: string; timeZone: string; showZone?: boolean },
  locale: Locale,
): string {
  const start = zonedToUtc(`${hours.date}T${hours.starts}`, hours.timeZone);
  const end = zonedToUtc(`${hours.date}T${hours.ends}`, hours.timeZone);
  if (!start || !end) return `${hours.starts}–${hours.ends}`;
  const options: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
  if (hours.showZone) options.timeZoneName = "shortGeneric";
  const format = dateTimeFormat(hours.timeZone, options, locale);
  // An end past midnight is on the next day: two times, not a range that would read backwards.
  return end > start ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
}
