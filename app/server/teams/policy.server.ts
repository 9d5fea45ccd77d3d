import { and, eq, ne, sql } from "drizzle-orm";
import { workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import { auditIfChanged } from "./audit.server";
import type { Actor } from "./teams.server";

/** Whether the team requires its members to have a passkey or two-step sign-in (decision 0242). */
export async function requiresSecondFactor(db: Database, teamId: string): Promise<boolean> {
  const row = await db
    .select({ required: workspace.requireSecondFactor })
    .from(workspace)
    .where(eq(workspace.id, teamId))
    .get();
  return row?.required ?? false;
}

/**
 * Turns the rule on or off, by an owner or admin (checked in the statement that writes), and logs the change in the
 * same batch. False when the actor no longer manages the team.
 */
export async function setSecondFactorRule(db: Database, actor: Actor, required: boolean): Promise<boolean> {
  if (actor.role !== "owner" && actor.role !== "admin") return false;
  const [changed] = await db.batch([
    db
      .update(workspace)
      .set({ requireSecondFactor: required })
      .where(
        and(
          eq(workspace.id, actor.workspaceId),
          eq(workspace.kind, "team"),
          ne(workspace.requireSecondFactor, required),
          sql`exists (select 1 from member m where m.workspace_id = ${actor.workspaceId} and m.user_id = ${actor.userId} and m.role in ('owner', 'admin'))`,
        ),
      )
      .returning({ id: workspace.id }),
    auditIfChanged(db, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "team.sign-in",
      detail: required ? "Members need a passkey or two-step sign-in" : "A password is enough",
    }),
  ]);
  return changed.length === 1 || (await requiresSecondFactor(db, actor.workspaceId)) === required;
}
