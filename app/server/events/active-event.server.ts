import { and, eq } from "drizzle-orm";
import { event } from "~db/schema";
import type { Database, Owner } from "../db/db.server";

/** The hub the owner set active, if any: its title tags every contact made meanwhile. */
export async function getActiveEvent(db: Database, userId: string) {
  const [row] = await activeEventQuery(db, userId);
  return row ?? null;
}

/** The active event as a query, for a loader that sends it in one D1 batch with others. */
export const activeEventQuery = (db: Database, userId: Owner) =>
  db
    .select({ id: event.id, title: event.title })
    .from(event)
    .where(and(eq(event.userId, userId), eq(event.active, true)))
    .limit(1);

export async function activeEventName(db: Database, userId: string): Promise<string | null> {
  return (await getActiveEvent(db, userId))?.title ?? null;
}
