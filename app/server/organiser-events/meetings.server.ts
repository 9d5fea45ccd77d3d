import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DEFAULT_LOCALE, type Locale, matchLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { formatLocal, type MeetingForm } from "~/lib/organiser-events/rules";
import type { IcsEvent } from "~/lib/time/ics";
import { icsUid } from "~/lib/time/ics";
import { zonedToUtc } from "~/lib/time/time";
import { orgAttendee, orgEvent, orgMeeting } from "~db/schema";
import type { Database } from "../db/db.server";
import type { PeopleEvents } from "../people/events.server";
import { entryStatements } from "../people/timeline.server";
import { type Attendee, exchange, visibleAttendee } from "./attendees.server";
import type { OrgEvent } from "./events.server";

/** Meetings between attendees: asked of someone visible in the directory, answered by them alone. */

export type Meeting = typeof orgMeeting.$inferSelect;

/** The language an attendee joined in, for their screens' words and their mail; English before 0073. */
export const attendeeLocale = (a: { locale: string | null }): Locale => matchLocale(a.locale) ?? DEFAULT_LOCALE;

/** "Tue, May 1, 2030, 10:30 AM (America/Chicago), 30 min at Stand 12": one line for timelines and lists. */
export const meetingLine = (
  m: { startsAt: string; minutes: number; place: string },
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
) =>
  translator(locale)("att.meeting.line", {
    when: locale === DEFAULT_LOCALE ? formatLocal(m.startsAt) : formatLocal(m.startsAt, locale),
    zone: timeZone.replace(/_/g, " "),
    minutes: m.minutes,
    place: m.place,
  });

/**
 * Asks `to` for a meeting. Only someone the asker can see in the directory; the same slot asked twice
 * (a double tap) is one request, held by the unique key.
 */
export async function requestMeeting(
  db: Database,
  event: OrgEvent,
  from: Attendee,
  toId: number,
  form: MeetingForm,
): Promise<"requested" | "pending" | "unknown"> {
  const to = await visibleAttendee(db, event, from, toId);
  if (!to) return "unknown";
  const made = await db
    .insert(orgMeeting)
    .values({ eventId: event.id, fromId: from.id, toId: to.id, ...form, uid: crypto.randomUUID() })
    .onConflictDoNothing()
    .returning({ id: orgMeeting.id });
  return made.length ? "requested" : "pending";
}

/**
 * The asked attendee accepts or declines. The state moves from pending in one statement, so two answers
 * at once change it once. Accepting exchanges details both ways (as Connect does) and writes the meeting
 * onto both people's timelines in the same batch as each arrival.
 */
export async function answerMeeting(
  db: Database,
  events: PeopleEvents,
  event: OrgEvent,
  me: Attendee,
  meetingId: number,
  accept: boolean,
): Promise<Meeting | null> {
  const [m] = await db
    .update(orgMeeting)
    .set({ state: accept ? "accepted" : "declined", updatedAt: new Date() })
    .where(
      and(
        eq(orgMeeting.id, meetingId),
        eq(orgMeeting.eventId, event.id),
        eq(orgMeeting.toId, me.id),
        eq(orgMeeting.state, "pending"),
      ),
    )
    .returning();
  if (!m || !accept) return m ?? null;
  const [from] = await db.select().from(orgAttendee).where(eq(orgAttendee.id, m.fromId));
  if (!from) return m;
  const line = meetingLine(m, event.timeZone);
  await exchange(db, events, event, me, from, "share", {
    key: `org-meeting-${m.id}`,
    detail: `Agreed to meet at ${event.title}`,
    also: (owner: Attendee, personId: SQL) =>
      owner.userId
        ? entryStatements(owner.userId, personId, {
            kind: "meeting-planned",
            source: "event",
            text: `${event.title}: ${line}${m.note ? `. ${m.note}` : ""}`,
            clientId: `org-meeting-${m.id}-${owner.id}`,
          })
        : [],
  });
  return m;
}

const other = alias(orgAttendee, "other");

/** The meetings this attendee asked for or was asked, with the other side's name, newest first. */
export function meetingsOf(db: Database, me: Attendee) {
  return db
    .select({
      id: orgMeeting.id,
      startsAt: orgMeeting.startsAt,
      minutes: orgMeeting.minutes,
      place: orgMeeting.place,
      note: orgMeeting.note,
      state: orgMeeting.state,
      asked: sql<number>`${orgMeeting.fromId} = ${me.id}`,
      otherId: other.id,
      slotted: sql<number>`${orgMeeting.slotId} is not null`,
      otherName: other.name,
      otherCompany: other.company,
    })
    .from(orgMeeting)
    .innerJoin(
      other,
      sql`${other.id} = case when ${orgMeeting.fromId} = ${me.id} then ${orgMeeting.toId} else ${orgMeeting.fromId} end`,
    )
    .where(and(eq(orgMeeting.eventId, me.eventId), or(eq(orgMeeting.fromId, me.id), eq(orgMeeting.toId, me.id))))
    .orderBy(desc(orgMeeting.createdAt))
    .limit(200)
    .then((rows) => rows.map((r) => ({ ...r, asked: Boolean(r.asked), slotted: Boolean(r.slotted) })));
}

const mine = alias(orgAttendee, "mine");

/**
 * Accepted meetings of every pass this account holds, as calendar events: the UID is the meeting's own,
 * so both people's feeds and every refetch name the same meeting.
 */
export async function meetingCalendarEvents(db: Database, userId: string, origin: string): Promise<IcsEvent[]> {
  const rows = await db
    .select({ m: orgMeeting, e: orgEvent, otherName: other.name, otherCompany: other.company })
    .from(orgMeeting)
    .innerJoin(mine, or(eq(mine.id, orgMeeting.fromId), eq(mine.id, orgMeeting.toId)))
    .innerJoin(
      other,
      sql`${other.id} = case when ${orgMeeting.fromId} = ${mine.id} then ${orgMeeting.toId} else ${orgMeeting.fromId} end`,
    )
    .innerJoin(orgEvent, eq(orgEvent.id, orgMeeting.eventId))
    .where(and(eq(mine.userId, userId), eq(orgMeeting.state, "accepted")))
    .orderBy(desc(orgMeeting.startsAt))
    .limit(500);
  return rows.flatMap(({ m, e, otherName, otherCompany }) => {
    const start = zonedToUtc(m.startsAt, e.timeZone);
    if (!start) return [];
    return [
      {
        uid: icsUid("meeting", m.uid, origin),
        start,
        minutes: m.minutes,
        summary: `Meeting: ${otherName}${otherCompany ? ` (${otherCompany})` : ""}`,
        description: [`At ${e.title}`, m.note].filter(Boolean).join("\n"),
        location: m.place,
        url: origin.startsWith("https://") ? `${origin}/e/${e.slug}/directory` : null,
        updated: new Date(m.updatedAt),
      },
    ];
  });
}
