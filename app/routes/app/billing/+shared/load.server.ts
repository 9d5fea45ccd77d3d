import type { AppContext } from "~/context";
import { countryName } from "~/lib/billing/nonprofit-form";
import { PLAN_LABEL } from "~/lib/billing/plans";
import { listInvoices, paidFrom, seatsOf, subscriptionOf } from "~/server/billing/billing.server";
import { myApplications } from "~/server/billing/nonprofit.server";
import { getEntitlements, getPlanState } from "~/server/billing/plans.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { paymentsFor } from "~/server/payments/payments.server";

/** The plan the account is on now, as the Current plan section says it. */
export async function loadPlan(app: AppContext, userId: string) {
  const now = new Date();
  const [state, plan] = await Promise.all([getPlanState(app.db, userId), getEntitlements(app.db, userId, now)]);
  return {
    tier: plan.tier,
    source: plan.source,
    label: PLAN_LABEL[plan.source],
    endsAt: plan.endsAt?.toISOString() ?? null,
    renewsAt: plan.renewsAt?.toISOString() ?? null,
    trialAvailable: plan.trialAvailable,
    publishedCardLimit: plan.publishedCardLimit,
    interval: state.billingInterval,
    // A trial that ended is said plainly, so "Basic" is never a surprise.
    trialEndedAt: plan.tier === "basic" && state.trialEndsAt ? state.trialEndsAt.toISOString() : null,
  };
}

/** The subscription (if any) and its invoices. */
export async function loadSubscription(app: AppContext, userId: string) {
  const [subscription, invoices, seats, state] = await Promise.all([
    subscriptionOf(app.db, userId),
    listInvoices(app.db, userId),
    seatsOf(app.db, userId),
    getPlanState(app.db, userId),
  ]);
  return {
    // When a subscription started now would first charge: the end of a trial or of the nonprofit offer.
    paidFrom: paidFrom(state, new Date())?.toISOString() ?? null,
    // A team pays one Card Pro a member (decision 0237): the count is shown before anything is charged.
    seats,
    subscription: {
      // Billing is offered when a payments adapter is configured (Stripe, or the test checkout locally).
      available: paymentsFor(app) !== null,
      live: Boolean(subscription?.subscriptionId && subscription.status && subscription.status !== "canceled"),
      customer: Boolean(subscription?.customerId),
      interval: subscription?.interval ?? null,
      cancelAtPeriodEnd: Boolean(subscription?.cancelAtPeriodEnd),
      status: subscription?.status ?? null,
    },
    invoices: invoices.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString() })),
  };
}

/** The account's nonprofit offer applications. */
/** What the nonprofit form starts with: the workspace's organisation profile, where it has one (decision 0254). */
export async function nonprofitPrefill(app: AppContext, workspaceId: string) {
  const o = await getOrganisation(app.db, workspaceId);
  return { organisation: o.legalName, country: o.country, registrationNumber: o.taxId, website: "" };
}

export async function loadApplications(app: AppContext, workspaceId: string) {
  const applications = await myApplications(app.db, workspaceId);
  return applications.map((a) => ({
    ...a,
    countryName: countryName(a.country),
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
  }));
}

export type PlanData = Awaited<ReturnType<typeof loadPlan>>;
export type SubscriptionData = Awaited<ReturnType<typeof loadSubscription>>;
export type Application = Awaited<ReturnType<typeof loadApplications>>[number];
