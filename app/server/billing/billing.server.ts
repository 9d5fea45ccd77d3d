import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "~/context";
import { formatPlanDate, GRACE_DAYS, PRO_PRICE } from "~/lib/billing/plans";
import { accountLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { DAY_MS } from "~/lib/time/days";
import { accountPlan, billingInvoice, member, user, workspace } from "~db/schema";
import type { Database } from "../db/db.server";
import type { Statement } from "../db/write.server";
import type { PaymentEvent } from "../payments/events";
import { paymentsFor } from "../payments/payments.server";
import type { HandlerResult, PaymentHandler } from "../payments/webhook.server";
import { outboxMailer } from "../platform/mail.server";
import { getPlanState, notifyWhere } from "./plans.server";
import { syncSeatsAfter } from "./seats.server";

/** Card Pro's two prices, in cents: what Checkout and a change of interval charge. */
export const PRO_AMOUNT = {
  month: Math.round(PRO_PRICE.monthly * 100),
  year: Math.round(PRO_PRICE.yearly * 100),
} as const;
export type Interval = keyof typeof PRO_AMOUNT;

const DOMAIN = "plans";

/**
 * Checkout in subscription mode for a workspace; Stripe's page collects the card (or PayPal). A team's (decision 0237)
 * is per seat: one Card Pro a member, the count the plan page showed before anything is charged.
 */
export async function startCheckout(
  app: AppContext,
  owner: { id: string; email: string; seats?: number },
  interval: Interval,
  origin: string,
) {
  const seats = Math.max(1, owner.seats ?? 1);
  const payments = paymentsFor(app);
  if (!payments) return null;
  const state = await getPlanState(app.db, owner.id);
  // One live subscription per account: a second Checkout would charge twice.
  if (state.subscriptionStatus && state.subscriptionStatus !== "canceled") return "subscribed" as const;
  const customerId = (
    await app.db.select({ id: accountPlan.customerId }).from(accountPlan).where(eq(accountPlan.userId, owner.id))
  )[0]?.id;
  const trialEnd = paidFrom(state, new Date());
  return payments.createCheckout({
    mode: "subscription",
    lines: [
      {
        name: "KnowWho Card Pro",
        amount: PRO_AMOUNT[interval],
        currency: PRO_PRICE.currency,
        interval,
        quantity: seats,
      },
    ],
    successUrl: `${origin}/settings/billing?checkout=done`,
    cancelUrl: `${origin}/settings/billing?checkout=cancelled`,
    metadata: { domain: DOMAIN, userId: owner.id, interval, seats: String(seats) },
    clientReferenceId: owner.id,
    ...(customerId ? { customerId } : { customerEmail: owner.email }),
    ...(trialEnd ? { trialEnd: Math.floor(trialEnd.getTime() / 1000) } : {}),
    // One session per owner, interval and minute: a double click opens the same checkout.
    idempotencyKey: `plans:${owner.id}:${interval}:${seats}:${state.subscriptionStatus ?? "none"}:${Math.floor(Date.now() / 60_000)}`,
  });
}

/** The seats a workspace is billed for: a team's members (decision 0237), one for an account's own. */
export async function seatsOf(db: Database, workspaceId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(member)
    .innerJoin(workspace, and(eq(workspace.id, member.workspaceId), eq(workspace.kind, "team")))
    .where(eq(member.workspaceId, workspaceId));
  return Math.max(1, row?.n ?? 0);
}

// Stripe's Checkout refuses a trial_end sooner than 48 hours away; a trial ending sooner runs a little longer.
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000 + 10 * 60 * 1000;

/**
 * When a subscription started now should first charge: the end of the free Card Pro the account has now
 * (the trial, or the nonprofit offer), as the plan page promises; null when it has none left.
 */
export function paidFrom(state: { trialEndsAt: Date | null; nonprofitEndsAt: Date | null }, now: Date): Date | null {
  const ends = Math.max(state.trialEndsAt?.getTime() ?? 0, state.nonprofitEndsAt?.getTime() ?? 0);
  if (ends <= now.getTime()) return null;
  return new Date(Math.max(ends, now.getTime() + MIN_TRIAL_MS));
}

export async function subscriptionOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      customerId: accountPlan.customerId,
      subscriptionId: accountPlan.subscriptionId,
      status: accountPlan.subscriptionStatus,
      interval: accountPlan.billingInterval,
      cancelAtPeriodEnd: accountPlan.cancelAtPeriodEnd,
      currentPeriodEnd: accountPlan.currentPeriodEnd,
    })
    .from(accountPlan)
    .where(eq(accountPlan.userId, userId));
  return row ?? null;
}

export function listInvoices(db: Database, userId: string) {
  return db
    .select({
      id: billingInvoice.id,
      amountDue: billingInvoice.amountDue,
      amountPaid: billingInvoice.amountPaid,
      currency: billingInvoice.currency,
      status: billingInvoice.status,
      reason: billingInvoice.reason,
      hostedUrl: billingInvoice.hostedUrl,
      issuedAt: billingInvoice.issuedAt,
    })
    .from(billingInvoice)
    .where(eq(billingInvoice.userId, userId))
    .orderBy(desc(billingInvoice.issuedAt), desc(billingInvoice.createdAt))
    .limit(24);
}

// --- webhooks -------------------------------------------------------------------------------------

const metadata = z.object({ domain: z.literal(DOMAIN), userId: z.string().min(1).max(100) }).loose();
const seconds = z.number().int().nonnegative();

const sessionSchema = z.object({
  id: z.string(),
  mode: z.literal("subscription"),
  customer: z.string().nullish(),
  subscription: z.string().nullish(),
  metadata,
});

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string().max(40),
  customer: z.string(),
  cancel_at_period_end: z.boolean().optional(),
  // The current API keeps the period on the items; older versions on the subscription itself.
  current_period_end: seconds.optional(),
  items: z
    .object({
      data: z.array(
        z
          .object({
            current_period_end: seconds.optional(),
            price: z.object({ recurring: z.object({ interval: z.string() }).nullish() }).loose(),
          })
          .loose(),
      ),
    })
    .optional(),
  metadata,
});

const invoiceSchema = z.object({
  id: z.string(),
  customer: z.string().nullish(),
  currency: z.string().max(10),
  total: z.number().int().optional(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  billing_reason: z.string().max(60).nullish(),
  hosted_invoice_url: z.string().max(2000).nullish(),
  created: seconds.optional(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: seconds }).optional() }).loose()) }).optional(),
  // Where the subscription and our metadata sit on an invoice (current API: parent; older: top level).
  parent: z
    .object({
      subscription_details: z.object({ subscription: z.string().nullish(), metadata: metadata.nullish() }).nullish(),
    })
    .nullish(),
  subscription_details: z.object({ metadata: metadata.nullish() }).nullish(),
  subscription: z.string().nullish(),
});

const ms = (s: number | undefined | null) => (s ? new Date(s * 1000) : null);
const intervalOf = (v: string | undefined | null): Interval | null => (v === "month" || v === "year" ? v : null);

/**
 * The workspace a plan event is about (decision 0237): an account's own, or a team, whose mail and notifications go to
 * its first owner. A webhook naming a deleted or unknown workspace changes nothing.
 */
async function ownerOf(db: Database, workspaceId: string) {
  const firstOwner = sql`(select m.user_id from ${member} m where m.workspace_id = ${workspace.id} and m.role = 'owner' order by m.created_at, m.user_id limit 1)`;
  const [row] = await db
    .select({ id: workspace.id, notifyId: sql<string>`coalesce(${firstOwner}, ${workspace.id})`, team: workspace.kind })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  if (!row) return null;
  const [person] = await db
    .select({ email: user.email, name: user.name, locale: user.locale })
    .from(user)
    .where(eq(user.id, row.notifyId));
  return person ? { id: row.id, notifyId: row.notifyId, ...person } : null;
}

/**
 * The plans domain's webhook handler: only platform events (never a connected account's) whose
 * metadata says "plans". Each answer is statements the webhook route commits with the event's id.
 */
export const plansHandler: PaymentHandler = {
  domain: DOMAIN,
  types: [
    "checkout.session.completed",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "invoice.paid",
    "invoice.payment_failed",
  ],
  async handle(app, event) {
    if (event.account) return null;
    const object = event.data.object;
    if (event.type === "checkout.session.completed") return onCheckout(app, object);
    if (event.type.startsWith("customer.subscription.")) return onSubscription(app, event, object);
    return onInvoice(app, event, object);
  },
};

async function onCheckout(app: AppContext, object: unknown): Promise<HandlerResult | null> {
  const parsed = sessionSchema.safeParse(object);
  if (!parsed.success) return null;
  const s = parsed.data;
  const subscriptionId = s.subscription;
  if (!subscriptionId || !s.customer) return null;
  const owner = await ownerOf(app.db, s.metadata.userId);
  if (!owner) return null;
  const interval = intervalOf(String(s.metadata.interval ?? "")) ?? "month";
  // Card Pro starts at once; the subscription's own events then set the exact period and keep it current.
  const provisional = new Date(Date.now() + (interval === "year" ? 366 : 31) * DAY_MS);
  const same = sql`${accountPlan.subscriptionId} IS ${subscriptionId}`;
  return {
    statements: [
      app.db.insert(accountPlan).values({ userId: owner.id }).onConflictDoNothing(),
      app.db
        .update(accountPlan)
        .set({
          customerId: s.customer,
          subscriptionId,
          // Its own events may have come first (then they stand); a new subscription after an ended one starts clean.
          subscriptionStatus: sql`CASE WHEN ${same} THEN coalesce(${accountPlan.subscriptionStatus}, 'active') ELSE 'active' END`,
          billingInterval: interval,
          // Seats already recounted for this subscription (a member joined before this event came) stand.
          seats: sql`CASE WHEN ${same} AND ${accountPlan.seats} IS NOT NULL THEN ${accountPlan.seats} ELSE ${Number(s.metadata.seats ?? 0) || null} END`,
          currentPeriodEnd: sql`CASE WHEN ${same} AND ${accountPlan.currentPeriodEnd} IS NOT NULL THEN ${accountPlan.currentPeriodEnd} ELSE ${provisional.getTime()} END`,
          graceEndsAt: sql`CASE WHEN ${same} THEN ${accountPlan.graceEndsAt} ELSE NULL END`,
          subscriptionEventAt: sql`CASE WHEN ${same} THEN ${accountPlan.subscriptionEventAt} ELSE NULL END`,
          cancelAtPeriodEnd: false,
        })
        .where(
          and(
            eq(accountPlan.userId, owner.id),
            // A later subscription's checkout replaces an ended one; never a live one of another id.
            or(
              isNull(accountPlan.subscriptionId),
              eq(accountPlan.subscriptionId, subscriptionId),
              eq(accountPlan.subscriptionStatus, "canceled"),
            ),
          ),
        ),
      notifyWhere(
        app.db,
        owner.notifyId,
        { title: "Welcome to Card Pro", message: "Your subscription is active. Thank you!", type: "success" },
        sql`1`,
      ),
    ],
    // Members who joined or left between the checkout and now: the seats follow them (decision 0253).
    after: () => syncSeatsAfter(app, owner.id),
  };
}

async function onSubscription(app: AppContext, event: PaymentEvent, object: unknown): Promise<HandlerResult | null> {
  const parsed = subscriptionSchema.safeParse(object);
  if (!parsed.success) return null;
  const sub = parsed.data;
  const owner = await ownerOf(app.db, sub.metadata.userId);
  if (!owner) return null;
  const item = sub.items?.data[0];
  const periodEnd = ms(item?.current_period_end ?? sub.current_period_end);
  const deleted = event.type === "customer.subscription.deleted";
  const status = deleted ? "canceled" : sub.status;
  const state = await getPlanState(app.db, owner.id);
  const applies = and(
    eq(accountPlan.userId, owner.id),
    // Events about another (older) subscription, or older than the last applied, change nothing.
    or(
      isNull(accountPlan.subscriptionId),
      eq(accountPlan.subscriptionId, sub.id),
      eq(accountPlan.subscriptionStatus, "canceled"),
    ),
    or(isNull(accountPlan.subscriptionEventAt), lte(accountPlan.subscriptionEventAt, event.created)),
  );
  const statements: Statement[] = [
    app.db.insert(accountPlan).values({ userId: owner.id }).onConflictDoNothing(),
    app.db
      .update(accountPlan)
      .set({
        subscriptionId: sub.id,
        customerId: sub.customer,
        subscriptionStatus: status,
        cancelAtPeriodEnd: deleted ? false : Boolean(sub.cancel_at_period_end),
        ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
        ...(intervalOf(item?.price.recurring?.interval)
          ? { billingInterval: intervalOf(item?.price.recurring?.interval) }
          : {}),
        // Paid again: the grace period is over. Past due: it starts now unless it already has.
        graceEndsAt:
          status === "active" || status === "trialing"
            ? null
            : status === "past_due"
              ? sql`coalesce(${accountPlan.graceEndsAt}, ${Date.now() + GRACE_DAYS * DAY_MS})`
              : sql`${accountPlan.graceEndsAt}`,
        subscriptionEventAt: event.created,
      })
      .where(applies),
  ];
  const ending = !deleted && sub.cancel_at_period_end && !state.cancelAtPeriodEnd && periodEnd;
  if (ending)
    statements.push(
      notifyWhere(
        app.db,
        owner.notifyId,
        {
          title: "Card Pro cancelled",
          message: `You keep Card Pro until ${formatPlanDate(periodEnd)}, the end of the billing cycle you paid for. Nothing you made is deleted.`,
          type: "info",
        },
        sql`1`,
      ),
    );
  if (deleted)
    statements.push(
      notifyWhere(
        app.db,
        owner.notifyId,
        {
          title: "Card Pro has ended",
          message: "You are on Basic now. Everything you made is kept; subscribe again any time.",
          type: "info",
        },
        sql`1`,
      ),
    );
  return { statements };
}

async function onInvoice(app: AppContext, event: PaymentEvent, object: unknown): Promise<HandlerResult | null> {
  const parsed = invoiceSchema.safeParse(object);
  if (!parsed.success) return null;
  const inv = parsed.data;
  const meta = inv.parent?.subscription_details?.metadata ?? inv.subscription_details?.metadata;
  if (!meta) return null;
  const owner = await ownerOf(app.db, meta.userId);
  if (!owner) return null;
  const subscriptionId = inv.parent?.subscription_details?.subscription ?? inv.subscription ?? null;
  const paid = event.type === "invoice.paid";
  const periodEnd = ms(inv.lines?.data.map((l) => l.period?.end ?? 0).reduce((a, b) => Math.max(a, b), 0));
  const statements: Statement[] = [
    app.db
      .insert(billingInvoice)
      .values({
        id: inv.id,
        userId: owner.id,
        subscriptionId,
        amountDue: inv.total ?? inv.amount_due,
        amountPaid: inv.amount_paid,
        currency: inv.currency,
        status: paid ? "paid" : "failed",
        reason: inv.billing_reason ?? null,
        hostedUrl: inv.hosted_invoice_url?.startsWith("https://") ? inv.hosted_invoice_url : null,
        issuedAt: ms(inv.created ?? event.created) ?? new Date(),
      })
      // A failed invoice paid later on retry is the same invoice: it becomes paid, never the reverse.
      .onConflictDoUpdate({
        target: billingInvoice.id,
        set: {
          status: sql`CASE WHEN ${billingInvoice.status} = 'paid' THEN 'paid' ELSE excluded.status END`,
          amountPaid: sql`max(${billingInvoice.amountPaid}, excluded.amount_paid)`,
        },
      }),
  ];
  const ours = and(
    eq(accountPlan.userId, owner.id),
    subscriptionId ? or(isNull(accountPlan.subscriptionId), eq(accountPlan.subscriptionId, subscriptionId)) : undefined,
  );
  if (paid) {
    statements.push(
      app.db
        .update(accountPlan)
        .set({
          subscriptionStatus: sql`CASE WHEN ${accountPlan.subscriptionStatus} IN ('past_due', 'unpaid', 'incomplete') OR ${accountPlan.subscriptionStatus} IS NULL THEN 'active' ELSE ${accountPlan.subscriptionStatus} END`,
          graceEndsAt: null,
          ...(periodEnd
            ? {
                // The paid invoice's period replaces checkout's provisional end; after the subscription's own
                // events have set it, a late invoice can only extend it.
                currentPeriodEnd: sql`CASE WHEN ${accountPlan.subscriptionEventAt} IS NULL THEN ${periodEnd.getTime()} ELSE max(coalesce(${accountPlan.currentPeriodEnd}, 0), ${periodEnd.getTime()}) END`,
              }
            : {}),
        })
        .where(ours),
    );
    return { statements };
  }
  const graceEnds = new Date(Date.now() + GRACE_DAYS * DAY_MS);
  statements.push(
    app.db
      .update(accountPlan)
      .set({
        subscriptionStatus: "past_due",
        graceEndsAt: sql`coalesce(${accountPlan.graceEndsAt}, ${graceEnds.getTime()})`,
      })
      .where(ours),
    notifyWhere(
      app.db,
      owner.notifyId,
      {
        title: "Your Card Pro payment failed",
        message: `Update your payment method by ${formatPlanDate(graceEnds)} to keep Card Pro.`,
        type: "warning",
      },
      sql`1`,
    ),
  );
  return {
    statements,
    // In the owner's own language (decision 0269).
    after: () => {
      const locale = accountLocale(owner.locale);
      const t = translator(locale);
      return outboxMailer(app.db).send({
        to: owner.email,
        kind: "payment-failed",
        subject: t("acct.paymentFailed.subject"),
        text: t("acct.paymentFailed.body", { name: owner.name, date: formatPlanDate(graceEnds, "UTC", locale) }),
      });
    },
  };
}

export type BillingAction = "cancel" | "resume" | { interval: Interval; prorationDate?: number };

/**
 * What switching to `interval` would charge now and from when, before anything is charged: Stripe's
 * invoice preview (the test adapter's same computation). Null when there is nothing to switch.
 */
export async function previewChange(app: AppContext, userId: string, interval: Interval) {
  const payments = paymentsFor(app);
  const sub = await subscriptionOf(app.db, userId);
  if (!payments || !sub?.subscriptionId || !sub.status || sub.status === "canceled" || sub.interval === interval)
    return null;
  const preview = await payments.previewSubscriptionChange({
    subscriptionId: sub.subscriptionId,
    price: { amount: PRO_AMOUNT[interval], currency: PRO_PRICE.currency, interval },
    prorationDate: Math.floor(Date.now() / 1000),
  });
  return { ...preview, interval, from: sub.interval };
}

/**
 * Cancel at the period's end, undo that, or switch between monthly and yearly (prorated by Stripe).
 * Only the account's own subscription is ever named; the plan changes when Stripe's events arrive.
 */
export async function changeSubscription(app: AppContext, userId: string, change: BillingAction) {
  const payments = paymentsFor(app);
  const sub = await subscriptionOf(app.db, userId);
  if (!payments || !sub?.subscriptionId || !sub.status || sub.status === "canceled") return false;
  if (typeof change === "object") {
    if (sub.interval === change.interval) return false;
    await payments.updateSubscription({
      subscriptionId: sub.subscriptionId,
      price: { amount: PRO_AMOUNT[change.interval], currency: PRO_PRICE.currency, interval: change.interval },
      ...(change.prorationDate ? { prorationDate: change.prorationDate } : {}),
    });
    return true;
  }
  await payments.updateSubscription({ subscriptionId: sub.subscriptionId, cancelAtPeriodEnd: change === "cancel" });
  return true;
}

/** Stripe's customer portal (card or PayPal details, invoices); null without a customer yet. */
export async function portalFor(app: AppContext, userId: string, origin: string) {
  const payments = paymentsFor(app);
  const sub = await subscriptionOf(app.db, userId);
  if (!payments || !sub?.customerId) return null;
  return payments.portalSession({ customerId: sub.customerId, returnUrl: `${origin}/settings/billing` });
}
