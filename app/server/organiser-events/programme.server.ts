import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { minutesBetween, SESSION_MESSAGES, type SessionForm } from "~/lib/organiser-events/programme";
import { type IcsEvent, icsUid, toIcs } from "~/lib/time/ics";
import { zonedToUtc } from "~/lib/time/time";
import { card, orgAttendee, orgSchedule, orgSession, orgSessionSpeaker, orgTrack } from "~db/schema";
import type { Database } from "../db/db.server";
import { outer } from "../db/outer.server";
import { failedWith, rawSql, writeBatch } from "../db/write.server";
import { sha256Hex } from "../platform/tokens.server";
import type { Attendee } from "./attendees.server";
import type { OrgEvent } from "./events.server";

/** An organiser event's programme: sessions, tracks, speakers, and each attendee's own schedule. */

export type Speaker = { name: string; attendeeId: number | null; company: string | null; cardSlug: string | null };
export type AgendaSession = {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  room: string | null;
  capacity: number | null;
  track: string | null;
  uid: string;
  updatedAt: Date;
  taken: number;
  speakers: Speaker[];
};

const SESSION_ID = outer(orgSession.id);

/** Every session of an event in time order, with its track, speakers and seats taken. */
export async function agendaOf(db: Database, eventId: number): Promise<AgendaSession[]> {
  const rows = await db
    .select({
      id: orgSession.id,
      title: orgSession.title,
      description: orgSession.description,
      startsAt: orgSession.startsAt,
      endsAt: orgSession.endsAt,
      room: orgSession.room,
      capacity: orgSession.capacity,
      track: orgTrack.name,
      uid: orgSession.uid,
      updatedAt: orgSession.updatedAt,
      taken: sql<number>`(select count(*) from org_schedule k where k.session_id = ${SESSION_ID})`,
    })
    .from(orgSession)
    .leftJoin(orgTrack, eq(orgTrack.id, orgSession.trackId))
    .where(eq(orgSession.eventId, eventId))
    .orderBy(asc(orgSession.startsAt), asc(orgSession.room), asc(orgSession.id))
    .limit(500);
  if (!rows.length) return [];
  const speakers = await db
    .select({
      sessionId: orgSessionSpeaker.sessionId,
      name: sql<string>`coalesce(${orgAttendee.name}, ${orgSessionSpeaker.name})`,
      attendeeId: orgSessionSpeaker.attendeeId,
      company: orgAttendee.company,
      // A speaker's card is linked only once its owner published it.
      cardSlug: sql<string | null>`case when ${card.published} = 1 then ${card.slug} end`,
    })
    .from(orgSessionSpeaker)
    .innerJoin(orgSession, eq(orgSession.id, orgSessionSpeaker.sessionId))
    .leftJoin(orgAttendee, eq(orgAttendee.id, orgSessionSpeaker.attendeeId))
    .leftJoin(card, eq(card.id, orgAttendee.cardId))
    .where(eq(orgSession.eventId, eventId))
    .orderBy(asc(orgSessionSpeaker.sessionId), asc(orgSessionSpeaker.position));
  const bySession = Map.groupBy(speakers, (s) => s.sessionId);
  return rows.map((r) => ({
    ...r,
    speakers: (bySession.get(r.id) ?? []).map(({ sessionId: _, ...s }) => s),
  }));
}

/** One session of this event, for its edit page: the form's own fields as typed. */
export async function sessionForEdit(db: Database, eventId: number, id: number) {
  const [row] = await db
    .select({ s: orgSession, track: orgTrack.name })
    .from(orgSession)
    .leftJoin(orgTrack, eq(orgTrack.id, orgSession.trackId))
    .where(and(eq(orgSession.id, id), eq(orgSession.eventId, eventId)));
  if (!row) return null;
  const speakers = await db
    .select({ name: orgSessionSpeaker.name, email: orgAttendee.email })
    .from(orgSessionSpeaker)
    .leftJoin(orgAttendee, eq(orgAttendee.id, orgSessionSpeaker.attendeeId))
    .where(eq(orgSessionSpeaker.sessionId, id))
    .orderBy(asc(orgSessionSpeaker.position));
  return {
    id: row.s.id,
    title: row.s.title,
    description: row.s.description,
    startsAt: row.s.startsAt,
    endsAt: row.s.endsAt,
    room: row.s.room ?? "",
    track: row.track ?? "",
    capacity: row.s.capacity === null ? "" : String(row.s.capacity),
    speakers: speakers.map((s) => s.email ?? s.name).join("\n"),
  };
}

export type SaveSession = { ok: true; id: number } | { ok: false; field: keyof SessionForm; message: string };

/**
 * Adds or changes a session in one batch (its track, the session, its speakers). The room is refused by
 * the database when another session holds it at that time, so two organisers saving at once cannot both win.
 */
export async function saveSession(
  db: Database,
  event: OrgEvent,
  form: SessionForm,
  id: number | null = null,
): Promise<SaveSession | null> {
  const emails = form.speakers.flatMap((s) => (s.email ? [s.email] : []));
  const found = emails.length
    ? await db
        .select({ id: orgAttendee.id, email: orgAttendee.email, name: orgAttendee.name })
        .from(orgAttendee)
        .where(and(eq(orgAttendee.eventId, event.id), inArray(orgAttendee.email, emails.slice(0, 20))))
    : [];
  const byEmail = new Map(found.map((a) => [a.email, a]));
  const unknown = emails.find((e) => !byEmail.has(e));
  if (unknown) return { ok: false, field: "speakers", message: SESSION_MESSAGES.unknownSpeaker(unknown) };
  const uid = crypto.randomUUID();
  const trackId = form.track
    ? sql`(select id from org_track where event_id = ${event.id} and name = ${form.track})`
    : sql`null`;
  const values = {
    title: form.title,
    description: form.description,
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    room: form.room,
    capacity: form.capacity,
  };
  const sessionRef = id === null ? sql`(select id from org_session where uid = ${uid})` : sql`${id}`;
  try {
    const results = await writeBatch(db, [
      ...(form.track
        ? [db.insert(orgTrack).values({ eventId: event.id, name: form.track }).onConflictDoNothing()]
        : []),
      id === null
        ? db.insert(orgSession).values({ ...values, eventId: event.id, uid, trackId: sql`${trackId}` })
        : db
            .update(orgSession)
            .set({ ...values, trackId: sql`${trackId}`, updatedAt: new Date() })
            .where(and(eq(orgSession.id, id), eq(orgSession.eventId, event.id))),
      ...(id === null ? [] : [db.delete(orgSessionSpeaker).where(eq(orgSessionSpeaker.sessionId, id))]),
      ...form.speakers.map((s, position) => {
        const a = s.email ? byEmail.get(s.email) : undefined;
        return rawSql(sql`insert into org_session_speaker (session_id, name, attendee_id, position)
          select id, ${a?.name ?? s.name}, ${a?.id ?? null}, ${position} from org_session
          where id = ${sessionRef} and event_id = ${event.id}`);
      }),
    ]);
    const changed = results[form.track ? 1 : 0]?.meta.changes ?? 0;
    if (!changed) return null;
    if (id !== null) return { ok: true, id };
    const [row] = await db.select({ id: orgSession.id }).from(orgSession).where(eq(orgSession.uid, uid));
    return row ? { ok: true, id: row.id } : null;
  } catch (e) {
    if (failedWith(e, /org_session_room_taken/))
      return { ok: false, field: "room", message: SESSION_MESSAGES.roomTaken };
    throw e;
  }
}

export async function deleteSession(db: Database, eventId: number, id: number) {
  const rows = await db
    .delete(orgSession)
    .where(and(eq(orgSession.id, id), eq(orgSession.eventId, eventId)))
    .returning({ id: orgSession.id });
  return rows.length > 0;
}

export type ScheduleResult = "added" | "already" | "full" | "unknown";

/**
 * Puts a session of the attendee's own event on their schedule. The seat is counted by the database in the
 * insert itself (a trigger), so two people taking the last seat at once get one seat and one "full".
 */
export async function addToSchedule(db: Database, a: Attendee, sessionId: number): Promise<ScheduleResult> {
  try {
    const result = await db.run(sql`insert into org_schedule (session_id, attendee_id)
      select id, ${a.id} from org_session where id = ${sessionId} and event_id = ${a.eventId}
      on conflict do nothing`);
    if (result.meta.changes) return "added";
  } catch (e) {
    if (!failedWith(e, /org_session_full/)) throw e;
    // A full session the attendee already holds a seat in is theirs, not full to them.
    return (await onSchedule(db, a, sessionId)) ? "already" : "full";
  }
  return (await onSchedule(db, a, sessionId)) ? "already" : "unknown";
}

async function onSchedule(db: Database, a: Attendee, sessionId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orgSchedule)
    .where(and(eq(orgSchedule.sessionId, sessionId), eq(orgSchedule.attendeeId, a.id)));
  return Boolean(row);
}

export async function removeFromSchedule(db: Database, a: Attendee, sessionId: number) {
  const rows = await db
    .delete(orgSchedule)
    .where(and(eq(orgSchedule.sessionId, sessionId), eq(orgSchedule.attendeeId, a.id)))
    .returning({ id: orgSchedule.sessionId });
  return rows.length > 0;
}

/** The ids of the sessions on this attendee's schedule. */
export async function scheduleOf(db: Database, a: Attendee): Promise<Set<number>> {
  const rows = await db.select({ id: orgSchedule.sessionId }).from(orgSchedule).where(eq(orgSchedule.attendeeId, a.id));
  return new Set(rows.map((r) => r.id));
}

/** A session as a calendar event: its UID is its own, so a file and the feed name the same event. */
export function sessionIcsEvent(s: AgendaSession, e: OrgEvent, origin: string): IcsEvent | null {
  const start = zonedToUtc(s.startsAt, e.timeZone);
  if (!start) return null;
  const speakers = s.speakers.map((p) => p.name).join(", ");
  return {
    uid: icsUid("session", s.uid, origin),
    start,
    minutes: minutesBetween(s.startsAt, s.endsAt),
    summary: s.title,
    description: [
      `At ${e.title}`,
      speakers ? `With ${speakers}` : "",
      s.track ? `Track: ${s.track}` : "",
      s.description,
    ]
      .filter(Boolean)
      .join("\n"),
    location: [s.room, e.venue].filter(Boolean).join(", ") || null,
    url: origin.startsWith("https://") ? `${origin}/e/${e.slug}#s-${s.id}` : null,
    updated: new Date(s.updatedAt),
  };
}

/** One calendar file of these sessions (one session's file, or an attendee's whole schedule). */
export function programmeIcs(sessions: AgendaSession[], e: OrgEvent, origin: string, name: string) {
  return toIcs(
    sessions.flatMap((s) => sessionIcsEvent(s, e, origin) ?? []),
    { calendarName: name, refreshMinutes: 60 },
  );
}

/**
 * What the schedule feed's link carries beside the badge code: derived from the pass token, so the pass
 * itself never sits in a calendar app, and the feed shows nothing but the schedule.
 */
export async function scheduleFeedKey(passToken: string) {
  return (await sha256Hex(`schedule-feed:${passToken}`)).slice(0, 32);
}
