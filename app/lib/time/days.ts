/** One day in milliseconds (a UTC day; calendar days in a time zone are counted in ~/lib/follow/rhythm). */
export const DAY_MS = 86_400_000;

/** Whole days left until `end`, rounded up (30 hours left is 2 days), never below 0. */
export function daysLeft(end: Date | number, now: Date | number = Date.now()): number {
  return Math.max(0, Math.ceil((Number(end) - Number(now)) / DAY_MS));
}

/** The same day and time `months` later, or the month's last day when it is shorter (3 months from 30 Nov is 28 Feb). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
