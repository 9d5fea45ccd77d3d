import { and, desc, eq, sql } from "drizzle-orm";
import { parseBadge } from "~/lib/organiser-events/badge";
import { orgAttendee, orgCheckin, orgDoorScan, type orgEvent } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { randomToken } from "../platform/tokens.server";
import { attendeeByScan } from "./attendees.server";

type OrgEvent = typeof orgEvent.$inferSelect;

export const DOOR_MESSAGES = {
  unreadable: "That code is not an attendee pass: scan the QR code on the pass",
  otherEvent: (title: string) => `That pass is for another event, not ${title}`,
  unknown: (title: string) => `That pass is not valid for ${title}: ask the attendee to open the pass mailed to them`,
  notAttendee: "That person is not an attendee of this event",
  noPlace: (name: string) => `${name} has no place yet: approve them in the attendee list first`,
  badKey: "That scan's key is not one this page makes: scan the pass again",
  otherKey: (title: string) => `That scan was made at another event's door, not ${title}'s`,
} as const;

/** A scan's client-made idempotency key: what the door page makes (crypto.randomUUID), nothing longer. */
export const DOOR_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export type DoorResult =
  | { ok: true; created: boolean; name: string; checkedAt: Date }
  | { ok: false; reason: "unreadable" | "other-event" | "unknown" | "bad-key"; message: string };

/**
 * Lets the attendee in, once: the attendee is the check-in's key, so a second scan, or two phones scanning
 * at once, store one row and both answer with the first scan's time. With a scan's `key`, the key is stored in the
 * same batch and only the request whose insert made it checks in: the same scan sent again (a queue replayed after
 * a lost answer, or after the check-in was undone) changes nothing, and a key made at another event's door is refused.
 */
async function letIn(
  db: Database,
  eventId: number,
  attendeeId: number,
  byUser: string | null,
  now: number,
  key?: string,
) {
  const claim = key ? randomToken(12) : null;
  const results = await writeBatch(db, [
    ...(key
      ? [
          rawSql(sql`insert into org_door_scan (key, event_id, attendee_id, claim, created_at)
            values (${key}, ${eventId}, ${attendeeId}, ${claim}, ${now}) on conflict (key) do nothing`),
        ]
      : []),
    rawSql(sql`insert into org_checkin (attendee_id, event_id, checked_at, by_user)
      select id, event_id, ${now}, ${byUser} from org_attendee
      where id = ${attendeeId} and event_id = ${eventId} and state = 'going'
        ${key ? sql`and exists (select 1 from org_door_scan where key = ${key} and claim = ${claim} and event_id = ${eventId})` : sql``}
      on conflict (attendee_id) do nothing`),
  ]);
  const [row] = await db
    .select({
      name: orgAttendee.name,
      checkedAt: orgCheckin.checkedAt,
      // The event the scan's key was first sent for (this one, unless the key came from another door).
      keyEvent: key
        ? sql<number | null>`(select ${orgDoorScan.eventId} from ${orgDoorScan} where ${orgDoorScan.key} = ${key})`
        : sql<null>`null`,
    })
    .from(orgAttendee)
    .leftJoin(orgCheckin, eq(orgCheckin.attendeeId, orgAttendee.id))
    .where(and(eq(orgAttendee.id, attendeeId), eq(orgAttendee.eventId, eventId)));
  if (!row || (key && row.keyEvent !== eventId) || (!key && !row.checkedAt)) return null;
  const made = results.at(-1);
  // A replayed key whose check-in was since undone answers as already seen, at the time it was sent again.
  return { name: row.name, checkedAt: row.checkedAt ?? new Date(now), created: (made?.meta.changes ?? 0) > 0 };
}

/** A pass scanned (or its link typed) at this event's door: only a pass of this event, with its proof, lets in. */
export async function checkInScan(
  db: Database,
  event: OrgEvent,
  scanned: string,
  byUser: string | null,
  now = Date.now(),
  key?: string,
): Promise<DoorResult> {
  if (key !== undefined && !DOOR_KEY.test(key)) return { ok: false, reason: "bad-key", message: DOOR_MESSAGES.badKey };
  const badge = parseBadge(scanned);
  if (!badge) return { ok: false, reason: "unreadable", message: DOOR_MESSAGES.unreadable };
  if (badge.slug !== event.slug)
    return { ok: false, reason: "other-event", message: DOOR_MESSAGES.otherEvent(event.title) };
  const found = await attendeeByScan(db, event.slug, badge.code, badge.proof ?? undefined);
  if (!found) return { ok: false, reason: "unknown", message: DOOR_MESSAGES.unknown(event.title) };
  // Pending, waiting or declined: a pass they could not open does not let them in either.
  if (found.a.state !== "going") return { ok: false, reason: "unknown", message: DOOR_MESSAGES.noPlace(found.a.name) };
  const row = await letIn(db, event.id, found.a.id, byUser, now, key);
  if (row) return { ok: true, ...row };
  return key
    ? { ok: false, reason: "other-event", message: DOOR_MESSAGES.otherKey(event.title) }
    : { ok: false, reason: "unknown", message: DOOR_MESSAGES.unknown(event.title) };
}

/** The organiser's own check-in from the attendee list (someone without their phone). */
export async function checkInAttendee(
  db: Database,
  eventId: number,
  attendeeId: number,
  byUser: string | null,
  now = Date.now(),
): Promise<DoorResult> {
  const row = await letIn(db, eventId, attendeeId, byUser, now);
  return row ? { ok: true, ...row } : { ok: false, reason: "unknown", message: DOOR_MESSAGES.notAttendee };
}

/** Undoes a check-in made by mistake; true when there was one. */
export async function undoCheckIn(db: Database, eventId: number, attendeeId: number) {
  const gone = await db
    .delete(orgCheckin)
    .where(and(eq(orgCheckin.eventId, eventId), eq(orgCheckin.attendeeId, attendeeId)))
    .returning({ id: orgCheckin.attendeeId });
  return gone.length > 0;
}

/** The latest people let in, newest first, for the door screen. */
export function recentCheckIns(db: Database, eventId: number, limit = 10) {
  return db
    .select({ id: orgAttendee.id, name: orgAttendee.name, checkedAt: orgCheckin.checkedAt })
    .from(orgCheckin)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgCheckin.attendeeId))
    .where(eq(orgCheckin.eventId, eventId))
    .orderBy(desc(orgCheckin.checkedAt), desc(orgCheckin.attendeeId))
    .limit(limit);
}
