import { sql } from "drizzle-orm";
import { connection, member, workspace } from "~db/schema";
import type { Database, Owners } from "../db/db.server";

/**
 * Shares a team person with the whole team, or stops (decision 0288): one statement, scoped by the team and by who
 * may change it (the person's owner, the member who met them, or a team owner or admin), read from the member table
 * in the same statement, so a member removed meanwhile, or a personal workspace, changes nothing. The kept counts
 * follow by their triggers (decision 0278). False when no row was the viewer's to change.
 */
export async function setShared(db: Database, viewer: Owners, id: number, shared: boolean) {
  const rows = await db
    .update(connection)
    .set({ shared })
    .where(
      sql`${connection.id} = ${id} and ${connection.userId} = ${viewer.workspaceId} and exists (select 1 from ${workspace} sw
        join ${member} sm on sm.workspace_id = sw.id and sm.user_id = ${viewer.userId}
        where sw.id = ${viewer.workspaceId} and sw.kind = 'team'
          and (sm.role in ('owner', 'admin') or ${connection.ownerId} = sm.user_id or ${connection.metBy} = sm.user_id))`,
    )
    .returning({ id: connection.id });
  return rows.length > 0;
}
