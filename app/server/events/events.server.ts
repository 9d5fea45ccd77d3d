import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { EventForm } from "~/lib/events/rules";
import { connection, event, reminder, type StoredPlan } from "~db/schema";
import { invalidateOwnerCards } from "../cards/cards.server";
import type { Database, Owners } from "../db/db.server";
import { peopleOf, viewerOf } from "../people/access.server";
import { renameEventOnPeople } from "../people/edit.server";
import type { AppEnv } from "../platform/env.server";

/** Every query takes the owner's id: another account's events are never read or changed. */

export function listEvents(db: Database, userId: string) {
  return db
    .select({
      id: event.id,
      title: event.title,
      description: event.description,
      date: event.date,
      endDate: event.endDate,
      time: event.time,
      location: event.location,
      type: event.type,
      platform: event.platform,
      url: event.url,
      image: event.image,
      attendeeCount: event.attendeeCount,
      active: event.active,
    })
    .from(event)
    .where(eq(event.userId, userId))
    .orderBy(desc(event.date), desc(event.id))
    .limit(200);
}

/** One page of the owner's events, latest date first; `after` is the (date, id) of the previous page's last. */
export function pageEvents(
  db: Database,
  userId: string,
  options: { limit: number; after?: { date: string; id: number } | null },
) {
  const { after } = options;
  return db
    .select()
    .from(event)
    .where(
      and(
        eq(event.userId, userId),
        after ? sql`(${event.date}, ${event.id}) < (${after.date}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(event.date), desc(event.id))
    .limit(options.limit);
}

export async function getEvent(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(event)
    .where(and(eq(event.id, id), eq(event.userId, userId)));
  return row;
}

/** Titles are unique per owner: the people met at an event are found by its title ("Met at"). */
export async function titleTaken(db: Database, userId: string, title: string, exceptId: number | null) {
  const rows = await db
    .select({ id: event.id })
    .from(event)
    .where(and(eq(event.userId, userId), sql`lower(${event.title}) = lower(${title})`))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function createEvent(db: Database, userId: string, form: EventForm) {
  const [row] = await db
    .insert(event)
    .values({ userId, ...form })
    .returning({ id: event.id });
  return row?.id ?? null;
}

/** Met at the event: its "Met at", or tagged with it while it was active (someone known before, met again). */
const metAt = (userId: string, title: string) =>
  and(
    eq(connection.userId, userId),
    or(
      eq(connection.eventName, title),
      sql`exists (select 1 from json_each(${connection.tags}) where value = ${title})`,
    ),
  );

/** Renaming keeps the people met there with the event: their "Met at" and tag follow the new title. */
export async function updateEvent(env: AppEnv, db: Database, userId: string, id: number, form: EventForm) {
  const existing = await getEvent(db, userId, id);
  if (!existing) return false;
  const statements = [
    db
      .update(event)
      .set(form)
      .where(and(eq(event.id, id), eq(event.userId, userId))),
  ];
  if (existing.title !== form.title)
    statements.push(
      ...(renameEventOnPeople(db, userId, existing.title, form.title, metAt(userId, existing.title)) as never[]),
    );
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  if (existing.active && existing.title !== form.title) await invalidateOwnerCards(env, db, userId);
  return true;
}

export async function deleteEvent(env: AppEnv, db: Database, userId: string, id: number) {
  const [row] = await db
    .delete(event)
    .where(and(eq(event.id, id), eq(event.userId, userId)))
    .returning({ active: event.active });
  if (row?.active) await invalidateOwnerCards(env, db, userId);
  return Boolean(row);
}

/**
 * "Set Active": one active hub per owner. Pressing it on the active hub deactivates it; on another
 * hub it replaces the active one. Answers the new state, or null when the event is not the owner's.
 */
export async function toggleActive(env: AppEnv, db: Database, userId: string, id: number) {
  const existing = await getEvent(db, userId, id);
  if (!existing) return null;
  if (existing.active) {
    await db
      .update(event)
      .set({ active: false })
      .where(and(eq(event.id, id), eq(event.userId, userId)));
  } else {
    await db.batch([
      db
        .update(event)
        .set({ active: false })
        .where(and(eq(event.userId, userId), eq(event.active, true))),
      db
        .update(event)
        .set({ active: true })
        .where(and(eq(event.id, id), eq(event.userId, userId))),
    ]);
  }
  // Published cards carry the active event's name for the visitor page's banner.
  await invalidateOwnerCards(env, db, userId);
  return { active: !existing.active, title: existing.title };
}

export async function savePlan(db: Database, userId: string, id: number, plan: StoredPlan) {
  const rows = await db
    .update(event)
    .set({ plan })
    .where(and(eq(event.id, id), eq(event.userId, userId)))
    .returning({ id: event.id });
  return rows.length > 0;
}

export async function saveAttendees(
  db: Database,
  userId: string,
  id: number,
  attendees: { name: string; title?: string; company?: string; email?: string }[],
) {
  const rows = await db
    .update(event)
    .set({ attendees })
    .where(and(eq(event.id, id), eq(event.userId, userId)))
    .returning({ id: event.id });
  return rows.length > 0;
}

/** What the plan needs of the network the viewer sees: the most recent people, most important first. */
export function networkForPlan(db: Database, owner: string | Owners) {
  return db
    .select({
      name: connection.name,
      title: connection.title,
      company: connection.company,
      tags: connection.tags,
      priority: connection.priority,
    })
    .from(connection)
    .where(and(peopleOf(viewerOf(owner)), sql`${connection.status} != 'Archived'`))
    .orderBy(desc(connection.lastContactAt))
    .limit(300);
}

/**
 * Everyone met at the event ("Met at" is its title) whom the viewer sees, with follow-up counts: a team person the
 * member may not see (decision 0234) is not in their report.
 */
export async function peopleMetAt(db: Database, owner: string | Owners, title: string) {
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
  const seen = and(metAt(userId, title), peopleOf(viewer));
  const people = await db
    .select({
      id: connection.id,
      name: connection.name,
      title: connection.title,
      company: connection.company,
      email: connection.email,
      priority: connection.priority,
      status: connection.status,
      strength: connection.strength,
      tags: connection.tags,
      notes: connection.notes,
      source: connection.source,
      lastContactAt: connection.lastContactAt,
      createdAt: connection.createdAt,
    })
    .from(connection)
    .where(seen)
    .orderBy(asc(connection.createdAt))
    .limit(500);
  // A subquery rather than a list of ids: D1 binds at most 100 parameters.
  const followUps = people.length
    ? await db
        .select({
          connectionId: reminder.connectionId,
          done: reminder.done,
          total: count(),
          firstDoneAt: sql<number | null>`min(${reminder.updatedAt})`,
        })
        .from(reminder)
        .where(
          and(
            eq(reminder.userId, userId),
            inArray(reminder.connectionId, db.select({ id: connection.id }).from(connection).where(seen)),
          ),
        )
        .groupBy(reminder.connectionId, reminder.done)
    : [];
  return people.map((p) => {
    const mine = followUps.filter((f) => f.connectionId === p.id);
    const done = mine.find((f) => f.done);
    return {
      ...p,
      followUpsDone: done?.total ?? 0,
      followUpsOpen: mine.find((f) => !f.done)?.total ?? 0,
      firstFollowUpAt: done?.firstDoneAt ? new Date(Number(done.firstDoneAt)) : null,
    };
  });
}
