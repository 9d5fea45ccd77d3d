import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { translator } from "~/lib/i18n/translate";
import {
  addMinutes,
  type Busy,
  freeTimes,
  generateSlots,
  type Slot,
  type SlotsForm,
} from "~/lib/organiser-events/meeting-slots";
import { DAY_MS } from "~/lib/time/days";
import { zonedLocal, zonedToUtc } from "~/lib/time/time";
import {
  notification,
  orgAttendee,
  orgAvailability,
  orgEvent,
  orgMeeting,
  orgMeetingSlot,
  orgSchedule,
  orgSession,
} from "~db/schema";
import type { Database } from "../db/db.server";
import { failedWith, rawSql, type Statement, writeBatch } from "../db/write.server";
import { outboxMailer } from "../platform/mail.server";
import { type Attendee, visibleAttendee } from "./attendees.server";
import type { OrgEvent } from "./events.server";
import { attendeeLocale, meetingLine } from "./meetings.server";

/** Meetings in the organiser's slots: opening slots, availability, the free times of two people, booking. */

const LIVE = ["pending", "accepted"] as const;
/** Rows per insert: four columns each, within D1's 100 bound parameters. */
const SLOT_ROWS = 20;

/** Opens every slot of the form; a slot that exists already stays as it is. One batch. */
export async function openSlots(db: Database, event: OrgEvent, form: SlotsForm) {
  const drafts = generateSlots(form);
  const statements: Statement[] = [];
  for (let i = 0; i < drafts.length; i += SLOT_ROWS)
    statements.push(
      db
        .insert(orgMeetingSlot)
        .values(drafts.slice(i, i + SLOT_ROWS).map((d) => ({ ...d, eventId: event.id })))
        .onConflictDoNothing(),
    );
  const results = await writeBatch(db, statements);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

export async function eventSlots(db: Database, eventId: number): Promise<Slot[]> {
  return db
    .select({
      id: orgMeetingSlot.id,
      startsAt: orgMeetingSlot.startsAt,
      minutes: orgMeetingSlot.minutes,
      place: orgMeetingSlot.place,
    })
    .from(orgMeetingSlot)
    .where(eq(orgMeetingSlot.eventId, eventId))
    .orderBy(asc(orgMeetingSlot.startsAt), asc(orgMeetingSlot.place))
    .limit(5000);
}

export async function hasSlots(db: Database, eventId: number) {
  const [row] = await db
    .select({ id: orgMeetingSlot.id })
    .from(orgMeetingSlot)
    .where(eq(orgMeetingSlot.eventId, eventId))
    .limit(1);
  return Boolean(row);
}

const asker = alias(orgAttendee, "asker");
const asked = alias(orgAttendee, "asked");

/** The organiser's board: every slot with the live meeting booked in it, names only. */
export async function slotBoard(db: Database, eventId: number) {
  const rows = await db
    .select({
      id: orgMeetingSlot.id,
      startsAt: orgMeetingSlot.startsAt,
      minutes: orgMeetingSlot.minutes,
      place: orgMeetingSlot.place,
      state: orgMeeting.state,
      from: asker.name,
      to: asked.name,
    })
    .from(orgMeetingSlot)
    .leftJoin(orgMeeting, and(eq(orgMeeting.slotId, orgMeetingSlot.id), inArray(orgMeeting.state, LIVE)))
    .leftJoin(asker, eq(asker.id, orgMeeting.fromId))
    .leftJoin(asked, eq(asked.id, orgMeeting.toId))
    .where(eq(orgMeetingSlot.eventId, eventId))
    .orderBy(asc(orgMeetingSlot.startsAt), asc(orgMeetingSlot.place))
    .limit(5000);
  const places = [...new Set(rows.map((r) => r.place))].sort();
  const times = [...new Set(rows.map((r) => r.startsAt))];
  return { places, times, slots: rows };
}

/** The slot times this attendee said they are free; empty means any time. */
export async function availabilityOf(db: Database, attendeeId: number): Promise<Set<string>> {
  const rows = await db
    .select({ at: orgAvailability.startsAt })
    .from(orgAvailability)
    .where(eq(orgAvailability.attendeeId, attendeeId));
  return new Set(rows.map((r) => r.at));
}

/** Replaces the attendee's availability with these slot times of their event (others are ignored). One batch. */
export async function setAvailability(db: Database, a: Attendee, times: string[]) {
  await writeBatch(db, [
    db.delete(orgAvailability).where(eq(orgAvailability.attendeeId, a.id)),
    ...[...new Set(times)].slice(0, 500).map((t) =>
      rawSql(sql`insert or ignore into org_availability (attendee_id, starts_at)
        select ${a.id}, starts_at from org_meeting_slot where event_id = ${a.eventId} and starts_at = ${t} limit 1`),
    ),
  ]);
}

/** What keeps these attendees busy: sessions on their schedules and their live meetings (but `except`). */
async function busyOf(db: Database, ids: number[], except: number | null): Promise<Busy[]> {
  const [sessions, meetings] = await Promise.all([
    db
      .select({ startsAt: orgSession.startsAt, endsAt: orgSession.endsAt })
      .from(orgSchedule)
      .innerJoin(orgSession, eq(orgSession.id, orgSchedule.sessionId))
      .where(inArray(orgSchedule.attendeeId, ids)),
    db
      .select({ startsAt: orgMeeting.startsAt, minutes: orgMeeting.minutes })
      .from(orgMeeting)
      .where(
        and(
          inArray(orgMeeting.state, LIVE),
          or(inArray(orgMeeting.fromId, ids), inArray(orgMeeting.toId, ids)),
          except === null ? undefined : ne(orgMeeting.id, except),
        ),
      ),
  ]);
  return [...sessions, ...meetings.map((m) => ({ startsAt: m.startsAt, endsAt: addMinutes(m.startsAt, m.minutes) }))];
}

/** The free times of two attendees, one open slot each, never past; `except` is a meeting being moved. */
export async function freeSlotsFor(
  db: Database,
  event: OrgEvent,
  a: Attendee,
  b: Attendee,
  now = new Date(),
  except: number | null = null,
) {
  const [slots, taken, availA, availB, busy] = await Promise.all([
    eventSlots(db, event.id),
    db
      .select({ id: orgMeeting.slotId })
      .from(orgMeeting)
      .where(
        and(
          eq(orgMeeting.eventId, event.id),
          inArray(orgMeeting.state, LIVE),
          sql`${orgMeeting.slotId} is not null`,
          except === null ? undefined : ne(orgMeeting.id, except),
        ),
      ),
    availabilityOf(db, a.id),
    availabilityOf(db, b.id),
    busyOf(db, [a.id, b.id], except),
  ]);
  return freeTimes({
    slots,
    taken: new Set(taken.map((t) => t.id ?? 0)),
    now: zonedLocal(now, event.timeZone),
    available: [availA, availB],
    busy,
  });
}

export type Booking = "requested" | "pending" | "unknown" | "not-free" | "taken" | "clash";

/** What a refused insert or update of a slotted meeting means. */
function refusal(e: unknown): "taken" | "clash" | null {
  if (failedWith(e, /org_meeting_clash/)) return "clash";
  if (failedWith(e, /UNIQUE constraint failed: org_meeting\.slot_id/)) return "taken";
  return null;
}

/**
 * Asks `toId` to meet in a slot that is free for both now. The database refuses a slot booked a moment ago
 * and a time that overlaps either person's sessions or meetings, so two requests at once book it once.
 */
export async function bookSlot(
  db: Database,
  event: OrgEvent,
  me: Attendee,
  toId: number,
  slotId: number,
  note: string,
  now = new Date(),
): Promise<{ result: Booking; meeting?: typeof orgMeeting.$inferSelect }> {
  const to = await visibleAttendee(db, event, me, toId);
  if (!to) return { result: "unknown" };
  const [slot] = await db
    .select()
    .from(orgMeetingSlot)
    .where(and(eq(orgMeetingSlot.id, slotId), eq(orgMeetingSlot.eventId, event.id)));
  if (!slot) return { result: "not-free" };
  const free = await freeSlotsFor(db, event, me, to, now);
  if (!free.some((s) => s.startsAt === slot.startsAt)) {
    // The same request sent twice (a double tap) is the one already made.
    const [same] = await db
      .select({ id: orgMeeting.id })
      .from(orgMeeting)
      .where(and(eq(orgMeeting.slotId, slot.id), eq(orgMeeting.fromId, me.id), eq(orgMeeting.toId, to.id)));
    return { result: same ? "pending" : "not-free" };
  }
  try {
    const [m] = await db
      .insert(orgMeeting)
      .values({
        eventId: event.id,
        fromId: me.id,
        toId: to.id,
        startsAt: slot.startsAt,
        minutes: slot.minutes,
        place: slot.place,
        note,
        uid: crypto.randomUUID(),
        slotId: slot.id,
      })
      .returning();
    return { result: "requested", meeting: m };
  } catch (e) {
    const why = refusal(e);
    if (why) return { result: why };
    throw e;
  }
}

/** A live meeting of this attendee (asked or asking) in their event. */
async function liveMeetingOf(db: Database, me: Attendee, id: number) {
  const [m] = await db
    .select()
    .from(orgMeeting)
    .where(
      and(
        eq(orgMeeting.id, id),
        eq(orgMeeting.eventId, me.eventId),
        or(eq(orgMeeting.fromId, me.id), eq(orgMeeting.toId, me.id)),
        inArray(orgMeeting.state, LIVE),
      ),
    );
  return m ?? null;
}

/** Either side cancels a live meeting; its slot is free again at once. */
export async function cancelMeeting(db: Database, me: Attendee, id: number) {
  const [m] = await db
    .update(orgMeeting)
    .set({ state: "cancelled", updatedAt: new Date() })
    .where(
      and(
        eq(orgMeeting.id, id),
        eq(orgMeeting.eventId, me.eventId),
        or(eq(orgMeeting.fromId, me.id), eq(orgMeeting.toId, me.id)),
        inArray(orgMeeting.state, LIVE),
      ),
    )
    .returning();
  return m ?? null;
}

/**
 * Either side moves a live meeting to another slot free for both. It waits for the other side's answer
 * again: the one who moved it becomes the one who asked.
 */
export async function rescheduleMeeting(
  db: Database,
  event: OrgEvent,
  me: Attendee,
  id: number,
  slotId: number,
  now = new Date(),
): Promise<{ result: Booking; meeting?: typeof orgMeeting.$inferSelect }> {
  const m = await liveMeetingOf(db, me, id);
  if (!m) return { result: "unknown" };
  const otherId = m.fromId === me.id ? m.toId : m.fromId;
  const [other] = await db.select().from(orgAttendee).where(eq(orgAttendee.id, otherId));
  const [slot] = await db
    .select()
    .from(orgMeetingSlot)
    .where(and(eq(orgMeetingSlot.id, slotId), eq(orgMeetingSlot.eventId, event.id)));
  if (!other || !slot) return { result: "not-free" };
  const free = await freeSlotsFor(db, event, me, other, now, m.id);
  if (!free.some((s) => s.startsAt === slot.startsAt)) return { result: "not-free" };
  try {
    const [moved] = await db
      .update(orgMeeting)
      .set({
        slotId: slot.id,
        startsAt: slot.startsAt,
        minutes: slot.minutes,
        place: slot.place,
        fromId: me.id,
        toId: other.id,
        state: "pending",
        updatedAt: new Date(),
      })
      .where(and(eq(orgMeeting.id, m.id), inArray(orgMeeting.state, LIVE)))
      .returning();
    return moved ? { result: "requested", meeting: moved } : { result: "unknown" };
  } catch (e) {
    const why = refusal(e);
    if (why) return { result: why };
    throw e;
  }
}

/** Tells the other side of a meeting what changed: a notification for an account holder, and a mail. */
export async function notifyMeeting(
  db: Database,
  origin: string,
  event: OrgEvent,
  actor: Attendee,
  m: { startsAt: string; minutes: number; place: string; fromId: number; toId: number },
  what: "accepted" | "declined" | "cancelled" | "moved",
) {
  const otherId = m.fromId === actor.id ? m.toId : m.fromId;
  const [other] = await db.select().from(orgAttendee).where(eq(orgAttendee.id, otherId));
  if (!other) return;
  // In the language the other side joined in: the mail and the notification are theirs to read.
  const locale = attendeeLocale(other);
  const t = translator(locale);
  const line = meetingLine(m, event.timeZone, locale);
  const title = t(`att.mail.meeting.${what}`, { name: actor.name });
  const statements: Statement[] = [];
  if (other.userId)
    statements.push(
      db.insert(notification).values({
        userId: other.userId,
        title,
        message: t("att.mail.at", { event: event.title, line }),
        type: what === "accepted" ? "success" : "info",
        actionLabel: t("att.mail.open"),
        actionUrl: `/e/${event.slug}/directory`,
      }),
    );
  await writeBatch(db, statements);
  await outboxMailer(db).send({
    to: other.email,
    kind: "event-meeting",
    subject: t("att.mail.meeting.subject", { what: title, event: event.title }),
    text: `${t("att.mail.hi", { name: other.name })}\n\n${title}: ${line}.${what === "moved" ? ` ${t("att.mail.meeting.movedNote")}` : ""}\n\n${t("att.mail.meeting.pass")}\n${origin}/pass/${other.passToken}#requests\n\n${t("att.mail.meeting.why", { event: event.title })}`,
  });
}

/** How long before an accepted meeting both people are reminded. */
export const MEETING_REMINDER_MS = 30 * 60_000;

/**
 * The cron: a reminder to both people of each accepted meeting starting within the next half hour, once
 * (claimed per meeting in the database), by mail and, for account holders, a notification.
 */
export async function remindMeetings(db: Database, now: Date) {
  // Wall-clock times differ by zone: a day either side finds every candidate, the event's zone decides.
  const low = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 16);
  const high = new Date(now.getTime() + 2 * DAY_MS).toISOString().slice(0, 16);
  const rows = await db
    .select({ m: orgMeeting, e: orgEvent })
    .from(orgMeeting)
    .innerJoin(orgEvent, eq(orgEvent.id, orgMeeting.eventId))
    .where(
      and(
        eq(orgMeeting.state, "accepted"),
        sql`${orgMeeting.remindedAt} is null`,
        sql`${orgMeeting.startsAt} between ${low} and ${high}`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const { m, e } of rows) {
    const start = zonedToUtc(m.startsAt, e.timeZone)?.getTime();
    if (start === undefined || start <= now.getTime() || start - now.getTime() > MEETING_REMINDER_MS) continue;
    const [claimed] = await db
      .update(orgMeeting)
      .set({ remindedAt: now.getTime() })
      .where(and(eq(orgMeeting.id, m.id), sql`${orgMeeting.remindedAt} is null`, eq(orgMeeting.state, "accepted")))
      .returning({ id: orgMeeting.id });
    if (!claimed) continue;
    const people = await db
      .select()
      .from(orgAttendee)
      .where(inArray(orgAttendee.id, [m.fromId, m.toId]));
    for (const p of people) {
      const other = people.find((q) => q.id !== p.id);
      if (!other) continue;
      const locale = attendeeLocale(p);
      const t = translator(locale);
      const line = meetingLine(m, e.timeZone, locale);
      if (p.userId)
        await db.insert(notification).values({
          userId: p.userId,
          title: t("att.mail.reminder.title", { name: other.name }),
          message: t("att.mail.at", { event: e.title, line }),
          type: "info",
          actionLabel: t("att.mail.open"),
          actionUrl: `/e/${e.slug}/directory`,
        });
      await outboxMailer(db).send({
        to: p.email,
        kind: "event-meeting-reminder",
        subject: t("att.mail.reminder.subject", { name: other.name, event: e.title }),
        text: `${t("att.mail.hi", { name: p.name })}\n\n${t("att.mail.reminder.body", { who: other.company ? `${other.name} (${other.company})` : other.name, line })}\n\n${t("att.mail.reminder.why", { event: e.title })}`,
      });
    }
    sent++;
  }
  return sent;
}
