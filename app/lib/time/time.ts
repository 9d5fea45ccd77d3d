import { DAY_MS } from "./days";

/** Time-zone arithmetic with Intl alone: the owner's wall-clock time to UTC and back. */

const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 2000;

/**
 * The one way to get an Intl.DateTimeFormat: one instance per (zone, options, locale), kept for the
 * isolate's life, because building one costs far more than formatting with it. Throws for an unknown zone.
 */
export function dateTimeFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions = {},
  locale = "en-US",
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    // Zones arrive from forms in any letter case: a bound keeps odd spellings from growing the cache forever.
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; an unknown zone reads as UTC. The one home of it. */
export function dayInZone(at: Date, timeZone: string): string {
  const options = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
  try {
    return dateTimeFormat(timeZone || "UTC", options, "en-CA").format(at);
  } catch {
    return dateTimeFormat("UTC", options, "en-CA").format(at);
  }
}

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== "string" || !tz || tz.length > 64) return false;
  try {
    dateTimeFormat(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone a browser reported, as the IANA name in the runtime's own list (or UTC); null otherwise.
 * Aliases resolve first ("US/Eastern" is America/New_York), so a legacy name is not refused.
 */
export function canonicalTimeZone(tz: unknown): string | null {
  if (!isTimeZone(tz)) return null;
  const resolved = dateTimeFormat(tz).resolvedOptions().timeZone;
  if (resolved === "UTC") return "UTC";
  return Intl.supportedValuesOf("timeZone").includes(resolved) ? resolved : null;
}

/** "UTC−05:00" for the zone at the given instant, for labelling a zone in a list. */
export function utcOffsetLabel(timeZone: string, at = new Date()): string {
  const minutes = Math.round(offsetAt(at.getTime(), timeZone) / 60_000);
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Milliseconds the zone is ahead of UTC at the given instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateTimeFormat(timeZone, {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** "2026-11-23T09:30" in `timeZone` as a Date; null for anything else. */
export function zonedToUtc(local: string, timeZone: string): Date | null {
  const m = local.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/);
  if (!m || !isTimeZone(timeZone)) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(naive) || new Date(naive).getUTCDate() !== d) return null;
  const first = naive - offsetAt(naive, timeZone);
  return new Date(naive - offsetAt(first, timeZone));
}

/** "2030-05-01T09:30" in `timeZone` as ISO 8601 with its offset there ("2030-05-01T09:30:00+02:00"); null if unreadable. */
export function zonedIso(local: string, timeZone: string): string | null {
  const at = zonedToUtc(local, timeZone);
  if (!at) return null;
  const minutes = Math.round((Date.parse(`${local}:00Z`) - at.getTime()) / 60_000);
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${local}:00${minutes < 0 ? "-" : "+"}${hhmm}`;
}

const WEEKDAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * A Date in the owner's zone: "Mon, Nov 23, 9:30 AM" unless other options are given. Every page shows
 * times through this, in the zone from the owner's settings, so server and browser render the same text.
 */
export function formatInZone(
  date: Date | string | number,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = WEEKDAY_AND_TIME,
): string {
  return dateTimeFormat(isTimeZone(timeZone) ? timeZone : "UTC", options).format(new Date(date));
}

export const FOLLOW_UP_PRESETS = [
  { id: "24h", label: "Tomorrow (24 hours)", ms: 24 * 3_600_000 },
  { id: "48h", label: "In 48 hours", ms: 48 * 3_600_000 },
  { id: "1w", label: "In a week", ms: 7 * DAY_MS },
  { id: "1m", label: "In a month", ms: 30 * DAY_MS },
] as const;

/** The wall-clock time in a zone as the forms write it ("2030-05-01T09:30"): "now" on an event's own clock. */
export function zonedLocal(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat(
      isTimeZone(timeZone) ? timeZone : "UTC",
      { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
      "en-CA",
    )
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A zone's IANA name as people read it: "America/New_York" is "America/New York". */
export const zoneName = (zone: string) => zone.replace(/_/g, " ");
