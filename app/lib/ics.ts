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

const encoder = new TextEncoder();

export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).byteLength;
    const limit = out.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function eventLines(e: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(e.uid)}`,
    `DTSTAMP:${stamp(e.updated)}`,
    `DTSTART:${stamp(e.start)}`,
    `DURATION:PT${Math.max(5, Math.round(e.minutes))}M`,
    `SUMMARY:${escapeIcsText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeIcsText(e.description)}`);
  if (e.url && /^https:\/\//.test(e.url)) lines.push(`URL:${e.url}`);
  lines.push(
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${escapeIcsText(e.summary)}`,
    "TRIGGER:-PT10M",
    "END:VALARM",
  );
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
    `X-WR-CALNAME:${escapeIcsText(calendarName)}`,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
