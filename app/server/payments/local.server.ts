import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { hex as bytesToHex } from "~/lib/text/hex";
import { paymentLocalObject } from "~db/schema";
import type { AppEnv } from "../platform/env.server";
import { loadStripe } from "./stripe.server";
import { type CheckoutInput, type Payments, PaymentsError } from "./types";

/**
 * The built-in test checkout, used when no Stripe key is configured (never in production). It keeps its
 * accounts, sessions, customers and subscriptions as Stripe describes them, serves its own pages under
 * /pay/test/, and tells us what happened exactly as Stripe does: events signed with the Stripe-Signature
 * scheme, delivered to the same webhook handler, so the code that records a payment is the production one.
 */
type Kind = (typeof paymentLocalObject.$inferSelect)["kind"];
type Obj = Record<string, unknown> & { id: string };

const rand = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);
const now = () => Math.floor(Date.now() / 1000);

export async function readLocal<T extends Obj = Obj>(app: AppContext, id: string, kind: Kind): Promise<T | undefined> {
  const row = await app.db
    .select({ kind: paymentLocalObject.kind, data: paymentLocalObject.data })
    .from(paymentLocalObject)
    .where(eq(paymentLocalObject.id, id))
    .get();
  return row && row.kind === kind ? (row.data as T) : undefined;
}

async function save(app: AppContext, kind: Kind, data: Obj) {
  await app.db
    .insert(paymentLocalObject)
    .values({ id: data.id, kind, data })
    .onConflictDoUpdate({ target: paymentLocalObject.id, set: { data } });
}

/** The built-in checkout's signing secret: configured, or derived from AUTH_SECRET so it needs no setup. */
export async function localWebhookSecret(env: Pick<AppEnv, "AUTH_SECRET" | "STRIPE_WEBHOOK_SECRET">) {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("payments:local-webhook")));
  return `whsec_${bytesToHex(mac)}`;
}

/** Signs an event as Stripe would and hands it to the webhook route's handler; answers its status. */
export async function sendLocalEvent(
  app: AppContext,
  type: string,
  object: Obj,
  account?: string | null,
  origin = "http://localhost",
) {
  const { Stripe, cryptoProvider } = await loadStripe();
  const event = {
    id: `evt_local_${rand()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    type,
    livemode: false,
    account: account ?? undefined,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: await localWebhookSecret(app.env),
    cryptoProvider,
  });
  // Delivered as if to the site the checkout came from, so links in the mail it sends point there.
  const request = new Request(`${origin}/api/payments/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  // Loaded on first send, as Stripe's call back would be: the handlers it reaches start payments through this checkout.
  const { receiveStripeWebhook } = await import("./webhook.server");
  const response = await receiveStripeWebhook(app, request);
  return { event, status: response.status };
}

export type LocalSession = Obj & {
  object: "checkout.session";
  mode: CheckoutInput["mode"];
  status: "open" | "complete" | "expired";
  amount_total: number;
  currency: string;
  line_name: string;
  interval: "month" | "year" | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  account: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  submit_type: string | null;
  /** Subscription mode: free until then (Stripe's subscription_data.trial_end), first charge then. */
  trial_end?: number | null;
};

export function localPayments(app: AppContext): Payments {
  return {
    kind: "local",
    async createAccount({ email, type, country }) {
      const id = `acct_local_${rand()}`;
      await save(app, "account", {
        id,
        object: "account",
        type,
        email: email ?? null,
        country: country ?? "US",
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      });
      return { id };
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      if (!(await readLocal(app, accountId, "account")))
        throw new PaymentsError(`No such account: '${accountId}'`, 404);
      const q = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `/pay/test/onboard/${accountId}?${q}` };
    },
    async accountStatus(accountId) {
      const a = await readLocal(app, accountId, "account");
      if (!a) throw new PaymentsError(`No such account: '${accountId}'`, 404);
      return {
        id: a.id,
        chargesEnabled: a.charges_enabled === true,
        payoutsEnabled: a.payouts_enabled === true,
        detailsSubmitted: a.details_submitted === true,
        currentlyDue: a.details_submitted ? [] : ["business_profile.url", "external_account"],
      };
    },
    async createCheckout(input) {
      if (input.stripeAccount) {
        const a = await readLocal(app, input.stripeAccount, "account");
        if (!a?.charges_enabled)
          throw new PaymentsError("This account cannot take payments yet", 400, "account_invalid");
      }
      const line = input.lines[0];
      if (!line || "price" in line || input.lines.length !== 1)
        throw new PaymentsError("The test checkout takes one line with a named amount", 400, "parameter_invalid");
      const id = `cs_test_local_${rand()}`;
      const session: LocalSession = {
        id,
        object: "checkout.session",
        mode: input.mode,
        status: "open",
        amount_total: line.amount * (line.quantity ?? 1),
        currency: line.currency.toLowerCase(),
        line_name: line.name,
        interval: input.mode === "subscription" ? (line.interval ?? "month") : null,
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        account: input.stripeAccount ?? null,
        customer_email: input.customerEmail ?? null,
        client_reference_id: input.clientReferenceId ?? null,
        submit_type: input.submitType ?? null,
        trial_end: input.mode === "subscription" ? (input.trialEnd ?? null) : null,
      };
      await save(app, "checkout_session", session);
      return { id, url: `/pay/test/checkout/${id}` };
    },
    async portalSession({ customerId, returnUrl }) {
      if (!(await readLocal(app, customerId, "customer")))
        throw new PaymentsError(`No such customer: '${customerId}'`, 404);
      return { url: `/pay/test/portal/${customerId}?${new URLSearchParams({ return_url: returnUrl })}` };
    },
    async previewSubscriptionChange({ subscriptionId, price, prorationDate }) {
      const sub = await readLocal(app, subscriptionId, "subscription");
      if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
      const { amount } = localProration(itemOf(sub), price, prorationDate, sub.status === "trialing");
      return {
        amountDue: Math.max(0, amount),
        total: amount,
        currency: String(sub.currency).toUpperCase(),
        prorationDate,
      };
    },
    async updateSubscription({ subscriptionId, cancelAtPeriodEnd, price, prorationDate }) {
      const sub = await readLocal(app, subscriptionId, "subscription");
      if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
      if (sub.status === "canceled")
        throw new PaymentsError("A canceled subscription can no longer be updated", 400, "subscription_canceled");
      const account = (sub.account as string | null) ?? null;
      let updated: Obj = {
        ...sub,
        ...(cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: cancelAtPeriodEnd }),
      };
      let invoice: Obj | null = null;
      if (price) {
        const item = itemOf(sub);
        const { amount, period } = localProration(item, price, prorationDate ?? now(), sub.status === "trialing");
        const newItem: LocalItem = {
          ...item,
          price: {
            unit_amount: price.amount,
            currency: price.currency.toLowerCase(),
            recurring: { interval: price.interval },
          },
          current_period_start: period.start,
          current_period_end: period.end,
        };
        updated = { ...updated, items: { data: [newItem] } };
        const piId = `pi_local_${rand()}`;
        invoice = invoiceObject(
          {
            currency: String(sub.currency),
            metadata: sub.metadata as Record<string, string>,
            amount_total: amount,
          },
          `in_local_${rand()}`,
          sub.id,
          String(sub.customer),
          piId,
          `ch_local_${rand()}`,
          "subscription_update",
          true,
          await payerOf(app, String(sub.customer)),
          period,
        );
      }
      await save(app, "subscription", updated);
      await sendLocalEvent(app, "customer.subscription.updated", updated, account);
      if (invoice) await sendLocalEvent(app, "invoice.paid", invoice, account);
      return { id: sub.id };
    },
    async setSubscriptionState({ subscriptionId, state }) {
      return { id: (await changeLocalSubscription(app, subscriptionId, state)).id };
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const pi = await readLocal(app, paymentIntentId, "payment_intent");
      if (!pi) throw new PaymentsError(`No such payment_intent: '${paymentIntentId}'`, 404);
      // As Stripe keeps idempotency keys: the key is claimed by the refund's own row, so a replay refunds nothing.
      const refundId = idempotencyKey ? `re_local_${await keyDigest(idempotencyKey)}` : `re_local_${rand()}`;
      if (idempotencyKey) {
        const claimed = await app.db
          .insert(paymentLocalObject)
          .values({ id: refundId, kind: "refund", data: { id: refundId, object: "refund", payment_intent: pi.id } })
          .onConflictDoNothing()
          .returning({ id: paymentLocalObject.id });
        if (!claimed.length) return { id: refundId };
      }
      try {
        await moveLocalRefund(app, pi, amount);
      } catch (error) {
        if (idempotencyKey) await app.db.delete(paymentLocalObject).where(eq(paymentLocalObject.id, refundId));
        throw error;
      }
      return { id: refundId };
    },
  };
}

/** Moves money back on a test payment: all that is left, or the amount asked, refused past what is left. */
async function moveLocalRefund(app: AppContext, pi: Obj, amount: number | undefined) {
  const total = Number(pi.amount);
  const already = Number(pi.amount_refunded ?? 0);
  if (amount !== undefined && amount > total - already && total > already)
    throw new PaymentsError("The refund is larger than what is left of this payment", 400, "amount_too_large");
  const more = Math.min(amount ?? total - already, total - already);
  if (more <= 0) throw new PaymentsError("This payment has already been refunded", 400, "charge_already_refunded");
  const refunded = already + more;
  // Conditional on what was read: of two refunds pressed at once, the second is refused as Stripe would.
  const moved = await app.db
    .update(paymentLocalObject)
    .set({ data: sql`json_set(${paymentLocalObject.data}, '$.amount_refunded', ${refunded})` })
    .where(
      and(
        eq(paymentLocalObject.id, String(pi.id)),
        sql`coalesce(json_extract(${paymentLocalObject.data}, '$.amount_refunded'), 0) = ${already}`,
      ),
    )
    .returning({ id: paymentLocalObject.id });
  if (!moved.length) throw new PaymentsError("This payment has already been refunded", 400, "charge_already_refunded");
  await sendLocalEvent(
    app,
    "charge.refunded",
    {
      id: String(pi.latest_charge),
      object: "charge",
      amount: total,
      amount_refunded: refunded,
      refunded: refunded >= total,
      currency: pi.currency,
      payment_intent: pi.id,
      invoice: pi.invoice ?? null,
      metadata: pi.metadata ?? {},
    },
    (pi.account as string | null) ?? null,
  );
}

/** A short stable digest of an idempotency key, for the refund's id. */
async function keyDigest(key: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return bytesToHex(new Uint8Array(digest).subarray(0, 12));
}

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

/** One billing period from `start` (seconds), as Stripe counts them: the same day next month or next year. */
function periodEnd(start: number, interval: string | null): number {
  const d = new Date(start * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return Math.floor(d.getTime() / 1000);
}

/**
 * As Stripe prorates with always_invoice when the interval changes: the unused part of the old period
 * (counted from `at`) is credited, the new period starts then and is charged in full, on one invoice.
 */
function localProration(
  item: LocalItem,
  price: { amount: number; interval: "month" | "year" },
  at: number,
  trialing = false,
): { amount: number; period: { start: number; end: number } } {
  // During a trial nothing was paid and nothing is due: the new price starts when the trial ends.
  if (trialing) return { amount: 0, period: { start: item.current_period_start, end: item.current_period_end } };
  const length = Math.max(1, item.current_period_end - item.current_period_start);
  const unused = Math.min(1, Math.max(0, item.current_period_end - at) / length);
  const credit = Math.round(item.price.unit_amount * unused);
  return { amount: price.amount - credit, period: { start: at, end: periodEnd(at, price.interval) } };
}

type LocalItem = {
  id: string;
  price: { unit_amount: number; currency: string; recurring: { interval: string | null } };
  current_period_start: number;
  current_period_end: number;
};

function subscriptionObject(s: LocalSession, id: string, customer: string, status: string): Obj {
  const start = now();
  const item: LocalItem = {
    id: `si_local_${rand()}`,
    price: { unit_amount: s.amount_total, currency: s.currency, recurring: { interval: s.interval } },
    // Where Stripe's current API keeps a subscription's period: on its items (a trial's ends with the trial).
    current_period_start: start,
    current_period_end: s.trial_end && s.trial_end > start ? s.trial_end : periodEnd(start, s.interval),
  };
  return {
    id,
    object: "subscription",
    status,
    customer,
    currency: s.currency,
    metadata: s.metadata,
    account: s.account,
    cancel_at_period_end: false,
    trial_end: s.trial_end && s.trial_end > start ? s.trial_end : null,
    items: { data: [item] },
    session: s.id,
  };
}

/** Who pays a test subscription, as its customer says, for the invoices it makes. */
async function payerOf(app: AppContext, customerId: string) {
  const customer = await readLocal(app, customerId, "customer");
  return { email: (customer?.email as string) ?? null, name: (customer?.name as string) ?? null };
}

const itemOf = (sub: Obj) => (sub.items as { data: LocalItem[] }).data[0] as LocalItem;

function invoiceObject(
  s: { currency: string; metadata: Record<string, string>; amount_total: number },
  id: string,
  subscription: string,
  customer: string,
  paymentIntent: string,
  charge: string,
  reason: "subscription_create" | "subscription_cycle" | "subscription_update",
  paid: boolean,
  payer: { email: string | null; name: string | null },
  period?: { start: number; end: number },
): Obj {
  return {
    id,
    object: "invoice",
    customer,
    customer_email: payer.email,
    customer_name: payer.name,
    currency: s.currency,
    // A negative total is a credit (a downgrade's proration): nothing is due and the balance carries it.
    total: s.amount_total,
    amount_due: Math.max(0, s.amount_total),
    amount_paid: paid ? Math.max(0, s.amount_total) : 0,
    lines: { data: period ? [{ period }] : [] },
    status: paid ? "paid" : "open",
    billing_reason: reason,
    attempt_count: 1,
    parent: { type: "subscription_details", subscription_details: { subscription, metadata: s.metadata } },
    payments: { data: [{ payment: { type: "payment_intent", payment_intent: paymentIntent } }] },
    charge,
    created: now(),
  };
}

/**
 * The next billing period of a test subscription, paid or failed: what Stripe's test clocks do, here a
 * button on the test portal. A failed payment leaves the subscription past due, as Stripe's retries would.
 */
export async function renewLocalSubscription(app: AppContext, subscriptionId: string, paid: boolean) {
  const sub = await readLocal(app, subscriptionId, "subscription");
  // A paused subscription's invoices are voided (pause_collection): no payment, nothing to record.
  if (!sub || sub.status === "canceled" || sub.pause_collection) return undefined;
  const item = itemOf(sub);
  const price = item?.price.unit_amount ?? 0;
  // A paid renewal starts the next period where the last one ended; a failed one leaves it where it was.
  const next = {
    start: item.current_period_end,
    end: periodEnd(item.current_period_end, item.price.recurring.interval),
  };
  const base = {
    currency: String(sub.currency),
    metadata: sub.metadata as Record<string, string>,
    amount_total: price,
  };
  const piId = `pi_local_${rand()}`;
  const charge = `ch_local_${rand()}`;
  const payer = await payerOf(app, String(sub.customer));
  const invoice = invoiceObject(
    base,
    `in_local_${rand()}`,
    sub.id,
    String(sub.customer),
    piId,
    charge,
    "subscription_cycle",
    paid,
    payer,
    next,
  );
  const account = (sub.account as string | null) ?? null;
  await save(app, "payment_intent", {
    id: piId,
    object: "payment_intent",
    amount: price,
    amount_refunded: 0,
    currency: sub.currency,
    latest_charge: charge,
    customer: sub.customer,
    invoice: invoice.id,
    metadata: {},
    account,
  });
  const status = paid ? "active" : "past_due";
  const updated = {
    ...sub,
    status,
    items: { data: [paid ? { ...item, current_period_start: next.start, current_period_end: next.end } : item] },
  };
  await save(app, "subscription", updated);
  const origin = await originOf(app, sub);
  const sent = [await sendLocalEvent(app, paid ? "invoice.paid" : "invoice.payment_failed", invoice, account, origin)];
  if (sub.status !== status || paid)
    sent.push(await sendLocalEvent(app, "customer.subscription.updated", updated, account, origin));
  return { invoice, sent };
}

/** The site a test checkout came from (its success address), else the default. */
function siteOf(address: unknown) {
  try {
    return new URL(String(address)).origin;
  } catch {
    return undefined;
  }
}

/** The site a test subscription's checkout came from, for the events its later payments send. */
async function originOf(app: AppContext, sub: Obj) {
  const session = sub.session ? await readLocal<LocalSession>(app, String(sub.session), "checkout_session") : undefined;
  return siteOf(session?.success_url);
}

/**
 * Pauses (invoices voided until resumed, as Stripe's pause_collection), resumes or cancels a test
 * subscription in one conditional update, so of two presses at once only one changes it; then the same
 * event Stripe sends. Refused as Stripe refuses: unknown, or already canceled.
 */
export async function changeLocalSubscription(
  app: AppContext,
  subscriptionId: string,
  state: "pause" | "resume" | "cancel",
) {
  const path = paymentLocalObject.data;
  const set =
    state === "cancel"
      ? sql`json_set(${path}, '$.status', 'canceled', '$.canceled_at', ${now()})`
      : state === "pause"
        ? sql`json_set(${path}, '$.pause_collection', json('{"behavior":"void"}'))`
        : sql`json_set(${path}, '$.pause_collection', json('null'))`;
  const changed = await app.db
    .update(paymentLocalObject)
    .set({ data: set })
    .where(
      and(
        eq(paymentLocalObject.id, subscriptionId),
        eq(paymentLocalObject.kind, "subscription"),
        sql`json_extract(${path}, '$.status') <> 'canceled'`,
      ),
    )
    .returning({ data: paymentLocalObject.data });
  const sub = changed[0]?.data as Obj | undefined;
  if (!sub) {
    const found = await readLocal(app, subscriptionId, "subscription");
    if (!found) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
    throw new PaymentsError("This subscription is already canceled", 400, "subscription_canceled");
  }
  await sendLocalEvent(
    app,
    state === "cancel" ? "customer.subscription.deleted" : "customer.subscription.updated",
    sub,
    (sub.account as string | null) ?? null,
    await originOf(app, sub),
  );
  return sub;
}

/** The test portal lists a customer's subscriptions (there are only ever a few locally). */
export async function localSubscriptionsOf(app: AppContext, customerId: string) {
  const rows = await app.db
    .select({ data: paymentLocalObject.data })
    .from(paymentLocalObject)
    .where(eq(paymentLocalObject.kind, "subscription"));
  return rows.map((r) => r.data as Obj).filter((s) => s.customer === customerId);
}
