import type { SQLWrapper } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";

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

/** Whose rows a signed-in request reads: the user for their own tables, the workspace for the rest (0207). */
export type Owners = { userId: string; workspaceId: string };

/** `Owners` from either shape: an account's id alone names it and its personal workspace. */
export const asOwners = (owner: string | Owners): Owners =>
  typeof owner === "string" ? { userId: owner, workspaceId: owner } : owner;
