/** Time-zone arithmetic with Intl alone: the owner's wall-clock time to UTC and back. */

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== "string" || !tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
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
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
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
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
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

/** A Date shown as "Mon, Nov 23, 9:30 AM" in the owner's zone. */
export function formatInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: isTimeZone(timeZone) ? timeZone : "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

export const FOLLOW_UP_PRESETS = [
  { id: "24h", label: "Tomorrow (24 hours)", ms: 24 * 3_600_000 },
  { id: "48h", label: "In 48 hours", ms: 48 * 3_600_000 },
  { id: "1w", label: "In a week", ms: 7 * 86_400_000 },
  { id: "1m", label: "In a month", ms: 30 * 86_400_000 },
] as const;
