import { escapeText, foldLine } from "../text/content-line";

/** iCalendar (RFC 5545) for reminders: one event per reminder, or a whole feed. */

export type IcsEvent = {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description?: string | null;
  url?: string | null;
  location?: string | null;
  updated: Date;
};

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function eventLines(e: IcsEvent, created: Date): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    // RFC 5545: for a published feed (no METHOD of scheduling), DTSTAMP is when the file was made.
    `DTSTAMP:${stamp(created)}`,
    `LAST-MODIFIED:${stamp(e.updated)}`,
    `DTSTART:${stamp(e.start)}`,
    `DURATION:PT${Math.max(5, Math.round(e.minutes))}M`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.url && /^https:\/\//.test(e.url)) lines.push(`URL:${e.url}`);
  lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(e.summary)}`, "TRIGGER:-PT10M", "END:VALARM");
  lines.push("END:VEVENT");
  return lines;
}

export type IcsOptions = {
  calendarName?: string;
  /** When this file is made: every DTSTAMP. */
  created?: Date;
  /** How often subscribers should fetch the feed again (RFC 7986 REFRESH-INTERVAL, Outlook's X-PUBLISHED-TTL). */
  refreshMinutes?: number;
};

/** The site's host name as the right-hand side of a globally unique UID (RFC 5545 recommends a domain). */
export const icsUid = (kind: string, id: number | string, origin: string) =>
  `${kind}-${id}@${URL.canParse(origin) ? new URL(origin).hostname : "knowwho.app"}`;

export function toIcs(events: IcsEvent[], options: IcsOptions = {}): string {
  const { calendarName = "KnowWho follow-ups", created = new Date(), refreshMinutes = 60 } = options;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//KnowWho//Follow-ups//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
    ...events.flatMap((e) => eventLines(e, created)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
