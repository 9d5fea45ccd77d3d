import { and, asc, gt, sql } from "drizzle-orm";
import type { PersonRecord } from "~/lib/people/draft";
import { connection } from "~db/schema";
import type { Database, Owners } from "../db/db.server";
import { peopleOf, viewerOf } from "../people/access.server";
import { loadPeople } from "../people/read.server";

/**
 * The one place integrations read people: through the people core's loadPeople, so the API, HubSpot
 * and Krystal see every contact point, as exports do. Only the paging (by change) is done here.
 */

export type PeoplePage = { people: PersonRecord[]; next: { updatedAt: number; id: number } | null };

/**
 * One page of the owner's people in (updatedAt, id) order, optionally only those changed after a
 * moment; the cursor makes paging stable while rows change.
 */
export async function listPeople(
  db: Database,
  userId: string | Owners,
  options: { changedAfter?: Date | null; after?: { updatedAt: number; id: number } | null; limit?: number } = {},
): Promise<PeoplePage> {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
  // A member's token reads the people that member sees (decision 0234); the workspace's own sync reads all.
  const filters = [peopleOf(viewerOf(userId))];
  if (options.changedAfter) filters.push(gt(connection.updatedAt, options.changedAfter));
  // The stored value itself, not a Date: updated_at may hold fractions of a millisecond, and a cursor
  // cut to the millisecond would send the page's last person again (or skip its neighbours).
  if (options.after)
    filters.push(sql`(${connection.updatedAt}, ${connection.id}) > (${options.after.updatedAt}, ${options.after.id})`);
  const rows = await db
    .select({ id: connection.id, updatedAt: sql<number>`${connection.updatedAt}` })
    .from(connection)
    .where(and(...filters))
    .orderBy(asc(connection.updatedAt), asc(connection.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const people = new Map(
    (
      await loadPeople(
        db,
        userId,
        page.map((r) => r.id),
      )
    ).map((p) => [p.id, p]),
  );
  return {
    people: page.flatMap((r) => people.get(r.id) ?? []),
    next: rows.length > limit && last ? { updatedAt: last.updatedAt, id: last.id } : null,
  };
}

export async function getPerson(db: Database, userId: string | Owners, id: number): Promise<PersonRecord | null> {
  const [person] = await loadPeople(db, userId, [id]);
  return person ?? null;
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
