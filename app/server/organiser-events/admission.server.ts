import { and, eq, sql } from "drizzle-orm";
import { orgEvent } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { outboxMailer } from "../platform/mail.server";

/**
 * Who gets a place: approval by the organiser and the waitlist. Every move is one statement the database
 * decides (a free seat is counted inside the update), so two people leaving at once move two people up, once each.
 */

type Moved = { id: number; email: string; name: string; passToken: string; locale: string | null };

/**
 * Moves the first on the waitlist up when a seat is free; in the same batch as whatever freed it. The seat is
 * counted in the statement, so it never overfills and never moves one person twice.
 */
export const promoteStatement = (eventId: number, now = Date.now()): Statement =>
  rawSql(sql`update org_attendee set state = 'going', updated_at = ${now}
    where id = (select id from org_attendee where event_id = ${eventId} and state = 'waitlist' order by id limit 1)
      and (select count(*) from org_attendee where event_id = ${eventId} and state = 'going')
        < coalesce((select capacity from org_event where id = ${eventId}), 9000000000)
    returning id, email, name, pass_token as passToken, locale`);

/** The rows a batch's promotion moved (none when no seat was free or nobody waited). */
export const promotedBy = (result: { results?: unknown[] } | undefined) => (result?.results ?? []) as Moved[];

export type Admission = { ok: true; moved: Moved[] } | { ok: false; reason: "full" | "unknown" };

/** The organiser lets a pending (or waiting) attendee in, if a seat is free: the database counts it. */
export async function approveAttendee(db: Database, eventId: number, attendeeId: number): Promise<Admission> {
  const [result] = await writeBatch(db, [
    rawSql(sql`update org_attendee set state = 'going', updated_at = ${Date.now()}
      where id = ${attendeeId} and event_id = ${eventId} and state in ('pending', 'waitlist')
        and (select count(*) from org_attendee where event_id = ${eventId} and state = 'going')
          < coalesce((select capacity from org_event where id = ${eventId}), 9000000000)
      returning id, email, name, pass_token as passToken, locale`),
  ]);
  const moved = promotedBy(result);
  if (moved.length) return { ok: true, moved };
  const [row] = await db.all<{ state: string }>(
    sql`select state from org_attendee where id = ${attendeeId} and event_id = ${eventId}`,
  );
  return { ok: false, reason: row?.state === "pending" || row?.state === "waitlist" ? "full" : "unknown" };
}

/**
 * The organiser declines an attendee (pending, waiting or going); a seat it frees goes to the first on the
 * waitlist in the same batch. `moved` is the declined attendee, then anyone moved up.
 */
export async function declineAttendee(db: Database, eventId: number, attendeeId: number): Promise<Admission> {
  const [declined, promoted] = await writeBatch(db, [
    rawSql(sql`update org_attendee set state = 'declined', listed = 0, updated_at = ${Date.now()}
      where id = ${attendeeId} and event_id = ${eventId} and state <> 'declined'
      returning id, email, name, pass_token as passToken, locale`),
    promoteStatement(eventId),
  ]);
  const gone = promotedBy(declined);
  if (!gone.length) return { ok: false, reason: "unknown" };
  return { ok: true, moved: [...gone, ...promotedBy(promoted)] };
}

export const STATE_WORDS = {
  pending: (title: string) => `Your request to join ${title} is waiting for the organiser's approval.`,
  waitlist: (title: string) => `${title} is full: you are on the waitlist, and will get your pass if a place frees up.`,
  declined: (title: string) => `The organiser of ${title} declined your request to join.`,
} as const;

/** Tells an attendee they wait (pending, waitlist) or were declined; a place is mailed as the pass (sendPass). */
export async function mailPlace(
  db: Database,
  origin: string,
  title: string,
  a: Moved,
  place: "pending" | "waitlist" | "declined",
) {
  await outboxMailer(db).send({
    to: a.email,
    kind: `event-${place}`,
    subject: place === "declined" ? `Your request to join ${title}` : `You asked to join ${title}`,
    text: `Hello ${a.name},\n\n${STATE_WORDS[place](title)}\n\nYour page for this event: ${origin}/pass/${a.passToken}\n`,
  });
}

/** The organiser's choices: approve each joiner, and keep a waitlist beyond the capacity. */
export async function setAdmission(
  db: Database,
  workspaceId: string,
  eventId: number,
  choice: { approval: boolean; waitlist: boolean },
) {
  await db
    .update(orgEvent)
    .set(choice)
    .where(and(eq(orgEvent.id, eventId), eq(orgEvent.userId, workspaceId)));
}
