import { eq, type SQL, sql } from "drizzle-orm";
import { apiToken, appPassword, connection, member, reminder, workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import { handPeopleTo } from "../people/owners.server";
import { auditIfChanged } from "./audit.server";

/**
 * A team's people as its admins manage them (decision 0234): who owns whom, the "members see all team people"
 * setting, and what a member's removal hands on. Every write checks in its own statement that the actor still
 * manages the team and that whoever takes people over is one of its owners or admins, so two admins acting at
 * once, or a stale form naming a former member, change nothing.
 */

type Manager = { userId: string; workspaceId: string };

const managerNow = (a: Manager) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${a.workspaceId} and m.user_id = ${a.userId} and m.role in ('owner', 'admin'))`;
/** `userId` is a member of the team now: people are only ever handed to someone inside it. */
const memberNow = (workspaceId: string, userId: string) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${workspaceId} and m.user_id = ${userId})`;
const adminNow = (workspaceId: string, userId: string) =>
  sql`exists (select 1 from ${member} m where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and m.role in ('owner', 'admin'))`;
const goneFrom = (workspaceId: string, userId: string) => sql`not ${memberNow(workspaceId, userId)}`;

/** The team's members, for the forms that choose who takes people over. */
export async function peopleOwners(db: Database, workspaceId: string) {
  const rows = await db.all<{ id: string | null; people: number }>(
    sql`select owner_id as id, count(*) as people from ${connection} where user_id = ${workspaceId} group by owner_id`,
  );
  return new Map(rows.map((r) => [r.id ?? "", r.people]));
}

/** Whether the team's members see every team person (off unless an admin turns it on). */
export async function membersSeeAll(db: Database, workspaceId: string) {
  const [row] = await db
    .select({ on: workspace.membersSeeAll })
    .from(workspace)
    .where(eq(workspace.id, workspaceId))
    .limit(1);
  return row?.on ?? false;
}

/** An owner or admin turns "members see all team people" on or off: one statement and its audit entry. */
export async function setMembersSeeAll(db: Database, actor: Manager, on: boolean) {
  const [rows] = await db.batch([
    db
      .update(workspace)
      .set({ membersSeeAll: on })
      .where(
        sql`${workspace.id} = ${actor.workspaceId} and ${workspace.kind} = 'team' and ${workspace.membersSeeAll} <> ${on ? 1 : 0} and ${managerNow(actor)}`,
      )
      .returning({ id: workspace.id }),
    auditIfChanged(db, {
      ...by(actor),
      action: "team.setting",
      subject: "Members see all team people",
      detail: on ? "On" : "Off",
    }),
  ]);
  return rows.length === 1;
}

const by = (a: Manager) => ({ workspaceId: a.workspaceId, actorId: a.userId });

export type Reassigned = { ok: true; moved: number } | { ok: false; reason: "not-allowed" | "not-member" };

/**
 * Hands people to another member of the team in one batch: the chosen ids, or everyone `from` owns. Their open
 * follow-ups go with them (a follow-up is its person's owner's). Only an owner or admin, and only to a member.
 */
export async function reassignPeople(
  db: Database,
  actor: Manager & { role: string },
  choice: { ids: number[] } | { from: string },
  to: string,
): Promise<Reassigned> {
  if (actor.role !== "owner" && actor.role !== "admin") return { ok: false, reason: "not-allowed" };
  const team = actor.workspaceId;
  const ids = "ids" in choice ? JSON.stringify([...new Set(choice.ids)]) : null;
  const which = ids
    ? sql`id in (select value from json_each(${ids}))`
    : sql`owner_id = ${(choice as { from: string }).from}`;
  // The follow-ups of the people just handed over: chosen ones `to` now owns, or `from`'s on people `to` now owns.
  const theirs = ids
    ? sql`connection_id in (select id from ${connection} where user_id = ${team} and owner_id = ${to}
        and id in (select value from json_each(${ids})))`
    : sql`owner_id = ${(choice as { from: string }).from} and connection_id in (select id from ${connection}
        where user_id = ${team} and owner_id = ${to})`;
  const allowed = sql`${managerNow(actor)} and ${memberNow(team, to)}`;
  const results = await db.batch([
    handPeopleTo(db, team, to, sql`${which} and owner_id is not ${to} and ${allowed}`),
    auditIfChanged(db, {
      ...by(actor),
      action: "people.reassigned",
      subjectUserId: to,
      detail: "ids" in choice ? `${choice.ids.length} chosen` : "All of one member's people",
    }),
    // Their open follow-ups follow them: the people just handed over are the ones `to` now owns among those chosen.
    db
      .update(reminder)
      .set({ ownerId: to })
      .where(sql`user_id = ${team} and done = 0 and owner_id is not ${to} and ${theirs} and ${allowed}`),
  ]);
  const moved = results[0].length;
  if (moved === 0 && !(await isMember(db, team, to))) return { ok: false, reason: "not-member" };
  return { ok: true, moved };
}

async function isMember(db: Database, workspaceId: string, userId: string) {
  const [row] = await db.all<{ ok: number }>(sql`select ${memberNow(workspaceId, userId)} as ok`);
  return row?.ok === 1;
}

/** `userId` is an owner or admin of the team now (who may take over a leaving member's people). */
export async function isAdminOf(db: Database, workspaceId: string, userId: string) {
  const [row] = await db.all<{ ok: number }>(sql`select ${adminNow(workspaceId, userId)} as ok`);
  return row?.ok === 1;
}

/**
 * What a member's removal hands on, for the removal's own batch, right after the statement that deletes the
 * membership: their people and open follow-ups to `heir` (an owner or admin), and their app passwords and API
 * tokens for this team revoked. Each statement acts only once the member is gone and while the heir is an admin,
 * so a refused removal changes nothing, and a second admin's removal of the same member finds nothing left.
 */
export function handOnStatements(db: Database, actor: Manager, leaving: string, heir: string, now: Date) {
  const team = actor.workspaceId;
  const when: SQL = sql`${goneFrom(team, leaving)} and ${adminNow(team, heir)}`;
  return [
    handPeopleTo(db, team, heir, sql`owner_id = ${leaving} and ${when}`),
    auditIfChanged(db, {
      ...by(actor),
      action: "people.reassigned",
      subjectUserId: heir,
      detail: "From a member who left",
    }),
    db
      .update(reminder)
      .set({ ownerId: heir })
      .where(sql`user_id = ${team} and owner_id = ${leaving} and done = 0 and ${when}`),
    db
      .update(apiToken)
      .set({ revokedAt: now })
      .where(sql`user_id = ${team} and created_by = ${leaving} and revoked_at is null and ${goneFrom(team, leaving)}`),
    db
      .update(appPassword)
      .set({ revokedAt: now })
      .where(sql`user_id = ${team} and created_by = ${leaving} and revoked_at is null and ${goneFrom(team, leaving)}`),
  ] as const;
}
