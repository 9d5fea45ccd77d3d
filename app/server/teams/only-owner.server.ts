// The only owner of a team with others in it: the account cannot be deleted until it hands the team over.
import { and, asc, eq, sql } from "drizzle-orm";
import { member, workspace } from "~db/schema";
import type { Database } from "../db/db.server";

/**
 * The teams an account is the only owner of while others are in them: the account cannot be deleted until it hands
 * each over (migration 0054's trigger holds the same rule; a team it is alone in goes with it).
 */
export function teamsOnlyOwnedBy(db: Database, userId: string) {
  return db
    .select({ id: workspace.id, name: workspace.name })
    .from(member)
    .innerJoin(workspace, and(eq(workspace.id, member.workspaceId), eq(workspace.kind, "team")))
    .where(
      and(
        eq(member.userId, userId),
        eq(member.role, "owner"),
        sql`not exists (select 1 from ${member} o where o.workspace_id = ${member.workspaceId} and o.role = 'owner' and o.user_id <> ${userId})`,
        sql`exists (select 1 from ${member} o where o.workspace_id = ${member.workspaceId} and o.user_id <> ${userId})`,
      ),
    )
    .orderBy(asc(workspace.name))
    .limit(50);
}

/** The trigger's refusal (migration 0054), as D1 reports it. */
export const isOnlyOwnerRefusal = (error: unknown) =>
  error instanceof Error && /only owner of a team/.test(`${error.message} ${error.cause}`);
