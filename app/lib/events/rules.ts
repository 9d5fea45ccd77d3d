import Papa from "papaparse";
import { z } from "zod";
import { isEmail, MESSAGES, optionalText } from "../forms/fields";
import { tooLong } from "../forms/too-long";

/** Event hubs: form rules, status from dates, attendee lists and plan editing. Pure; shared by server and browser. */

export const EVENT_TYPES = ["in-person", "virtual", "hybrid"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABEL: Record<EventType, string> = {
  "in-person": "In person",
  virtual: "Virtual",
  hybrid: "Hybrid",
};

export type EventStatus = "upcoming" | "active" | "past";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Upcoming before the first day, active from the first to the last day, past after. */
export function eventStatus(event: { date: string; endDate?: string | null }, today: string): EventStatus {
  if (today < event.date) return "upcoming";
  if (today > (event.endDate || event.date)) return "past";
  return "active";
}

const httpsUrl = optionalText(500).refine(
  (v) => v === null || (/^https:\/\/\S+$/i.test(v) && URL.canParse(v)),
  MESSAGES.https,
);

export const eventFormSchema = z
  .object({
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(120, tooLong(120)),
    description: optionalText(2000).transform((v) => v ?? ""),
    date: z.string({ error: "Date is required" }).trim().refine(isDay, "Enter the date as YYYY-MM-DD"),
    endDate: optionalText(10).refine((v) => v === null || isDay(v), "Enter the date as YYYY-MM-DD"),
    time: optionalText(60),
    location: optionalText(200),
    type: z.enum(EVENT_TYPES, { error: "Choose in person, virtual or hybrid" }),
    platform: optionalText(60),
    url: httpsUrl,
    image: httpsUrl,
    attendeeCount: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? Number(v) : null))
      .refine(
        (v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 1_000_000),
        "Attendees is a whole number from 0 to 1,000,000",
      ),
  })
  .superRefine((v, ctx) => {
    if (v.endDate && v.endDate < v.date)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "The last day cannot be before the first day" });
    if (v.type !== "in-person" && !v.url && !v.platform)
      ctx.addIssue({ code: "custom", path: ["platform"], message: "Name the platform or give the link to join" });
  });
export type EventForm = z.output<typeof eventFormSchema>;

// Attendee lists: hostile input, so capped and checked row by row.
export const ATTENDEE_LIMITS = { bytes: 200_000, rows: 500, field: 120 } as const;

export type Attendee = { name: string; title?: string; company?: string; email?: string };
export type AttendeeReport = {
  attendees: Attendee[];
  problems: { row: number; message: string }[];
  error: string | null;
};

const HEADER_ALIASES: Record<keyof Attendee, string[]> = {
  name: ["name", "full name", "attendee", "attendee name"],
  title: ["title", "job title", "role", "position"],
  company: ["company", "organization", "organisation", "employer"],
  email: ["email", "e-mail", "email address"],
};

/** Reads an attendee CSV with a header row; returns the good rows and a message per rejected row. */
export function parseAttendeeCsv(text: string): AttendeeReport {
  const empty = (error: string): AttendeeReport => ({ attendees: [], problems: [], error });
  if (new TextEncoder().encode(text).byteLength > ATTENDEE_LIMITS.bytes)
    return empty(`The file is larger than ${ATTENDEE_LIMITS.bytes / 1000} KB`);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((h) => String(h).trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(HEADER_ALIASES).map(([field, names]) => [field, columns.findIndex((c) => names.includes(c))]),
  ) as Record<keyof Attendee, number>;
  if (index.name < 0) {
    // Without a header naming the column, a first and last name column will do.
    const first = columns.findIndex((c) => c === "first name" || c === "first");
    const last = columns.findIndex((c) => c === "last name" || c === "last");
    if (first < 0) return empty("The first row must name the columns, with one called Name");
    index.name = -1;
    Object.assign(index, { first, last });
  }
  if (rows.length > ATTENDEE_LIMITS.rows)
    return empty(`The list has ${rows.length} rows; at most ${ATTENDEE_LIMITS.rows} can be imported`);
  const problems: AttendeeReport["problems"] = [];
  for (const e of parsed.errors.slice(0, 20)) problems.push({ row: (e.row ?? 0) + 2, message: e.message });
  const attendees: Attendee[] = [];
  const seen = new Set<string>();
  const extra = index as Record<string, number>;
  for (const [i, row] of rows.entries()) {
    const line = i + 2;
    const cell = (at: number | undefined) => (at !== undefined && at > -1 ? String(row[at] ?? "").trim() : "");
    const name = index.name > -1 ? cell(index.name) : [cell(extra.first), cell(extra.last)].filter(Boolean).join(" ");
    const title = cell(index.title);
    const company = cell(index.company);
    const email = cell(index.email).toLowerCase();
    const key = (email || name).toLowerCase();
    const problem = !name
      ? "Name is missing"
      : [name, title, company].some((v) => v.length > ATTENDEE_LIMITS.field) || email.length > 254
        ? `A value is longer than ${ATTENDEE_LIMITS.field} characters`
        : email && !isEmail(email)
          ? `"${email.slice(0, 60)}" is not a valid email address`
          : seen.has(key)
            ? `${name} is already in the list`
            : null;
    if (problem) {
      problems.push({ row: line, message: problem });
      continue;
    }
    seen.add(key);
    attendees.push({
      name,
      ...(title ? { title } : {}),
      ...(company ? { company } : {}),
      ...(email ? { email } : {}),
    });
  }
  problems.sort((a, b) => a.row - b.row);
  return { attendees, problems, error: attendees.length ? null : "No attendee could be read from the file" };
}

const lines = (v: string | undefined) =>
  (v ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const listOf = (label: string, max: number, min: number, length: number) =>
  z
    .string()
    .max(20_000)
    .optional()
    .transform(lines)
    .pipe(
      z
        .array(z.string().max(length, `Each line of ${label} must be at most ${length} characters`))
        .min(min, `Add at least one line to ${label}`)
        .max(max, `${label[0]?.toUpperCase()}${label.slice(1)} can have at most ${max} lines`),
    );

/** The plan as the owner edits it: one item per line; targets as "Name: why". */
export const planFormSchema = z.object({
  goals: listOf("goals", 8, 1, 200),
  targets: z
    .string()
    .max(20_000)
    .optional()
    .transform(lines)
    .pipe(
      z
        .array(
          z.string().regex(/^[^:]{1,120}:\s*\S.{0,299}$/, 'Write each target as "Name: why you want to meet them"'),
        )
        .max(15, "Targets can have at most 15 lines"),
    ),
  talkingPoints: listOf("talking points", 10, 1, 300),
  checklist: listOf("the checklist", 12, 1, 200),
});

export function targetsFromLines(
  targetLines: string[],
  attendeeNames: Set<string>,
): { name: string; reason: string; source: "network" | "attendees" }[] {
  return targetLines.map((line) => {
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim();
    return {
      name,
      reason: line.slice(at + 1).trim(),
      source: attendeeNames.has(name.toLowerCase()) ? "attendees" : "network",
    };
  });
}

export const FOLLOW_UP_WINDOW_MS = 48 * 3_600_000;

/** A mailto link with the subject and body encoded, so line breaks and ampersands survive. */
export function mailtoHref(email: string, subject: string, body: string): string {
  return `mailto:${email.replace(/[^\w.@+-]/g, (c) => encodeURIComponent(c))}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
