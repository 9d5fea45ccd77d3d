import { lt } from "drizzle-orm";
import type { AppContext } from "~/context";
import { session, verification } from "~db/schema";
import { plansHandler } from "./billing/billing.server";
import { remindPlanEndings } from "./billing/plans.server";
import { resendPendingSeats } from "./billing/seats.server";
import { createDb } from "./db/db.server";
import { notifyDueReminders } from "./follow/reminders.server";
import { notifyDueRhythms } from "./follow/rhythm.server";
import { donationHandler } from "./fundraising/donations.server";
import { runDueSyncs } from "./integrations/schedule.server";
import { startDueMailings, sweepMailings } from "./mailings/send.server";
import { remindMeetings } from "./organiser-events/meeting-slots.server";
import { sendRequestDigests } from "./organiser-events/requests.server";
import { receiveStripeWebhook } from "./payments/webhook.server";
import type { AppEnv } from "./platform/env.server";

/**
 * The composition root: the one module that wires features into the platform's entry points (the cron
 * trigger, the payment webhook). It imports the features; no feature imports it, so the layers point one
 * way (workers/app.ts is its only reader, and tests that drive those entry points).
 */

/** Every domain that takes money, one line each; the webhook offers each event to them in order. */
const paymentHandlers = [donationHandler, plansHandler];

/** A signed payment event to the domains' handlers: Stripe's call through the webhook route, or the local checkout's. */
export const deliverPaymentEvent = (app: AppContext, request: Request) =>
  receiveStripeWebhook(app, request, paymentHandlers);

/** The cron trigger's work: due reminders become notifications; trials and grants ending soon are announced; due syncs run; mailings start, and groups a dead sender left are re-queued; attendees' requests gathered in a window go as one digest; accepted meetings are reminded half an hour before; seat counts the processor missed are sent again; expired sessions are removed. */
export async function runScheduled(env: AppEnv, now: Date, ctx: ExecutionContext): Promise<void> {
  const db = createDb(env.DB);
  await notifyDueReminders(db, now);
  await notifyDueRhythms(db, now);
  await remindPlanEndings(db, now);
  await runDueSyncs({ env, db }, now);
  await startDueMailings({ env, db }, now);
  await sweepMailings({ env, db }, now);
  await sendRequestDigests(db, now);
  await remindMeetings(db, now);
  // Last: while the processor is down, each pending team's send waits out its retries.
  await resendPendingSeats({ env, db, ctx, nonce: "", deliverPaymentEvent });
  await db.batch([
    db.delete(session).where(lt(session.expiresAt, now)),
    db.delete(verification).where(lt(verification.expiresAt, now)),
  ]);
}
