import { and, eq, gt, isNotNull, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { accountPlan } from "~db/schema";
import type { Database } from "../db/db.server";
import { paymentsFor } from "../payments/payments.server";
import { ENDED, seatClaim } from "./seat-claim.server";

// The recount itself reads only the database, so the membership writes import it without the payments adapter
// (and the request context it reads).
const planOf = async (db: Database, workspaceId: string) =>
  (
    await db
      .select({
        subscriptionId: accountPlan.subscriptionId,
        seats: accountPlan.seats,
        version: accountPlan.seatsVersion,
        sent: accountPlan.seatsSentVersion,
      })
      .from(accountPlan)
      .where(eq(accountPlan.userId, workspaceId))
  )[0];

/**
 * Recounts a team's seats and sends what the processor has not been told. A sender overtaken by a later recount
 * sends the latest count again under a key of its own, so whichever call reaches Stripe last carries the latest count.
 */
export async function syncSeats(app: AppContext, workspaceId: string) {
  const payments = paymentsFor(app);
  await seatClaim(app.db, workspaceId);
  if (!payments) return;
  let mine: number | null = null;
  for (let attempt = 0; attempt < 4; attempt++) {
    const plan = await planOf(app.db, workspaceId);
    if (!plan?.subscriptionId || plan.seats === null) return;
    if (mine === null ? plan.version <= plan.sent : plan.version === mine) return;
    await payments.updateSeats({
      subscriptionId: plan.subscriptionId,
      quantity: plan.seats,
      idempotencyKey:
        mine === null
          ? `seats:${plan.subscriptionId}:${plan.version}`
          : `seats:${plan.subscriptionId}:${plan.version}:after:${mine}`,
    });
    await app.db
      .update(accountPlan)
      .set({ seatsSentVersion: sql`max(${accountPlan.seatsSentVersion}, ${plan.version})` })
      .where(eq(accountPlan.userId, workspaceId));
    mine = plan.version;
  }
}

/** The same, for a membership change already made: a processor that fails leaves the count to the next change. */
export async function syncSeatsAfter(app: AppContext, workspaceId: string) {
  await syncSeats(app, workspaceId).catch((error) => console.error("billing: seats not sent", error));
}

/**
 * The cron's retry of seat counts the processor has not taken (it failed, or was down): each pending team's latest
 * version is sent under that version's key, so a retry of a send that did land is Stripe's replay, and an older
 * pending version is never sent once a newer recount exists. A failure waits for the next run.
 */
export async function resendPendingSeats(app: AppContext, limit = 100) {
  const pending = await app.db
    .select({ workspaceId: accountPlan.userId })
    .from(accountPlan)
    .where(
      and(
        gt(accountPlan.seatsVersion, accountPlan.seatsSentVersion),
        isNotNull(accountPlan.subscriptionId),
        notInArray(accountPlan.subscriptionStatus, ENDED),
      ),
    )
    .limit(limit);
  for (const { workspaceId } of pending) await syncSeatsAfter(app, workspaceId);
}

/** A team's next invoice as the processor has it now (seats and prorations), for its admins; null without one. */
export async function nextInvoice(app: AppContext, workspaceId: string) {
  const payments = paymentsFor(app);
  const plan = await planOf(app.db, workspaceId);
  if (!payments || !plan?.subscriptionId || plan.seats === null) return null;
  const [live] = await app.db
    .select({ status: accountPlan.subscriptionStatus })
    .from(accountPlan)
    .where(and(eq(accountPlan.userId, workspaceId), notInArray(accountPlan.subscriptionStatus, ENDED)));
  if (!live) return null;
  try {
    return { ...(await payments.previewNextInvoice({ subscriptionId: plan.subscriptionId })), seats: plan.seats };
  } catch (error) {
    console.error("billing: next invoice not read", error);
    return null;
  }
}
