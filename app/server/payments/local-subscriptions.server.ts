import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { paymentLocalObject } from "~db/schema";
import { type LocalSession, now, type Obj, rand, readLocal, save, sendLocalEvent } from "./local.server";
import { PaymentsError } from "./types";

/** The built-in test checkout's subscriptions: their periods, prorations, invoices, renewals and changes. */

/** One billing period from `start` (seconds), as Stripe counts them: the same day next month or next year. */
export function periodEnd(start: number, interval: string | null): number {
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
export function localProration(
  item: LocalItem,
  price: { amount: number; interval: "month" | "year" },
  at: number,
  trialing = false,
): { amount: number; period: { start: number; end: number } } {
  // During a trial nothing was paid and nothing is due: the new price starts when the trial ends.
  if (trialing) return { amount: 0, period: { start: item.current_period_start, end: item.current_period_end } };
  const seats = quantityOf(item);
  const credit = Math.round(item.price.unit_amount * seats * unusedPart(item, at));
  return { amount: price.amount * seats - credit, period: { start: at, end: periodEnd(at, price.interval) } };
}

/** The part of the item's period still to come at `at` (seconds), between 0 and 1. */
const unusedPart = (item: LocalItem, at: number) =>
  Math.min(
    1,
    Math.max(0, item.current_period_end - at) / Math.max(1, item.current_period_end - item.current_period_start),
  );

export const quantityOf = (item: LocalItem) => item.quantity ?? 1;

/** Prorations kept for the subscription's next invoice (Stripe's pending invoice items), in minor units. */
export const pendingOf = (sub: Obj) => Number(sub.pending_prorations ?? 0);

/**
 * A test subscription's seats, as Stripe's subscription item update with create_prorations: the change times the
 * unused part of the period is kept for the next invoice (nothing during a trial). One conditional update on what was
 * read, so of two changes at once neither is lost; a key already used answers as before and changes nothing.
 */
export async function setLocalSeats(
  app: AppContext,
  subscriptionId: string,
  quantity: number,
  idempotencyKey: string,
  at: number,
): Promise<Obj> {
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new PaymentsError("Invalid non-negative integer", 400, "parameter_invalid_integer");
  for (let attempt = 0; attempt < 5; attempt++) {
    const sub = await readLocal(app, subscriptionId, "subscription");
    if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
    const keys = (sub.seat_keys as string[] | undefined) ?? [];
    if (keys.includes(idempotencyKey)) return sub;
    if (sub.status === "canceled")
      throw new PaymentsError("A canceled subscription can no longer be updated", 400, "subscription_canceled");
    const item = itemOf(sub);
    const change =
      sub.status === "trialing"
        ? 0
        : Math.round((quantity - quantityOf(item)) * item.price.unit_amount * unusedPart(item, at));
    const updated: Obj = {
      ...sub,
      items: { data: [{ ...item, quantity }] },
      pending_prorations: pendingOf(sub) + change,
      // Stripe keeps a key a day; a test subscription keeps its last few.
      seat_keys: [...keys, idempotencyKey].slice(-50),
    };
    const moved = await app.db
      .update(paymentLocalObject)
      .set({ data: updated })
      .where(
        and(
          eq(paymentLocalObject.id, subscriptionId),
          sql`coalesce(json_extract(${paymentLocalObject.data}, '$.items.data[0].quantity'), 1) = ${quantityOf(item)}`,
          sql`coalesce(json_extract(${paymentLocalObject.data}, '$.pending_prorations'), 0) = ${pendingOf(sub)}`,
          sql`json_array_length(coalesce(json_extract(${paymentLocalObject.data}, '$.seat_keys'), '[]')) = ${keys.length}`,
        ),
      )
      .returning({ id: paymentLocalObject.id });
    if (moved.length) return updated;
  }
  throw new PaymentsError("This subscription is being changed by another request", 409, "lock_timeout");
}

export type LocalItem = {
  id: string;
  /** Seats (a team's members); a subscription from before holds none: one. */
  quantity?: number;
  price: { unit_amount: number; currency: string; recurring: { interval: string | null } };
  current_period_start: number;
  current_period_end: number;
};

export function subscriptionObject(s: LocalSession, id: string, customer: string, status: string): Obj {
  const start = now();
  const item: LocalItem = {
    id: `si_local_${rand()}`,
    price: { unit_amount: s.unit_amount ?? s.amount_total, currency: s.currency, recurring: { interval: s.interval } },
    quantity: s.quantity ?? 1,
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
export async function payerOf(app: AppContext, customerId: string) {
  const customer = await readLocal(app, customerId, "customer");
  return { email: (customer?.email as string) ?? null, name: (customer?.name as string) ?? null };
}

export const itemOf = (sub: Obj) => (sub.items as { data: LocalItem[] }).data[0] as LocalItem;

export function invoiceObject(
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
  // The period at its seats, with the prorations kept since the last invoice.
  const price = (item?.price.unit_amount ?? 0) * quantityOf(item) + pendingOf(sub);
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
    pending_prorations: paid ? 0 : pendingOf(sub),
  };
  await save(app, "subscription", updated);
  const origin = await originOf(app, sub);
  const sent = [await sendLocalEvent(app, paid ? "invoice.paid" : "invoice.payment_failed", invoice, account, origin)];
  if (sub.status !== status || paid)
    sent.push(await sendLocalEvent(app, "customer.subscription.updated", updated, account, origin));
  return { invoice, sent };
}

/** The site a test checkout came from (its success address), else the default. */
export function siteOf(address: unknown) {
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
