import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { paymentLocalObject } from "~db/schema";
import { type LocalSession, now, type Obj, rand, readLocal, save, sendLocalEvent } from "./local.server";
import { invoiceObject, itemOf, siteOf, subscriptionObject } from "./local-subscriptions.server";

/** What the built-in test checkout's own pages do: complete onboarding, pay or cancel a session. */

/** The onboarding page's "Complete": the account can take payments, and Stripe would say so. */
export async function completeLocalOnboarding(app: AppContext, accountId: string) {
  const a = await readLocal(app, accountId, "account");
  if (!a) return false;
  const done = { ...a, charges_enabled: true, payouts_enabled: true, details_submitted: true };
  await save(app, "account", done);
  await sendLocalEvent(app, "account.updated", done, accountId);
  return true;
}

/**
 * Moves an open checkout session to `status` in one conditional update: of concurrent Pay or Cancel
 * presses on one checkout exactly one gets it (false for the others).
 */
async function claimOpenSession(app: AppContext, sessionId: string, status: "complete" | "expired") {
  const claimed = await app.db
    .update(paymentLocalObject)
    .set({ data: sql`json_set(${paymentLocalObject.data}, '$.status', ${status})` })
    .where(
      and(
        eq(paymentLocalObject.id, sessionId),
        eq(paymentLocalObject.kind, "checkout_session"),
        sql`json_extract(${paymentLocalObject.data}, '$.status') = 'open'`,
      ),
    )
    .returning({ id: paymentLocalObject.id });
  return claimed.length === 1;
}

/**
 * The test checkout's "Pay": what Stripe would create (a payment, or a customer and a subscription with
 * its first paid invoice), then the same events in the same order Stripe sends them.
 */
export async function payLocalCheckout(app: AppContext, sessionId: string, payer: { email: string; name: string }) {
  const s = await readLocal<LocalSession>(app, sessionId, "checkout_session");
  if (s?.status !== "open" || !(await claimOpenSession(app, sessionId, "complete"))) return undefined;
  const account = s.account;
  const customerId = `cus_local_${rand()}`;
  await save(app, "customer", { id: customerId, object: "customer", email: payer.email, name: payer.name, account });
  const charge = `ch_local_${rand()}`;
  const piId = `pi_local_${rand()}`;
  let subscriptionId: string | null = null;
  let invoice: Obj | null = null;
  if (s.mode === "subscription") {
    subscriptionId = `sub_local_${rand()}`;
    const invoiceId = `in_local_${rand()}`;
    const trialing = Boolean(s.trial_end && s.trial_end > now());
    const sub = subscriptionObject(s, subscriptionId, customerId, trialing ? "trialing" : "active");
    await save(app, "subscription", sub);
    const { current_period_start: start, current_period_end: end } = itemOf(sub);
    // A trial's first invoice is for nothing, as Stripe's is; the first charge is the renewal at its end.
    invoice = invoiceObject(
      trialing ? { ...s, amount_total: 0 } : s,
      invoiceId,
      subscriptionId,
      customerId,
      piId,
      charge,
      "subscription_create",
      true,
      payer,
      {
        start,
        end,
      },
    );
  }
  await save(app, "payment_intent", {
    id: piId,
    object: "payment_intent",
    amount: invoice ? Number(invoice.amount_paid) : s.amount_total,
    amount_refunded: 0,
    currency: s.currency,
    latest_charge: charge,
    customer: customerId,
    invoice: invoice?.id ?? null,
    metadata: s.mode === "payment" ? s.metadata : {},
    account,
  });
  const completed = {
    ...s,
    status: "complete",
    payment_status: "paid",
    customer: customerId,
    customer_details: { email: payer.email, name: payer.name },
    payment_intent: s.mode === "payment" ? piId : null,
    subscription: subscriptionId,
    invoice: invoice?.id ?? null,
    created: now(),
  };
  await save(app, "checkout_session", completed);
  const origin = siteOf(s.success_url);
  const sent = [];
  // As Stripe announces a new subscription (a trial's status "trialing" comes only from it).
  if (subscriptionId) {
    const sub = await readLocal(app, subscriptionId, "subscription");
    if (sub) sent.push(await sendLocalEvent(app, "customer.subscription.created", sub, account, origin));
  }
  sent.push(await sendLocalEvent(app, "checkout.session.completed", completed, account, origin));
  if (invoice) sent.push(await sendLocalEvent(app, "invoice.paid", invoice, account, origin));
  return { session: completed, sent };
}

export async function cancelLocalCheckout(app: AppContext, sessionId: string) {
  const s = await readLocal<LocalSession>(app, sessionId, "checkout_session");
  if (s?.status !== "open" || !(await claimOpenSession(app, sessionId, "expired"))) return undefined;
  await save(app, "checkout_session", { ...s, status: "expired" });
  await sendLocalEvent(app, "checkout.session.expired", { ...s, status: "expired" }, s.account);
  return s;
}
