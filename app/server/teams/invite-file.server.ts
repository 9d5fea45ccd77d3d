import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type CheckedRow, checkInviteRows, type InviteRow } from "~/lib/teams/invite-file";
import { invitation, member, user } from "~db/schema";
import type { Database } from "../db/db.server";

/** The addresses of a file checked against the team: who is in it already, who has an invitation waiting. */
export async function checkInviteFile(
  db: Database,
  teamId: string,
  rows: InviteRow[],
  now: Date,
): Promise<CheckedRow[]> {
  const listed = JSON.stringify([...new Set(rows.map((r) => r.email.toLowerCase()))]);
  const [members, waiting] = await db.batch([
    db
      .select({ email: sql<string>`lower(${user.email})` })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(
        and(eq(member.workspaceId, teamId), sql`lower(${user.email}) in (select value from json_each(${listed}))`),
      ),
    db
      .select({ email: invitation.email })
      .from(invitation)
      .where(
        and(
          eq(invitation.workspaceId, teamId),
          isNull(invitation.acceptedAt),
          gt(invitation.expiresAt, now),
          sql`${invitation.email} in (select value from json_each(${listed}))`,
        ),
      ),
  ]);
  return checkInviteRows(rows, new Set(members.map((m) => m.email)), new Set(waiting.map((w) => w.email)));
}
