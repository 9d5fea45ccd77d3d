import { z } from "zod";
import { EVENT_TYPES, type EventStatus } from "../events/rules";

import { isEmail, personNameField, optionalText as text } from "../forms/fields";
import { tooLong } from "../forms/too-long";
import { isWebLink, WEB_LINK_MESSAGE, withHttps } from "../forms/web-link";
import { slugOf } from "../text/slug";
import { canonicalTimeZone, dateTimeFormat, zonedToUtc } from "../time/time";

/** Organiser events: form rules, status from the event's own clock, and matchmaking. Pure. */

/** A capacity typed in a form: empty for none, else a whole number from 1 to 100,000 (an event's or a session's). */
export const optionalCapacity = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000), { message })
    .transform((v) => (v === null ? null : Number(v)));

export const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type OrgTimes = { startsAt: string; endsAt: string; timeZone: string };

/** Upcoming before the start, active until the end, past after, in the event's own time zone. */
export function orgEventStatus(e: OrgTimes, now: Date): EventStatus {
  const start = zonedToUtc(e.startsAt, e.timeZone)?.getTime() ?? 0;
  const end = zonedToUtc(e.endsAt, e.timeZone)?.getTime() ?? start;
  if (now.getTime() < start) return "upcoming";
  if (now.getTime() >= end) return "past";
  return "active";
}

/** When the status next changes (start or end), or null once past: cached pages must not outlive it. */
export function nextStatusChange(e: OrgTimes, now: Date): Date | null {
  const start = zonedToUtc(e.startsAt, e.timeZone);
  const end = zonedToUtc(e.endsAt, e.timeZone);
  for (const at of [start, end]) if (at && at.getTime() > now.getTime()) return at;
  return null;
}

/** "Fri, May 1, 2030, 9:00 AM" as written on the event's own clock, in the reader's language (English unless named). */
export function formatLocal(local: string, locale = "en-US"): string {
  const [d = "", t = "00:00"] = local.split("T");
  const [y, m, day] = d.split("-").map(Number) as [number, number, number];
  const [h, min] = t.split(":").map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1, day, h, min));
  // A stored time this cannot read is shown as stored: one odd row must not stop a page or a digest of many.
  if (Number.isNaN(at.getTime())) return local;
  return dateTimeFormat(
    "UTC",
    {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    },
    locale,
  ).format(at);
}

/** "Fri, May 1, 2030": a day on the event's own clock, in the reader's language. */
export function formatLocalDay(local: string, locale = "en-US"): string {
  const [y, m, day] = (local.split("T")[0] ?? "").split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, day, 12));
  if (Number.isNaN(at.getTime())) return local;
  return dateTimeFormat("UTC", { weekday: "short", month: "short", day: "numeric", year: "numeric" }, locale).format(
    at,
  );
}

/** A slug from the title plus a random tail: unguessable enough that events cannot be listed by trying. */
export function eventSlug(title: string, random = crypto.getRandomValues(new Uint8Array(3))): string {
  const base = slugOf(title, 40) || "event";
  const tail = [...random].map((b) => b.toString(36).padStart(2, "0")).join("");
  return `${base}-${tail}`;
}

const localTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => LOCAL_DATETIME.test(v) && zonedToUtc(v, "UTC") !== null, message);

export const ORG_EVENT_MESSAGES = {
  title: "Title is required",
  start: "Enter the start date and time",
  end: "Enter the end date and time",
  endBeforeStart: "The end must be after the start",
  timeZone: "Choose a time zone from the list",
  capacity: "Capacity must be a whole number from 1 to 100000",
  organiser: "Organiser name is required",
} as const;

export const orgEventFormSchema = z
  .object({
    title: z.string({ error: ORG_EVENT_MESSAGES.title }).trim().min(1, ORG_EVENT_MESSAGES.title).max(120, tooLong(120)),
    description: text(4000).transform((v) => v ?? ""),
    startsAt: localTime(ORG_EVENT_MESSAGES.start),
    endsAt: localTime(ORG_EVENT_MESSAGES.end),
    timeZone: z
      .string({ error: ORG_EVENT_MESSAGES.timeZone })
      .trim()
      .transform((v, ctx) => {
        const zone = canonicalTimeZone(v);
        if (zone) return zone;
        ctx.addIssue({ code: "custom", message: ORG_EVENT_MESSAGES.timeZone });
        return z.NEVER;
      }),
    type: z.enum(EVENT_TYPES, { error: "Choose in person, virtual or hybrid" }).default("in-person"),
    venue: text(200),
    platform: text(80),
    url: text(500)
      .transform((v) => (v ? withHttps(v) : null))
      .refine((v) => v === null || isWebLink(v), WEB_LINK_MESSAGE),
    organiserName: z
      .string({ error: ORG_EVENT_MESSAGES.organiser })
      .trim()
      .min(1, ORG_EVENT_MESSAGES.organiser)
      .max(120, tooLong(120)),
    capacity: optionalCapacity(ORG_EVENT_MESSAGES.capacity),
  })
  .refine((v) => v.endsAt > v.startsAt, { path: ["endsAt"], message: ORG_EVENT_MESSAGES.endBeforeStart });

export type OrgEventForm = z.infer<typeof orgEventFormSchema>;

export const VISIBILITY = ["everyone", "exchanged"] as const;
export type Visibility = (typeof VISIBILITY)[number];
/** The specification's words for profile visibility. */
export const VISIBILITY_LABEL: Record<Visibility, string> = {
  everyone: "All users at this event",
  exchanged: "Connections only (people I exchanged with)",
};

/** What the join form shows beside the directory choice; stored with each consent record. */
export const DIRECTORY_CONSENT_TEXT =
  "List me in this event's attendee directory with my name, company, title and interests. My email and phone are shown only to people I exchange with.";

/** What the join form shows beside the organiser-mail choice; stored with each such consent record. */
export const organiserMailConsentText = (organiser: string) =>
  `Email me news from ${organiser} about this and future events. ${organiser} gets my name and email address for this, and every message has a one-click unsubscribe.`;

/** What leaving an event undoes, said on the step that confirms it. */
export const LEAVE_CONSEQUENCE =
  "You are removed from the attendees and the directory, and this event's record of the people you exchanged with is deleted. This cannot be undone.";

export const JOIN_MESSAGES = {
  // The specification's wording (section 5).
  email: "Please enter a valid email address",
  closed: "This event is closed to new attendees.",
  past: "This event has ended, so it no longer takes attendees.",
  full: "This event is full.",
  tooMany: "Too many attempts. Please try again in a minute. Your details are still in the form.",
} as const;

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

export const joinFormSchema = z.object({
  // The account's name rule: too short and too long each say so.
  name: personNameField,
  email: z
    .string({ error: JOIN_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, JOIN_MESSAGES.email)
    .refine(isEmail, JOIN_MESSAGES.email),
  company: text(120),
  title: text(120),
  interests: text(300).transform((v) => v ?? ""),
  listed: checkbox,
  visibility: z.enum(VISIBILITY).catch("everyone"),
  updates: checkbox,
});

export type JoinForm = z.infer<typeof joinFormSchema>;

export const directorySettingsSchema = z.object({
  listed: checkbox,
  visibility: z.enum(VISIBILITY, { error: "Choose who can see you" }),
  interests: text(300).transform((v) => v ?? ""),
  goals: text(500).transform((v) => v ?? ""),
  updates: checkbox,
});

export const leadFormSchema = z.object({
  rating: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : null))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 5), "Rate from 1 to 5"),
  notes: text(1000),
});

/** The words matchmaking compares: lower-cased letters and digits, longer than two characters. */
export const matchWords = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );

export type Candidate = { id: number; name: string; company: string | null; title: string | null; interests: string };
export type Match = Candidate & { score: number; reasons: string[] };

/**
 * Attendees worth meeting for someone with these goals and interests: each word of theirs found in
 * another's organisation, title or interests scores, and says where it was found. Ties by name.
 */
export function rankMatches(me: { goals: string; interests: string }, others: Candidate[], limit = 10): Match[] {
  const mine = matchWords(`${me.goals} ${me.interests}`);
  const scored = others.map((o) => {
    const reasons: string[] = [];
    let score = 0;
    const fields: [string, string | null, number][] = [
      ["interests", o.interests, 3],
      ["title", o.title, 2],
      ["organisation", o.company, 2],
    ];
    for (const [label, value, weight] of fields) {
      const hit = [...matchWords(value ?? "")].filter((w) => mine.has(w));
      if (hit.length) {
        score += weight * hit.length;
        reasons.push(`Their ${label} mentions ${hit.slice(0, 3).join(", ")}, from your goals and interests`);
      }
    }
    return { ...o, score, reasons };
  });
  return scored
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, limit);
}

export const MEETING_MINUTES = [15, 30, 45, 60] as const;

export const MEETING_MESSAGES = {
  startsAt: "Enter the date and time to meet",
  during: "Choose a time during the event",
  minutes: "Choose how long to meet",
  place: "Enter where to meet",
} as const;

/** A meeting request: a wall-clock time on the event's own clock, within the event, and a place. */
export const meetingFormSchema = (event: { startsAt: string; endsAt: string }) =>
  z.object({
    startsAt: localTime(MEETING_MESSAGES.startsAt).refine(
      (v) => v >= event.startsAt && v < event.endsAt,
      MEETING_MESSAGES.during,
    ),
    minutes: z
      .string({ error: MEETING_MESSAGES.minutes })
      .trim()
      .transform((v) => Number(v))
      .refine((v) => (MEETING_MINUTES as readonly number[]).includes(v), MEETING_MESSAGES.minutes),
    place: z.string({ error: MEETING_MESSAGES.place }).trim().min(1, MEETING_MESSAGES.place).max(200, tooLong(200)),
    note: text(500).transform((v) => v ?? ""),
  });

export type MeetingForm = z.infer<ReturnType<typeof meetingFormSchema>>;
