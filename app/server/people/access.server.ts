import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { connection, interaction, member, workspace } from "~db/schema";
import type { Owner, Owners } from "../db/db.server";

/**
 * Which of a workspace's people a member sees, and which notes (decision 0234): the one home of the rule, as SQL,
 * so every list, search, page, export, API call and address book reads through it in the statement that reads.
 * In a personal workspace its user sees everything. In a team, owners and admins see every person; a member sees
 * the people they met or own and those shared with the team, or every one when the team lets members see all.
 */

/** Who reads: the workspace and the member reading in it (an id, or SQL such as the session's user). */
export type Viewer = { workspaceId: Owner; userId: Owner };

/**
 * A viewer from `Owners`, or from one id: the workspace itself, which sees all its people (its own user in a
 * personal workspace; a team's sync, mailings and webhooks, which act for the whole team).
 */
export const viewerOf = (owner: string | Owners): Owners =>
  typeof owner === "string" ? { workspaceId: owner, userId: owner } : owner;

/** The workspace itself reads (one id for both): it sees every person, so its reads carry no rule at all. */
/** "Sees all" as SQL, never a bare number: a selected column named "1" would come back first in a JS row object. */
const ALL = sql`(1 = 1)`;
const whole = (v: Viewer) => typeof v.userId === "string" && v.userId === v.workspaceId;

/**
 * The viewer sees every person of the workspace: one uncorrelated subquery, evaluated once per statement. A
 * removed member, or an id that is no member, sees nothing by it; the workspace's own id sees all.
 */
export const seesAllPeople = (v: Viewer): SQL =>
  whole(v)
    ? ALL
    : sql`(${v.userId} = ${v.workspaceId} or exists (select 1 from ${workspace} sw join ${member} sm on sm.workspace_id = sw.id and sm.user_id = ${v.userId}
    where sw.id = ${v.workspaceId} and (sw.kind = 'personal' or sw.members_see_all = 1 or sm.role in ('owner', 'admin'))))`;

/** The viewer sees this `connection` row (the workspace is checked beside it, by `peopleOf`). */
export const seesPerson = (v: Viewer): SQL =>
  whole(v)
    ? ALL
    : sql`(${connection.ownerId} = ${v.userId} or ${connection.metBy} = ${v.userId} or ${connection.shared} = 1 or ${seesAllPeople(v)})`;

/** The same rule for raw SQL that names `connection` by an alias (`c`). */
export const seesPersonAs = (v: Viewer, alias: string): SQL => {
  const c = sql.raw(alias);
  if (whole(v)) return ALL;
  return sql`(${c}.owner_id = ${v.userId} or ${c}.met_by = ${v.userId} or ${c}.shared = 1 or ${seesAllPeople(v)})`;
};

/**
 * The same rule in parts whose union is exactly `peopleOf`: one who sees all reads the workspace, anyone else the
 * people they own, met, or that are shared. Each part rides its own index in any order (0093), so a member's page
 * reads about what it shows instead of walking the team's whole list for the few that are theirs (decision 0277).
 * The workspace is the index key, given only when the part applies: a part that does not reads no row at all
 * (a constant `and` beside it would be tested on every row).
 */
const seenParts = (v: Viewer): SQL[] => {
  if (whole(v)) return [eq(connection.userId, v.workspaceId) as SQL];
  const all = seesAllPeople(v);
  const of = (gate: SQL) => sql`${connection.userId} = (select ${v.workspaceId} where ${gate})`;
  return [
    of(all),
    sql`${of(sql`not ${all}`)} and ${connection.ownerId} = ${v.userId}`,
    sql`${of(sql`not ${all}`)} and ${connection.metBy} = ${v.userId}`,
    sql`${of(sql`not ${all}`)} and ${connection.shared} = 1`,
  ];
};

/**
 * `connection.id in` the ids that `read` selects for each part of the rule: a select of `connection.id` with the
 * part (which holds the workspace) in its `where`, ordered and limited as the caller needs.
 */
export const seenIn = (v: Viewer, read: (part: SQL) => SQLWrapper): SQL =>
  sql`${connection.id} in (${sql.join(
    seenParts(v).map((part) => sql`select id from ${read(part)}`),
    sql` union all `,
  )})`;

/** The workspace's people this viewer sees: the whole `where` for a read of `connection`. */
export const peopleOf = (v: Viewer) => and(eq(connection.userId, v.workspaceId), seesPerson(v)) as SQL;

/** A timeline entry the viewer reads: anything but another member's private note. */
export const readsEntry = (v: Viewer): SQL =>
  sql`(${interaction.private} = 0 or ${interaction.authorId} = ${v.userId})`;

/**
 * The viewer sees the person a row of another table names by `personId` (a follow-up's, a gift's): a row naming
 * nobody is seen only by one who sees all the workspace's people.
 */
export const seesPersonById = (v: Viewer, personId: SQLWrapper): SQL =>
  whole(v)
    ? ALL
    : sql`(${seesAllPeople(v)} or exists (select 1 from ${connection} sp where sp.id = ${personId} and sp.user_id = ${v.workspaceId} and ${seesPersonAs(v, "sp")}))`;
