import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { addMonths } from "~/lib/follow/rhythm";
import { campaign, gift, recurringGift } from "~db/schema";
import type { Database } from "../db/db.server";
import { paymentsFor } from "../payments/payments.server";
import { PaymentsError } from "../payments/types";
import { outboxMailer } from "../platform/mail.server";
import { allow } from "../platform/rate-limit.server";
import { donorGiftsPath } from "./donor-link.server";
import { getOrganisation } from "./organisation.server";

/**
 * Monthly gifts held, resumed or stopped: by the owner from the person's page, and by the donor through
 * the signed link in every receipt of a monthly gift. The change goes to the payments adapter (Stripe on
 * the connected account); the gift's status changes when the subscription's event comes back.
 */
export type RecurringChange = "pause" | "resume" | "cancel";

const columns = {
  id: recurringGift.id,
  amount: recurringGift.amount,
  currency: recurringGift.currency,
  interval: recurringGift.interval,
  status: recurringGift.status,
  campaign: campaign.title,
  organization: campaign.organization,
  lastDay: sql<string | null>`(select max(g.date) from ${gift} g where g.recurring_id = ${recurringGift.id}
    and g.user_id = ${recurringGift.userId})`,
};

/**
 * The day the next payment is due: one interval after the last, while Stripe still collects (active, or retrying a
 * failed payment); none while paused or after a cancel.
 */
const nextDay = (r: { status: string; interval: "month" | "year"; lastDay: string | null }) =>
  (r.status === "active" || r.status === "past_due") && r.lastDay
    ? addMonths(r.lastDay, r.interval === "year" ? 12 : 1)
    : null;

/** The monthly gifts a donor's own payments show they made to this owner (matched by the receipts' email). */
export async function donorRecurringGifts(db: Database, ownerId: string, email: string) {
  const [rows, org] = await Promise.all([
    db
      .select(columns)
      .from(recurringGift)
      .leftJoin(campaign, eq(campaign.id, recurringGift.campaignId))
      .where(and(eq(recurringGift.userId, ownerId), inArray(recurringGift.id, donorsOwn(db, ownerId, email))))
      .orderBy(recurringGift.id),
    getOrganisation(db, ownerId),
  ]);
  // The charity as its receipts name it: the legal name, else the campaigns' organisations; never the owner.
  const charity = org.legalName || [...new Set(rows.map((r) => r.organization).filter(Boolean))].join(", ");
  return { gifts: rows.map(({ lastDay, ...r }) => ({ ...r, next: nextDay({ ...r, lastDay }) })), charity };
}

/** The gifts the donor paid this owner, known by the receipts' email. */
const paidBy = (ownerId: string, email: string) =>
  and(eq(gift.userId, ownerId), sql`lower(${gift.donorEmail}) = ${email.toLowerCase()}`);

/** The ids of the monthly gifts behind the donor's own payments to this owner. */
const donorsOwn = (db: Database, ownerId: string, email: string) =>
  db
    .select({ id: gift.recurringId })
    .from(gift)
    .where(and(paidBy(ownerId, email), sql`${gift.recurringId} is not null`));

/** Whether the donor made this monthly gift: what a change or the portal asks first, without the charity's name. */
async function donorMade(db: Database, ownerId: string, email: string, recurringId: number) {
  const rows = await db
    .select({ id: gift.id })
    .from(gift)
    .where(and(paidBy(ownerId, email), eq(gift.recurringId, recurringId)))
    .limit(1);
  return rows.length > 0;
}

export type ChangeResult = "done" | "already-cancelled" | "already-paused" | "not-paused" | "missing" | "unavailable";

/** What the owner or donor is told, in one place for both pages. */
export const CHANGE_MESSAGE: Record<ChangeResult, { ok: boolean; text: string }> = {
  done: { ok: true, text: "" },
  "already-cancelled": { ok: false, text: "This monthly gift is already cancelled. Nothing more will be charged." },
  "already-paused": { ok: false, text: "This monthly gift is already paused." },
  "not-paused": { ok: false, text: "This monthly gift is not paused." },
  missing: { ok: false, text: "We could not find this monthly gift." },
  unavailable: { ok: false, text: "We couldn't reach the payment provider. Nothing was changed; please try again." },
};

/**
 * Asks the payments adapter to pause, resume or cancel one of the owner's monthly gifts (only one the
 * `donor` made, when a donor asks). A gift already cancelled, paused or running is said so, and nothing
 * is sent; Stripe's own refusal (a cancel racing another) reads the same.
 */
export async function changeRecurringGift(
  app: AppContext,
  ownerId: string,
  recurringId: number,
  change: RecurringChange,
  donor?: { email: string },
): Promise<ChangeResult> {
  const row = await app.db
    .select({
      subscription: recurringGift.subscription,
      stripeAccount: recurringGift.stripeAccount,
      status: recurringGift.status,
    })
    .from(recurringGift)
    .where(and(eq(recurringGift.id, recurringId), eq(recurringGift.userId, ownerId)))
    .get();
  if (!row) return "missing";
  if (donor) {
    if (!(await donorMade(app.db, ownerId, donor.email, recurringId))) return "missing";
  }
  if (row.status === "canceled") return "already-cancelled";
  if (change === "pause" && row.status === "paused") return "already-paused";
  if (change === "resume" && row.status !== "paused") return "not-paused";
  const payments = paymentsFor(app);
  if (!payments) return "unavailable";
  try {
    await payments.setSubscriptionState({
      subscriptionId: row.subscription,
      state: change,
      ...(row.stripeAccount ? { stripeAccount: row.stripeAccount } : {}),
    });
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    if (error.code === "subscription_canceled" || error.code === "resource_missing") return "already-cancelled";
    console.error("recurring gift", change, error.message);
    return "unavailable";
  }
  return "done";
}

/** Stripe's customer portal for the donor of this monthly gift, on the owner's connected account. */
export async function donorPortal(
  app: AppContext,
  ownerId: string,
  recurringId: number,
  donor: { email: string },
  returnUrl: string,
) {
  if (!(await donorMade(app.db, ownerId, donor.email, recurringId))) return null;
  const row = await app.db
    .select({ customer: recurringGift.customer, stripeAccount: recurringGift.stripeAccount })
    .from(recurringGift)
    .where(and(eq(recurringGift.id, recurringId), eq(recurringGift.userId, ownerId)))
    .get();
  const payments = paymentsFor(app);
  if (!row?.customer || !payments) return null;
  return payments.portalSession({
    customerId: row.customer,
    returnUrl,
    ...(row.stripeAccount ? { stripeAccount: row.stripeAccount } : {}),
  });
}

/**
 * A fresh manage link, mailed to the donor's own address (never shown on the page that asked), when that
 * address gives monthly to this owner; a few a minute per donor, so the page is no way to flood a mailbox.
 */
export async function mailDonorLink(app: AppContext, ownerId: string, email: string, origin: string) {
  if (!(await allow(app.env, "strict", `donor-link:${ownerId}:${email}`))) return "too-many" as const;
  const { gifts, charity } = await donorRecurringGifts(app.db, ownerId, email);
  if (!gifts.length) return "sent" as const;
  const url = `${origin}${await donorGiftsPath(app.env, ownerId, email)}`;
  await outboxMailer(app.db).send({
    to: email,
    kind: "donor-link",
    subject: `Your link to manage your monthly gifts${charity ? ` to ${charity}` : ""}`,
    text: `Here is your link to pause, resume or cancel your monthly gifts${charity ? ` to ${charity}` : ""}. It works for one hour:\n\n${url}\n\nIf you did not ask for it, you can ignore this email.`,
  });
  return "sent" as const;
}
