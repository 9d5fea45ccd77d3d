import { z } from "zod";
import { addMonths as addMonthsToDate, DAY_MS } from "../time/days";
import { dayInZone, zonedToUtc } from "../time/time";

/**
 * Keep-in-touch arithmetic on the owner's calendar days, so "due today" means the owner's today and
 * daylight-saving changes never move a due date: a rhythm counts calendar days (or months) from the
 * local day of the last interaction, in the owner's time zone.
 */

export const RHYTHMS = ["weekly", "biweekly", "monthly", "quarterly", "yearly", "days"] as const;
export type RhythmEvery = (typeof RHYTHMS)[number];
export type Rhythm = { every: RhythmEvery; days?: number | null };

export const RHYTHM_LABEL: Record<RhythmEvery, string> = {
  weekly: "Every week",
  biweekly: "Every two weeks",
  monthly: "Every month",
  quarterly: "Every quarter",
  yearly: "Every year",
  days: "Every N days",
};

export const MAX_RHYTHM_DAYS = 3650;

const everyField = z.enum(RHYTHMS, { message: "Choose how often" });
const daysField = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? undefined : Number(v)),
  z
    .number({ message: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "At least 1 day")
    .max(MAX_RHYTHM_DAYS, `At most ${MAX_RHYTHM_DAYS} days`)
    .optional(),
);
const daysInput = z.union([z.string(), z.number()]).optional();

/** "Days" is read only when "Every N days" is chosen: a stale value left in the hidden field never blocks a preset. */
function readDays<T extends { every: string; days?: string | number }>(r: T, ctx: z.RefinementCtx<T>) {
  if (r.every !== "days") return { ...r, days: undefined };
  const parsed = daysField.safeParse(r.days);
  const message = parsed.success
    ? parsed.data === undefined
      ? "Enter a number of days"
      : null
    : parsed.error.issues[0]?.message;
  if (message || !parsed.success || parsed.data === undefined) {
    ctx.addIssue({ code: "custom", message: message ?? "Enter a number of days", path: ["days"] });
    return z.NEVER;
  }
  return { ...r, days: parsed.data };
}

/** The form's rhythm: one of the presets, or a number of days (1 to 3650). */
export const rhythmFormSchema = z.object({ every: everyField, days: daysInput }).transform(readDays);

/** A rhythm for everyone with a tag (settings → keep in touch). */
export const tagRhythmSchema = z
  .object({
    tag: z.string({ error: "Enter a tag" }).trim().min(1, "Enter a tag").max(60, "At most 60 characters"),
    every: everyField,
    days: daysInput,
  })
  .transform(readDays);

/** A person's own rhythm, where "none" removes it. */
export const personRhythmSchema = z
  .object({ every: z.enum(["none", ...RHYTHMS], { message: "Choose how often" }), days: daysInput })
  .transform(readDays);

export function describeRhythm(r: Rhythm): string {
  if (r.every === "days") return r.days === 1 ? "Every day" : `Every ${r.days ?? 30} days`;
  return RHYTHM_LABEL[r.every];
}

const toDay = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return toDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Months later on the same day, or the month's last day when it is shorter (Jan 31 + 1 month = Feb 28). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const t = addMonthsToDate(new Date(Date.UTC(y, m - 1, d)), n);
  return toDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

export function addRhythm(day: string, r: Rhythm): string {
  switch (r.every) {
    case "weekly":
      return addDays(day, 7);
    case "biweekly":
      return addDays(day, 14);
    case "monthly":
      return addMonths(day, 1);
    case "quarterly":
      return addMonths(day, 3);
    case "yearly":
      return addMonths(day, 12);
    case "days":
      return addDays(day, Math.min(MAX_RHYTHM_DAYS, Math.max(1, r.days ?? 30)));
  }
}

/** Shorter rhythms first: the one a person follows when their own and their tags' rhythms differ. */
export function rhythmLengthDays(r: Rhythm): number {
  return { weekly: 7, biweekly: 14, monthly: 30, quarterly: 91, yearly: 365, days: r.days ?? 30 }[r.every];
}

export type DueState = "overdue" | "due" | "upcoming";

export type RhythmDue = {
  /** The owner's local day the next contact is due. */
  dueDay: string;
  state: DueState;
  /** Whole days past the due day (0 when due today or upcoming). */
  daysOverdue: number;
};

/**
 * When the next contact is due: the rhythm counted from the local day of the last interaction (or of
 * when they arrived, if nothing was logged), pushed to the snooze day when snoozed.
 */
export function nextDue(
  input: { lastAt: Date; rhythm: Rhythm; snoozedUntil?: string | null },
  now: Date,
  timeZone: string,
): RhythmDue {
  let dueDay = addRhythm(dayInZone(input.lastAt, timeZone), input.rhythm);
  if (input.snoozedUntil && input.snoozedUntil > dueDay) dueDay = input.snoozedUntil;
  const today = dayInZone(now, timeZone);
  const state: DueState = dueDay < today ? "overdue" : dueDay === today ? "due" : "upcoming";
  const daysOverdue = state === "overdue" ? daysBetween(dueDay, today) : 0;
  return { dueDay, state, daysOverdue };
}

export function daysBetween(from: string, to: string): number {
  const t = (s: string) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(to) - t(from)) / DAY_MS);
}

/** The instant a due day starts for the owner (calendar feeds and notifications): 09:00 local. */
export function dueInstant(dueDay: string, timeZone: string): Date {
  return zonedToUtc(`${dueDay}T09:00`, timeZone) ?? new Date(`${dueDay}T09:00:00Z`);
}

/** The 48-hour post-event window, the same idea as a rhythm: due from arrival, overdue 48 hours later. */
export const POST_EVENT_WINDOW_MS = 48 * 3_600_000;

export function postEventDue(
  arrivedAt: Date,
  now: Date,
): { deadline: Date; state: "due" | "overdue"; hoursLeft: number } {
  const deadline = new Date(arrivedAt.getTime() + POST_EVENT_WINDOW_MS);
  const left = deadline.getTime() - now.getTime();
  return { deadline, state: left >= 0 ? "due" : "overdue", hoursLeft: Math.max(0, Math.ceil(left / 3_600_000)) };
}
