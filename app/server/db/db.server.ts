import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { member, session } from "~db/schema";

/**
 * Over the database or one of its sessions (d1-session.server.ts): drizzle uses only prepare and batch.
 * Built per request, so without the schema: nothing uses the relational `db.query` API, and given a schema
 * drizzle walks every table's relations on each construction (a sixteenth of a signed-in page's CPU).
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database);
}

export type Database = ReturnType<typeof createDb>;

/** Whose rows a read is for: an account's id, or SQL that names one (a placeholder, or a session's owner). */
export type Owner = string | SQLWrapper;

/**
 * The owner of an unexpired session, as SQL: reads keyed by it go in the same D1 batch as the session's own
 * read, and read nothing (nobody's id is null) for a token that is revoked, expired or unknown.
 */
export const sessionOwner = (token: string | SQLWrapper, now: number | SQLWrapper): SQL =>
  sql`(select ${session.userId} from ${session} where ${session.token} = ${token} and ${session.expiresAt} > ${now})`;

/**
 * The workspace of an unexpired session, as SQL (decision 0207): its team while its user is still a member,
 * otherwise its user's personal workspace, whose id is the user's. Reads of workspace-owned rows key by this.
 */
export const sessionWorkspace = (token: string | SQLWrapper, now: number | SQLWrapper): SQL =>
  sql`(select coalesce(${member.workspaceId}, ${session.userId}) from ${session} left join ${member} on ${member.workspaceId} = ${session.activeWorkspaceId} and ${member.userId} = ${session.userId} where ${session.token} = ${token} and ${session.expiresAt} > ${now})`;

/** Whose rows a signed-in request reads: the user for their own tables, the workspace for the rest (0207). */
export type Owners = { userId: string; workspaceId: string };

/** `Owners` from either shape: an account's id alone names it and its personal workspace. */
export const asOwners = (owner: string | Owners): Owners =>
  typeof owner === "string" ? { userId: owner, workspaceId: owner } : owner;
