import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { member, session } from "~db/schema";

// Apart from db.server.ts, which the Worker's entry imports: the table schema is then built on a page's first
// read, not at start-up (decision 0273).

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
