import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { invitation, member, user, workspace } from "~db/schema";
import { seatClaim } from "../billing/seat-claim.server";
import type { Database } from "../db/db.server";
import { writeBatch } from "../db/write.server";
import { auditIfChanged } from "./audit.server";
import { defaultCard, mailHandOver, newHandOver } from "./card-hand-over.server";

/**
 * Joining a team other than by an invitation's link: the team's directory (SCIM) or its provider (SSO) vouched for
 * an address on a domain the team proved. The same rules as an invitation hold (decision 0241): only an account
 * whose address is confirmed joins; an open invitation to that address is claimed by the join, and its role is the
 * one given (a member otherwise); someone already in the team stays as they are; the log says who joined and how.
 * Statements for the caller's batch, so the join is one transaction with whatever it comes with.
 */
export function joinStatements(
  db: Database,
  j: { workspaceId: string; email: string; actorId: string; how: string; now: Date },
) {
  const email = j.email.toLowerCase();
  const account = sql`(select ${user.id} from ${user} where ${user.email} = ${email} and ${user.emailVerified} = 1)`;
  const at = j.now.getTime();
  return [
    db
      .update(invitation)
      .set({ acceptedAt: j.now, acceptedBy: sql`${account}` })
      .where(
        and(
          eq(invitation.workspaceId, j.workspaceId),
          eq(invitation.email, email),
          isNull(invitation.acceptedAt),
          gt(invitation.expiresAt, j.now),
          sql`${account} is not null`,
          sql`not exists (select 1 from ${member} m where m.workspace_id = ${j.workspaceId} and m.user_id = ${account})`,
        ),
      ),
    db
      .insert(member)
      .select(
        db
          .select({
            workspaceId: workspace.id,
            userId: sql<string>`${account}`.as("user_id"),
            role: sql<
              "admin" | "member"
            >`coalesce((select i.role from ${invitation} i where i.workspace_id = ${j.workspaceId} and i.email = ${email} and i.accepted_at = ${at}), 'member')`.as(
              "role",
            ),
            createdAt: sql<Date>`${at}`.as("created_at"),
          })
          .from(workspace)
          .where(and(eq(workspace.id, j.workspaceId), eq(workspace.kind, "team"), sql`${account} is not null`)),
      )
      .onConflictDoNothing(),
    auditIfChanged(db, {
      workspaceId: j.workspaceId,
      actorId: j.actorId,
      action: "member.joined",
      subject: email,
      detail: j.how,
    }),
    // The seats follow the members, in the join's own transaction (decision 0253).
    seatClaim(db, j.workspaceId),
  ] as const;
}

/**
 * A sign-in through the team's provider (SSO) joins by the rules above, and a first join is offered the team's default
 * card and its mail, by the same statements as a member the directory provisions (decision 0265).
 */
export async function joinThroughProvider(
  db: Database,
  j: { workspaceId: string; email: string; name: string; actorId: string },
  origin: string,
  now = new Date(),
) {
  const handOver = await newHandOver(now);
  const results = await writeBatch(db, [
    ...joinStatements(db, { ...j, how: "Through the team's single sign-on", now }),
    ...defaultCard(handOver, j.workspaceId, j.email, j.name, now),
  ]);
  // The card's insert is the second last statement.
  await mailHandOver(db, j.workspaceId, j.email, origin, handOver, results.at(-2)?.results);
}
