import { type SQL, sql } from "drizzle-orm";
import { connection } from "~db/schema";
import type { Database } from "../db/db.server";

/**
 * The people core's one write of who owns a team's people (decision 0234): the statement that hands the team's
 * people matching `where` to `to`, for the caller's batch. No history line: nothing of the person changes, and the
 * team's audit log records the hand-over in the same batch.
 */
export const handPeopleTo = (db: Database, team: string, to: string, where: SQL) =>
  db
    .update(connection)
    .set({ ownerId: to })
    .where(sql`user_id = ${team} and ${where}`)
    .returning({ id: connection.id });
