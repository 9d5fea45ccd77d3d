import { escapeText, foldLine } from "./content-line";

/** iCalendar (RFC 5545) for reminders: one event per reminder, or a whole feed. */

export type IcsEvent = {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description?: string | null;
  url?: string | null;
  updated: Date;
};

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function eventLines(e: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${stamp(e.updated)}`,
    `DTSTART:${stamp(e.start)}`,
    `DURATION:PT${Math.max(5, Math.round(e.minutes))}M`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url && /^https:\/\//.test(e.url)) lines.push(`URL:${e.url}`);
  lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(e.summary)}`, "TRIGGER:-PT10M", "END:VALARM");
  lines.push("END:VEVENT");
  return lines;
}

export function toIcs(events: IcsEvent[], calendarName = "KnowWho follow-ups"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//KnowWho//Follow-ups//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
