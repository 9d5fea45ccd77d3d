import { and, asc, eq, gt, or } from "drizzle-orm";
import type { PersonRecord } from "~/lib/people/draft";
import { connection } from "~db/schema";
import type { Database } from "../db.server";

/**
 * The one place integrations read people. It reads today's `connection` table; when the people
 * core lands, this file alone changes to read through it.
 */
type Row = typeof connection.$inferSelect;

export function personFromConnection(row: Row): PersonRecord {
  return {
    id: row.id,
    uid: `connection-${row.id}@knowwho`,
    displayName: row.name,
    emails: row.email ? [{ value: row.email, label: "work", preferred: true }] : [],
    phones: row.phone ? [{ value: row.phone, label: "work", preferred: true }] : [],
    websites: row.website ? [{ value: row.website, label: "work", preferred: true }] : [],
    socials: row.linkedin ? [{ service: "linkedin", value: row.linkedin }] : [],
    title: row.title ?? undefined,
    role: row.role ?? undefined,
    organization: row.company ?? row.organization ?? undefined,
    note: row.notes ?? undefined,
    tags: row.tags ?? [],
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    photoKey: row.image,
  };
}

export type PeoplePage = { people: PersonRecord[]; next: { updatedAt: number; id: number } | null };

/**
 * One page of the owner's people in (updatedAt, id) order, optionally only those changed after a
 * moment; the cursor makes paging stable while rows change.
 */
export async function listPeople(
  db: Database,
  userId: string,
  options: { changedAfter?: Date | null; after?: { updatedAt: number; id: number } | null; limit?: number } = {},
): Promise<PeoplePage> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
  const filters = [eq(connection.userId, userId)];
  if (options.changedAfter) filters.push(gt(connection.updatedAt, options.changedAfter));
  if (options.after) {
    const at = new Date(options.after.updatedAt);
    const later = or(
      gt(connection.updatedAt, at),
      and(eq(connection.updatedAt, at), gt(connection.id, options.after.id)),
    );
    if (later) filters.push(later);
  }
  const rows = await db
    .select()
    .from(connection)
    .where(and(...filters))
    .orderBy(asc(connection.updatedAt), asc(connection.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page.map(personFromConnection),
    next: rows.length > limit && last ? { updatedAt: last.updatedAt.getTime(), id: last.id } : null,
  };
}

export async function getPerson(db: Database, userId: string, id: number): Promise<PersonRecord | null> {
  const row = await db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.id, id)))
    .get();
  return row ? personFromConnection(row) : null;
}

/** Every person changed after a moment (all when null), read page by page. */
export async function* peopleChangedSince(db: Database, userId: string, since: Date | null, pageSize = 500) {
  let after: PeoplePage["next"] = null;
  do {
    const page = await listPeople(db, userId, { changedAfter: since, after, limit: pageSize });
    yield page.people;
    after = page.next;
  } while (after);
}
