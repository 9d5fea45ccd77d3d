import { z } from "zod";
import { isEmail, optionalText as text } from "../forms/fields";
import { tooLong } from "../forms/too-long";
import { dateTimeFormat, zonedToUtc } from "../time/time";
import { LOCAL_DATETIME, type OrgTimes, optionalCapacity } from "./rules";

/** An organiser event's programme: the session form's rules and the words the pages say. Pure. */

export const SESSION_MESSAGES = {
  title: "Enter the session's title",
  start: "Enter the start date and time",
  end: "Enter the end date and time",
  endBeforeStart: "The end must be after the start",
  outside: "Choose a time during the event",
  capacity: "Capacity must be a whole number from 1 to 100000",
  roomTaken: "Another session is in this room at that time",
  speakers: "List at most 10 speakers, one per line",
  speakerLine: "Each speaker's line must be at most 120 characters",
  unknownSpeaker: (email: string) => `No attendee of this event has the address ${email}`,
  full: "This session is full.",
} as const;

export const MAX_SPEAKERS = 10;

const localTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => LOCAL_DATETIME.test(v) && zonedToUtc(v, "UTC") !== null, message);

/** One speaker per line: a name, or an attendee's email address (linked to that attendee and their card). */
export function speakerLines(raw: string): { name: string; email: string | null }[] {
  return raw
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (isEmail(l) ? { name: l, email: l.toLowerCase() } : { name: l, email: null }));
}

/** A session of this event: a title, a time within the event on its own clock, and the rest optional. */
export const sessionFormSchema = (event: Pick<OrgTimes, "startsAt" | "endsAt">) =>
  z
    .object({
      title: z.string({ error: SESSION_MESSAGES.title }).trim().min(1, SESSION_MESSAGES.title).max(160, tooLong(160)),
      description: text(4000).transform((v) => v ?? ""),
      startsAt: localTime(SESSION_MESSAGES.start).refine(
        (v) => v >= event.startsAt && v < event.endsAt,
        SESSION_MESSAGES.outside,
      ),
      endsAt: localTime(SESSION_MESSAGES.end).refine(
        (v) => v > event.startsAt && v <= event.endsAt,
        SESSION_MESSAGES.outside,
      ),
      room: text(80),
      track: text(60),
      capacity: optionalCapacity(SESSION_MESSAGES.capacity),
      speakers: z
        .string()
        .max(4000, SESSION_MESSAGES.speakers)
        .optional()
        .transform((v) => speakerLines(v ?? ""))
        .refine((v) => v.length <= MAX_SPEAKERS, SESSION_MESSAGES.speakers)
        .refine((v) => v.every((s) => s.name.length <= 120), SESSION_MESSAGES.speakerLine),
    })
    .refine((v) => v.endsAt > v.startsAt, { path: ["endsAt"], message: SESSION_MESSAGES.endBeforeStart });

export type SessionForm = z.infer<ReturnType<typeof sessionFormSchema>>;

/** Minutes between two wall-clock times on one clock ("2030-05-01T09:00" to "…T10:30" is 90). */
export function minutesBetween(start: string, end: string): number {
  const a = zonedToUtc(start, "UTC")?.getTime() ?? 0;
  const b = zonedToUtc(end, "UTC")?.getTime() ?? a;
  return Math.max(0, Math.round((b - a) / 60_000));
}

/** "9:00 AM" from a wall-clock time: the agenda's times, on the event's clock. */
export function clockTime(local: string, locale?: string): string {
  const [h = 0, m = 0] = (local.split("T")[1] ?? "00:00").split(":").map(Number);
  // Another language writes the hour its own way (9:00, 9時00分, ٩:٠٠ ص); English keeps its own spelling.
  if (locale && locale !== "en")
    return dateTimeFormat("UTC", { hour: "numeric", minute: "2-digit" }, locale).format(
      new Date(Date.UTC(2000, 0, 1, h, m)),
    );
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** Places left in a session, or null when it has no limit. */
export const placesLeft = (s: { capacity: number | null; taken: number }) =>
  s.capacity === null ? null : Math.max(0, s.capacity - s.taken);
