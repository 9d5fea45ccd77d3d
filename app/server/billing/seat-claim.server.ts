import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { accountPlan, member, workspace } from "~db/schema";
import type { Database } from "../db/db.server";

/**
 * A team's seats follow its members (decision 0253). A membership change recounts the seats in its own batch (the
 * count is the database's, so two changes at once cannot both miss each other), taking the next version; then the
 * count is sent to the processor as an absolute quantity under a key naming that version: a retry, or two senders of
 * the same version, is one change at Stripe, and a payment event arriving meanwhile never adds a seat.
 */

export const ENDED = ["canceled", "incomplete_expired"];

const members = (workspaceId: string) =>
  sql<number>`(select count(*) from ${member} m where m.workspace_id = ${workspaceId})`;

/** The recount of a team's seats, for the batch that changes its members: nothing without a live subscription. */
export function seatClaim(db: Database, workspaceId: string) {
  return db
    .update(accountPlan)
    .set({ seats: members(workspaceId), seatsVersion: sql`${accountPlan.seatsVersion} + 1` })
    .where(
      and(
        eq(accountPlan.userId, workspaceId),
        isNotNull(accountPlan.subscriptionId),
        isNotNull(accountPlan.subscriptionStatus),
        notInArray(accountPlan.subscriptionStatus, ENDED),
        sql`${accountPlan.seats} is not ${members(workspaceId)}`,
        sql`exists (select 1 from ${workspace} w where w.id = ${workspaceId} and w.kind = 'team')`,
      ),
    );
}
