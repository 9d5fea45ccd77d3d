import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "~/context";
import { emailAddress } from "~/lib/forms/fields";
import { type DonorDetails, processingFee } from "~/lib/fundraising/donation";
import { newsOptIn } from "~/lib/fundraising/giving-messages";
import { DEFAULT_LOCALE, type Locale, matchLocale } from "~/lib/i18n/locales";
import { formatMoney } from "~/lib/money";
import { dayInZone } from "~/lib/time/time";
import { campaign, gift, recurringGift, stripeConnection, userSettings } from "~db/schema";
import { rawSql, type Statement } from "../db/write.server";
import type { PaymentEvent } from "../payments/events";
import { paymentsFor } from "../payments/payments.server";
import type { HandlerResult, PaymentHandler } from "../payments/webhook.server";
import { addPerson } from "../people/add.server";
import { consentStatement } from "../people/consent.server";
import { giftEntryStatements } from "../people/timeline.server";
import { getCampaign, purgeCampaignPages, purgeOwnerCampaignPages } from "./campaigns.server";
import { announceGift } from "./gifts.server";
import { sendThankYou, sendTributeNotice } from "./thank-you.server";

export const DONATIONS = "donations";

export type DonationStart = {
  campaignId: string;
  amount: number;
  monthly: boolean;
  publicName: boolean;
  source: "card" | "event" | "qr" | "link";
  cardId?: number;
  eventId?: number;
  mailingId?: number;
  coverFees?: boolean;
  /** Ticked "Email me news from {organisation}". */
  news?: boolean;
  tribute?: DonorDetails["tribute"];
  address?: string | null;
  /** The language of the Donate page: the gift's receipts and the opt-in's recorded words are in it. */
  locale?: Locale;
};

/** Whether this campaign can take gifts online now, and on which connected account. */
export async function donationsOpen(
  app: AppContext,
  c: { userId: string | null; status: string; archivedAt: Date | null },
) {
  if (c.status !== "active" || c.archivedAt || !c.userId || !paymentsFor(app)) return null;
  const conn = await app.db
    .select({ accountId: stripeConnection.accountId, chargesEnabled: stripeConnection.chargesEnabled })
    .from(stripeConnection)
    .where(eq(stripeConnection.userId, c.userId))
    .get();
  return conn?.chargesEnabled ? conn.accountId : null;
}

/** Whether the campaign takes gifts online now and, when not, what the owner can do about it. */
export async function givingStatus(
  app: AppContext,
  c: { userId: string | null; status: string; archivedAt: Date | null },
): Promise<{ open: true } | { open: false; reason: string }> {
  const closed = (reason: string) => ({ open: false as const, reason });
  if (c.archivedAt) return closed("the campaign is archived. Unarchive and reopen it to take gifts online.");
  if (c.status === "draft") return closed("publish the campaign to take gifts online.");
  if (c.status !== "active") return closed("the campaign is closed. Reopen it to take gifts online.");
  if (!paymentsFor(app)) return closed("online giving is not set up on this server (no Stripe key).");
  const conn = c.userId
    ? await app.db
        .select({ chargesEnabled: stripeConnection.chargesEnabled })
        .from(stripeConnection)
        .where(eq(stripeConnection.userId, c.userId))
        .get()
    : undefined;
  if (!conn) return closed("connect Stripe on the Campaigns page to take gifts online.");
  if (!conn.chargesEnabled) return closed("Stripe needs a few more details before gifts can be taken.");
  return { open: true };
}

/**
 * A Checkout Session on the nonprofit's own connected account: the charge, the money and the receipt
 * are theirs. Everything the gift needs later travels as metadata and comes back in signed events.
 */
export async function startDonation(app: AppContext, start: DonationStart, origin: string) {
  const c = await getCampaign(app.db, start.campaignId);
  const payments = paymentsFor(app);
  const account = c ? await donationsOpen(app, c) : null;
  if (!c || !payments || !account || !c.userId) return null;
  const metadata: Record<string, string> & { domain: string } = {
    domain: DONATIONS,
    owner: c.userId,
    campaign: c.id,
    source: start.source,
    public: start.publicName ? "1" : "0",
  };
  if (start.cardId) metadata.card = String(start.cardId);
  if (start.eventId) metadata.event = String(start.eventId);
  if (start.mailingId) metadata.mailing = String(start.mailingId);
  // The donor's own choices ride with the payment (Stripe keeps metadata values up to 500 characters).
  const fee = start.coverFees ? processingFee(start.amount, c.currency) : 0;
  if (fee) metadata.fee = String(fee);
  if (start.tribute) {
    metadata.tribute = start.tribute.kind;
    metadata.tribute_name = start.tribute.name;
    if (start.tribute.notify) metadata.tribute_notify = start.tribute.notify;
  }
  if (start.address) metadata.address = start.address;
  // The box's answer and the name it showed come back with the paid gift as an "email" consent (0180).
  if (start.news) metadata.news_from = c.organization.slice(0, 200);
  if (start.locale && start.locale !== DEFAULT_LOCALE) metadata.lang = start.locale;
  const name = start.monthly ? `Monthly gift to ${c.title}` : `Gift to ${c.title}`;
  return payments.createCheckout({
    mode: start.monthly ? "subscription" : "payment",
    lines: [
      {
        // The fee is named in the line, so checkout shows it and the total before the donor pays.
        name: fee ? `${name}, including ${formatMoney(fee, c.currency)} to cover the processing fee` : name,
        amount: start.amount + fee,
        currency: c.currency,
        interval: start.monthly ? "month" : undefined,
      },
    ],
    successUrl: `${origin}/fundraising/${c.id}/thanks?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/fundraising/${c.id}`,
    metadata,
    stripeAccount: account,
    submitType: start.monthly ? undefined : "donate",
    locale: start.locale ?? DEFAULT_LOCALE,
  });
}

// What we read from Stripe's objects: only these fields, validated; anything else in them is ignored.
const meta = z.object({
  domain: z.literal(DONATIONS),
  owner: z.string().min(1).max(100),
  campaign: z.string().min(1).max(100),
  source: z.enum(["card", "event", "qr", "link"]).catch("link"),
  public: z.string().optional(),
  card: z.coerce.number().int().positive().optional().catch(undefined),
  event: z.coerce.number().int().positive().optional().catch(undefined),
  mailing: z.coerce.number().int().positive().optional().catch(undefined),
  fee: z.coerce.number().int().nonnegative().optional().catch(undefined),
  tribute: z.enum(["honour", "memory"]).optional().catch(undefined),
  tribute_name: z.string().trim().min(1).max(120).optional().catch(undefined),
  tribute_notify: z.string().trim().toLowerCase().max(254).pipe(emailAddress).optional().catch(undefined),
  address: z.string().trim().min(1).max(500).optional().catch(undefined),
  news_from: z.string().trim().min(1).max(200).optional().catch(undefined),
  lang: z
    .string()
    .transform((v) => matchLocale(v) ?? undefined)
    .optional()
    .catch(undefined),
});
type Meta = z.infer<typeof meta>;
const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/)
  .transform((v) => v.toUpperCase());
const amount = z
  .number()
  .int()
  .nonnegative()
  .max(10 ** 12);
const email = z.string().trim().toLowerCase().max(254).pipe(emailAddress).nullish().catch(null);
const name = z.string().trim().max(120).nullish().catch(null);

const sessionSchema = z.object({
  id: z.string(),
  mode: z.enum(["payment", "subscription", "setup"]),
  payment_status: z.string().optional(),
  amount_total: amount.nullish(),
  currency: currency.nullish(),
  payment_intent: z.string().nullish(),
  subscription: z.string().nullish(),
  customer: z.string().nullish(),
  customer_details: z.object({ email, name }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const invoiceSchema = z.object({
  id: z.string(),
  customer: z.string().nullish(),
  customer_email: email,
  customer_name: name,
  amount_paid: amount,
  currency,
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: z.string(), metadata: z.record(z.string(), z.string()).nullish() })
        .nullish(),
    })
    .nullish(),
  payments: z
    .object({
      data: z.array(z.object({ payment: z.object({ payment_intent: z.string().nullish() }).passthrough() })),
    })
    .nullish(),
});
const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  pause_collection: z.object({ behavior: z.string() }).nullish(),
  customer: z.string().nullish(),
  currency,
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({
          unit_amount: amount.nullish(),
          recurring: z.object({ interval: z.string() }).nullish(),
        }),
      }),
    ),
  }),
});
const chargeSchema = z.object({
  id: z.string(),
  amount,
  amount_refunded: amount,
  payment_intent: z.string().nullish(),
});
const accountSchema = z.object({ id: z.string(), charges_enabled: z.boolean(), details_submitted: z.boolean() });

const recurringStatus = (s: string): "active" | "past_due" | "paused" | "canceled" =>
  s === "canceled" || s === "incomplete_expired" || s === "unpaid"
    ? "canceled"
    : s === "past_due"
      ? "past_due"
      : s === "paused"
        ? "paused"
        : "active";

/** The owner named in the metadata, if the event really came from that owner's connected account. */
async function ownerOf(app: AppContext, event: PaymentEvent, m: Meta) {
  const conn = await app.db
    .select({ accountId: stripeConnection.accountId })
    .from(stripeConnection)
    .where(eq(stripeConnection.userId, m.owner))
    .get();
  if (!conn || conn.accountId !== event.account) return null;
  const c = await app.db
    .select({ id: campaign.id, title: campaign.title, currency: campaign.currency, timeZone: userSettings.timeZone })
    .from(campaign)
    .leftJoin(userSettings, eq(userSettings.userId, campaign.userId))
    .where(and(eq(campaign.id, m.campaign), eq(campaign.userId, m.owner)))
    .get();
  return c
    ? {
        userId: m.owner,
        campaign: { id: c.id, title: c.title, currency: c.currency },
        // The organisation's day: a gift at 22:17 in New York on 28 November is a 28 November gift.
        timeZone: c.timeZone ?? "UTC",
      }
    : null;
}

/** The donor as a person in the owner's network: matched by email, tagged Donor. */
async function donorPerson(
  app: AppContext,
  userId: string,
  donor: { email: string | null; name: string | null },
  title: string,
  newsFrom?: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  if (!donor.email) return null;
  const added = await addPerson(
    app.db,
    userId,
    { displayName: donor.name || donor.email, emails: [{ value: donor.email, label: "home" }] },
    {
      source: "manual",
      detail: `Gave online to “${title}”`,
      eventName: null,
      tags: ["Donor"],
      events: app,
      // A gift alone is no consent to be mailed; the Donate form's own box is.
      also: (personId) =>
        newsFrom
          ? [
              consentStatement(app.db, personId, {
                senderWorkspaceId: userId,
                purpose: "email",
                state: "yes",
                senderName: newsFrom,
                // The words exactly as the donor read them, in the Donate page's language.
                shown: newsOptIn(locale, newsFrom),
                source: "donate",
              }),
            ]
          : [],
    },
  );
  return added.id;
}

const upsertRecurring = (values: typeof recurringGift.$inferInsert): Statement =>
  rawSql(sql`insert into ${recurringGift} (user_id, campaign_id, connection_id, subscription, customer, stripe_account, amount, currency, interval, status, status_at, locale)
    values (${values.userId}, ${values.campaignId ?? null}, ${values.connectionId ?? null}, ${values.subscription}, ${values.customer ?? null},
      ${values.stripeAccount ?? null}, ${values.amount}, ${values.currency}, ${values.interval}, ${values.status}, ${values.statusAt}, ${values.locale ?? null})
    on conflict (subscription) do update set
      connection_id = coalesce(recurring_gift.connection_id, excluded.connection_id),
      locale = coalesce(recurring_gift.locale, excluded.locale),
      status = case when recurring_gift.status = 'canceled' then 'canceled'
        when excluded.status_at >= recurring_gift.status_at then excluded.status else recurring_gift.status end,
      status_at = max(recurring_gift.status_at, excluded.status_at)`);

type GiftInsert = typeof gift.$inferInsert;

async function recordGift(
  app: AppContext,
  event: PaymentEvent,
  m: Meta,
  owner: NonNullable<Awaited<ReturnType<typeof ownerOf>>>,
  g: Omit<GiftInsert, "userId" | "campaignId" | "connectionId" | "method" | "source" | "date" | "publicName">,
  donor: { email: string | null; name: string | null },
  site: { origin: string },
  extra: Statement[] = [],
  subscription?: string,
): Promise<HandlerResult> {
  const existing = await app.db
    .select({ id: gift.id })
    .from(gift)
    .where(and(eq(gift.userId, owner.userId), eq(gift.externalKey, g.externalKey)))
    .get();
  if (existing) return { statements: extra };
  const personId = await donorPerson(app, owner.userId, donor, owner.campaign.title, m.news_from, m.lang);
  const insert = app.db
    .insert(gift)
    .values({
      ...g,
      userId: owner.userId,
      campaignId: owner.campaign.id,
      connectionId: personId,
      method: "card",
      source: m.source,
      sourceCardId: m.card ?? null,
      sourceEventId: m.event ?? null,
      date: dayInZone(new Date(), owner.timeZone),
      locale: m.lang ?? null,
      publicName: m.public === "1",
      recurringId: subscription ? sql`(select id from ${recurringGift} where subscription = ${subscription})` : null,
      recurring: Boolean(subscription),
      stripeAccount: event.account ?? null,
      // Never more than was paid, whatever the metadata says.
      feeCovered: Math.min(m.fee ?? 0, g.amount),
      tributeKind: m.tribute && m.tribute_name ? m.tribute : null,
      tributeName: m.tribute && m.tribute_name ? m.tribute_name : null,
      tributeNotifyEmail: m.tribute && m.tribute_name ? (m.tribute_notify ?? null) : null,
      donorAddress: m.address ?? null,
    })
    .onConflictDoNothing();
  const key = g.externalKey;
  // The gift on the giver's timeline, in the same batch; keyed by the gift's own key, so a replay adds none.
  const entry = personId
    ? giftEntryStatements(owner.userId, personId, {
        id: key,
        summary: `Gave ${formatMoney(g.amount, g.currency)}${subscription ? " a month" : ""} online to “${owner.campaign.title}”`,
        at: new Date(),
      })
    : [];
  // Counted as the mailing's only when the mailing is this owner's; the gift's key makes a replay add nothing.
  const fromMailing = m.mailing
    ? [
        rawSql(sql`insert into mailing_gift (user_id, gift_key, mailing_id)
          select ${owner.userId}, ${key}, id from mailing where id = ${m.mailing} and user_id = ${owner.userId}
          on conflict (user_id, gift_key) do nothing`),
      ]
    : [];
  return {
    statements: [...extra, insert, ...entry, ...fromMailing],
    after: async () => {
      await purgeCampaignPages(app.env);
      await sendThankYou(app, owner.userId, { externalKey: key }, site);
      await sendTributeNotice(app, owner.userId, key);
      await announceGift(app, owner.userId, key);
    },
  };
}

async function handle(app: AppContext, event: PaymentEvent, site: { origin: string }): Promise<HandlerResult | null> {
  const o = event.data.object;
  switch (event.type) {
    case "account.updated": {
      const a = accountSchema.safeParse(o);
      if (!a.success) return null;
      const row = await app.db
        .select({ userId: stripeConnection.userId })
        .from(stripeConnection)
        .where(eq(stripeConnection.accountId, a.data.id))
        .get();
      if (!row) return null;
      return {
        statements: [
          app.db
            .update(stripeConnection)
            .set({
              chargesEnabled: a.data.charges_enabled,
              detailsSubmitted: a.data.details_submitted,
              updatedAt: new Date(),
            })
            .where(eq(stripeConnection.accountId, a.data.id)),
        ],
        // Every published campaign of this owner shows whether strangers can give.
        after: () => purgeOwnerCampaignPages(app.env, app.db, row.userId),
      };
    }
    case "checkout.session.completed": {
      const s = sessionSchema.safeParse(o);
      const m = meta.safeParse(s.data?.metadata ?? {});
      if (!s.success || !m.success) return null;
      const owner = await ownerOf(app, event, m.data);
      if (!owner) return { statements: [] };
      const donor = { email: s.data.customer_details?.email ?? null, name: s.data.customer_details?.name ?? null };
      if (s.data.mode === "subscription" && s.data.subscription) {
        // The monthly gift; its payments arrive as invoice.paid (perhaps before this event).
        const personId = await donorPerson(
          app,
          owner.userId,
          donor,
          owner.campaign.title,
          m.data.news_from,
          m.data.lang,
        );
        return {
          statements: [
            upsertRecurring({
              userId: owner.userId,
              campaignId: owner.campaign.id,
              connectionId: personId,
              subscription: s.data.subscription,
              customer: s.data.customer ?? null,
              stripeAccount: event.account ?? null,
              amount: s.data.amount_total ?? 0,
              currency: s.data.currency ?? owner.campaign.currency,
              interval: "month",
              status: "active",
              statusAt: event.created,
              locale: m.data.lang ?? null,
            }),
          ],
        };
      }
      if (s.data.mode !== "payment" || s.data.payment_status !== "paid" || !s.data.payment_intent)
        return { statements: [] };
      return recordGift(
        app,
        event,
        m.data,
        owner,
        {
          amount: s.data.amount_total ?? 0,
          currency: s.data.currency ?? owner.campaign.currency,
          externalKey: s.data.payment_intent,
          paymentIntent: s.data.payment_intent,
          donorName: donor.name,
          donorEmail: donor.email,
        },
        donor,
        site,
      );
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const inv = invoiceSchema.safeParse(o);
      const details = inv.data?.parent?.subscription_details;
      const m = meta.safeParse(details?.metadata ?? {});
      if (!inv.success || !details || !m.success) return null;
      const owner = await ownerOf(app, event, m.data);
      if (!owner) return { statements: [] };
      const donor = { email: inv.data.customer_email ?? null, name: inv.data.customer_name ?? null };
      const base = {
        userId: owner.userId,
        campaignId: owner.campaign.id,
        subscription: details.subscription,
        customer: inv.data.customer ?? null,
        stripeAccount: event.account ?? null,
        amount: inv.data.amount_paid,
        currency: inv.data.currency,
        interval: "month" as const,
        statusAt: event.created,
        locale: m.data.lang ?? null,
      };
      if (event.type === "invoice.payment_failed")
        return {
          statements: [upsertRecurring({ ...base, status: "past_due" })],
          after: () => purgeCampaignPages(app.env),
        };
      const pi = inv.data.payments?.data[0]?.payment.payment_intent ?? null;
      return recordGift(
        app,
        event,
        m.data,
        owner,
        {
          amount: inv.data.amount_paid,
          currency: inv.data.currency,
          externalKey: inv.data.id,
          paymentIntent: pi,
          donorName: donor.name,
          donorEmail: donor.email,
        },
        donor,
        site,
        [upsertRecurring({ ...base, status: "active" })],
        details.subscription,
      );
    }
    case "customer.subscription.updated":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.deleted": {
      const sub = subscriptionSchema.safeParse(o);
      const m = meta.safeParse(sub.data?.metadata ?? {});
      if (!sub.success || !m.success) return null;
      const owner = await ownerOf(app, event, m.data);
      if (!owner) return { statements: [] };
      const price = sub.data.items.data[0]?.price;
      return {
        statements: [
          upsertRecurring({
            userId: owner.userId,
            campaignId: owner.campaign.id,
            subscription: sub.data.id,
            customer: sub.data.customer ?? null,
            stripeAccount: event.account ?? null,
            amount: price?.unit_amount ?? 0,
            currency: sub.data.currency,
            interval: price?.recurring?.interval === "year" ? "year" : "month",
            status:
              event.type === "customer.subscription.deleted"
                ? "canceled"
                : // Held by pause_collection (status stays "active" at Stripe) or paused outright.
                  sub.data.pause_collection && sub.data.status !== "canceled"
                  ? "paused"
                  : recurringStatus(sub.data.status),
            statusAt: event.created,
          }),
        ],
      };
    }
    case "charge.refunded": {
      const ch = chargeSchema.safeParse(o);
      if (!ch.success || !ch.data.payment_intent || !event.account) return null;
      const conn = await app.db
        .select({ userId: stripeConnection.userId })
        .from(stripeConnection)
        .where(eq(stripeConnection.accountId, event.account))
        .get();
      if (!conn) return null;
      const row = await app.db
        .select({ id: gift.id })
        .from(gift)
        .where(and(eq(gift.userId, conn.userId), eq(gift.paymentIntent, ch.data.payment_intent)))
        .get();
      // The refund came before the gift it reverses: Stripe sends it again later, once the gift is here.
      if (!row) return { retry: "The gift this refund reverses has not been recorded yet" };
      return {
        // The charge's refunded total, never a delta: applying it twice or late changes nothing.
        statements: [
          rawSql(sql`update ${gift} set amount_refunded = max(amount_refunded, min(amount, ${ch.data.amount_refunded}))
            where id = ${row.id}`),
        ],
        after: () => purgeCampaignPages(app.env),
      };
    }
  }
  return null;
}

export const donationHandler: PaymentHandler = {
  domain: DONATIONS,
  types: [
    "account.updated",
    "checkout.session.completed",
    "invoice.paid",
    "invoice.payment_failed",
    "customer.subscription.updated",
    "customer.subscription.paused",
    "customer.subscription.resumed",
    "customer.subscription.deleted",
    "charge.refunded",
  ],
  handle,
};
