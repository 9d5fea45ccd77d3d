import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { dueInstant } from "~/lib/follow/rhythm";
import { type HandGift, instalmentPlan, type PledgeForm } from "~/lib/fundraising/gift-forms";
import { refundTooLarge } from "~/lib/fundraising/refund";
import { formatMoney } from "~/lib/money";
import { campaign, connection, gift, pledge, pledgeInstalment, recurringGift, reminder } from "~db/schema";
import { chunk, IDS_PER_STATEMENT } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { isUniqueViolation, rawSql, writeBatch } from "../db/write.server";
import { emitEvent, emitEvents } from "../integrations/webhooks.server";
import { paymentsFor } from "../payments/payments.server";
import { seesPersonById, type Viewer } from "../people/access.server";
import { addPerson, attachToPerson } from "../people/add.server";
import { giftEntryStatements } from "../people/timeline.server";
import { purgeCampaignPages } from "./campaigns.server";
import { organisationDay, organisationZone } from "./organisation.server";

const net = sql<number>`${gift.amount} - ${gift.amountRefunded}`;
const live = sql`${gift.amount} > ${gift.amountRefunded}`;

/** Names of donors who chose to be named, newest first; everyone else stays anonymous. */
export async function publicSupporters(db: Database, campaignId: string) {
  const rows = await db
    .selectDistinct({ name: gift.donorName })
    .from(gift)
    .where(and(eq(gift.campaignId, campaignId), eq(gift.publicName, true), live))
    .orderBy(desc(gift.id))
    .limit(30);
  return rows.map((r) => r.name).filter((n): n is string => Boolean(n));
}

/** The owner's person for a gift: the one they picked (theirs only), or matched by email / created, tagged Donor. */
async function personFor(
  app: AppContext,
  userId: string,
  form: { person?: number; donorName: string; donorEmail: string },
  detail: string,
) {
  const arrival = { source: "manual", detail, eventName: null, tags: ["Donor"], events: app } as const;
  const draft = {
    displayName: form.donorName || form.donorEmail,
    emails: form.donorEmail ? [{ value: form.donorEmail, label: "home" as const }] : [],
  };
  // Through the people core either way: a picked person gains the Donor tag and any new email, never loses a field.
  const added = form.person
    ? await attachToPerson(app.db, userId, form.person, draft, { ...arrival, tags: [...arrival.tags] })
    : await addPerson(app.db, userId, draft, { ...arrival, tags: [...arrival.tags] });
  return added ? { id: added.id, name: added.name } : null;
}

export async function ownedCampaignRef(db: Database, userId: string, id: string | null | undefined) {
  if (!id) return null;
  return (
    (await db
      .select({ id: campaign.id, title: campaign.title, currency: campaign.currency })
      .from(campaign)
      .where(and(eq(campaign.id, id), eq(campaign.userId, userId)))
      .get()) ?? null
  );
}

export type RecordResult = { ok: true; id: number } | { ok: false; field: string; message: string };

/**
 * The campaign a gift or pledge counts toward (none, or the workspace's own, in the same currency) and the person
 * who gave, found or added. Null when the campaign or person named is not the workspace's.
 */
async function campaignAndGiver(
  app: AppContext,
  userId: string,
  campaignId: string | null,
  form: { currency: string; person?: number; donorName: string; donorEmail: string },
  detail: (campaignTitle: string | null) => string,
): Promise<
  | Extract<RecordResult, { ok: false }>
  | { c: Awaited<ReturnType<typeof ownedCampaignRef>>; person: NonNullable<Awaited<ReturnType<typeof personFor>>> }
  | null
> {
  const c = await ownedCampaignRef(app.db, userId, campaignId);
  if (campaignId && !c) return null;
  if (c && c.currency !== form.currency)
    return { ok: false, field: "currency", message: `This campaign counts gifts in ${c.currency}` };
  const person = await personFor(app, userId, form, detail(c?.title ?? null));
  return person ? { c, person } : null;
}

/** Cash, cheque, bank transfer or a gift made elsewhere; a double submit (same form key) records one gift. */
export async function recordHandGift(
  app: AppContext,
  userId: string,
  campaignId: string | null,
  form: HandGift,
): Promise<RecordResult | null> {
  const giving = await campaignAndGiver(app, userId, campaignId, form, (title) =>
    title ? `Gave to “${title}”` : "Gave a gift",
  );
  if (!giving || "ok" in giving) return giving;
  const { c, person } = giving;
  const key = `hand:${form.nonce}`;
  const [stored] = await writeBatch(app.db, [
    app.db
      .insert(gift)
      .values({
        userId,
        campaignId: c?.id ?? null,
        connectionId: person.id,
        amount: form.amount,
        currency: form.currency,
        date: form.date,
        method: form.method,
        recurring: form.recurring,
        source: "manual",
        donorName: form.donorName || person.name,
        donorEmail: form.donorEmail || null,
        note: form.note || null,
        externalKey: key,
      })
      .onConflictDoNothing(),
    // On the giver's timeline, dated the day it was given; a double submit adds one entry, like one gift.
    ...giftEntryStatements(userId, person.id, {
      id: key,
      summary: `Gave ${formatMoney(form.amount, form.currency)}${c ? ` to “${c.title}”` : ""}`,
      at: new Date(`${form.date}T12:00:00Z`),
    }),
  ]);
  const row = await app.db
    .select({ id: gift.id })
    .from(gift)
    .where(and(eq(gift.userId, userId), eq(gift.externalKey, key)))
    .get();
  if (c) await purgeCampaignPages(app.env);
  if (stored?.meta.changes) await announceGift(app, userId, key);
  return { ok: true, id: row?.id ?? 0 };
}

/** A pledge, its instalments and one follow-up reminder per instalment, in one batch. */
export async function recordPledge(
  app: AppContext,
  userId: string,
  campaignId: string | null,
  form: PledgeForm,
): Promise<RecordResult | null> {
  const giving = await campaignAndGiver(app, userId, campaignId, form, (title) =>
    title ? `Pledged to “${title}”` : "Made a pledge",
  );
  if (!giving || "ok" in giving) return giving;
  const { c, person } = giving;
  const plan = instalmentPlan(form.amount, form.instalments, form.firstDue);
  // Each reminder at the start of a working day where the organisation is, not 09:00 UTC (4 AM in New York).
  const zone = await organisationZone(app.db, userId);
  const pledgeId = sql`(select id from ${pledge} where user_id = ${userId} and key = ${form.nonce})`;
  const what = c ? ` for ${c.title}` : "";
  try {
    await writeBatch(app.db, [
      app.db.insert(pledge).values({
        userId,
        campaignId: c?.id ?? null,
        connectionId: person.id,
        amount: form.amount,
        currency: form.currency,
        note: form.note || null,
        key: form.nonce,
      }),
      rawSql(sql`insert into ${pledgeInstalment} (pledge_id, due_date, amount)
        select ${pledgeId}, json_extract(j.value, '$.dueDate'), json_extract(j.value, '$.amount') from json_each(${JSON.stringify(plan)}) j`),
      rawSql(sql`insert into ${reminder} (user_id, connection_id, type, due_at, notes)
        select ${userId}, ${person.id}, 'General', json_extract(j.value, '$.dueAt'),
          'Pledge instalment due: ' || json_extract(j.value, '$.label') || ${what}
        from json_each(${JSON.stringify(
          plan.map((p) => ({
            ...p,
            label: formatMoney(p.amount, form.currency),
            dueAt: dueInstant(p.dueDate, zone).getTime(),
          })),
        )}) j`),
      ...giftEntryStatements(userId, person.id, {
        id: `pledge:${form.nonce}`,
        summary: `Pledged ${formatMoney(form.amount, form.currency)}${what} in ${plan.length} instalment${plan.length === 1 ? "" : "s"}`,
        at: new Date(),
      }),
    ]);
  } catch (error) {
    // The same form sent twice: the first pledge stands.
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await app.db
    .select({ id: pledge.id })
    .from(pledge)
    .where(and(eq(pledge.userId, userId), eq(pledge.key, form.nonce)))
    .get();
  return { ok: true, id: row?.id ?? 0 };
}

/** Marks the next open instalment of a pledge paid by recording its gift (one batch: gift and link). */
export async function payInstalment(app: AppContext, userId: string, instalmentId: number, method: HandGift["method"]) {
  const row = await app.db
    .select({
      id: pledgeInstalment.id,
      amount: pledgeInstalment.amount,
      giftId: pledgeInstalment.giftId,
      pledgeId: pledge.id,
      currency: pledge.currency,
      campaignId: pledge.campaignId,
      connectionId: pledge.connectionId,
      name: connection.name,
    })
    .from(pledgeInstalment)
    .innerJoin(pledge, eq(pledge.id, pledgeInstalment.pledgeId))
    .innerJoin(connection, eq(connection.id, pledge.connectionId))
    .where(and(eq(pledgeInstalment.id, instalmentId), eq(pledge.userId, userId)))
    .get();
  if (!row) return null;
  if (row.giftId) return { ok: true as const };
  const key = `instalment:${row.id}`;
  const today = await organisationDay(app.db, userId);
  const [stored] = await writeBatch(app.db, [
    app.db
      .insert(gift)
      .values({
        userId,
        campaignId: row.campaignId,
        connectionId: row.connectionId,
        pledgeId: row.pledgeId,
        amount: row.amount,
        currency: row.currency,
        date: today,
        method,
        source: "manual",
        donorName: row.name,
        externalKey: key,
      })
      .onConflictDoNothing(),
    rawSql(sql`update ${pledgeInstalment} set gift_id = (select id from ${gift} where user_id = ${userId} and external_key = ${key})
      where id = ${row.id}`),
    ...giftEntryStatements(userId, row.connectionId, {
      id: key,
      summary: `Paid a pledge instalment of ${formatMoney(row.amount, row.currency)}`,
      at: new Date(),
    }),
  ]);
  if (row.campaignId) await purgeCampaignPages(app.env);
  if (stored?.meta.changes) await announceGift(app, userId, key);
  return { ok: true as const };
}

const giftColumns = {
  id: gift.id,
  campaignId: gift.campaignId,
  campaign: campaign.title,
  connectionId: gift.connectionId,
  amount: gift.amount,
  amountRefunded: gift.amountRefunded,
  currency: gift.currency,
  date: gift.date,
  method: gift.method,
  source: gift.source,
  donorName: gift.donorName,
  donorEmail: gift.donorEmail,
  recurringId: gift.recurringId,
  recurring: gift.recurring,
  acknowledgedAt: gift.acknowledgedAt,
  paymentIntent: gift.paymentIntent,
  note: gift.note,
};

/**
 * A campaign's gifts, of the donors the viewer sees (0234), with what the dashboard tells of each: a tribute, the
 * fee the donor covered, and a monthly gift's standing (active, paused, cancelled).
 */
export function campaignGifts(db: Database, viewer: Viewer, campaignId: string) {
  return db
    .select({
      ...giftColumns,
      feeCovered: gift.feeCovered,
      tributeKind: gift.tributeKind,
      tributeName: gift.tributeName,
      monthly: recurringGift.status,
    })
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .leftJoin(recurringGift, and(eq(recurringGift.id, gift.recurringId), eq(recurringGift.userId, gift.userId)))
    .where(
      and(
        eq(gift.userId, viewer.workspaceId),
        eq(gift.campaignId, campaignId),
        seesPersonById(viewer, gift.connectionId),
      ),
    )
    .orderBy(desc(gift.date), desc(gift.id))
    .limit(500);
}

/** Gifts per page of the streamed export: one page of rows in memory, however many the campaign has. */
export const GIFT_EXPORT_PAGE = 1000;

/**
 * Every gift of a campaign for its CSV, newest first, a page at a time by the keyset (date, id), with
 * the key it is stored under (so the file re-imports as already recorded). No cap: all of them.
 */
export async function* campaignGiftExportPages(
  db: Database,
  viewer: Viewer,
  campaignId: string,
  pageSize = GIFT_EXPORT_PAGE,
) {
  const userId = viewer.workspaceId;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await db
      .select({ ...giftColumns, key: gift.externalKey })
      .from(gift)
      .leftJoin(campaign, eq(campaign.id, gift.campaignId))
      .where(
        and(
          eq(gift.userId, userId),
          eq(gift.campaignId, campaignId),
          seesPersonById(viewer, gift.connectionId),
          after ? sql`(${gift.date}, ${gift.id}) < (${after.date}, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(gift.date), desc(gift.id))
      .limit(pageSize);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { date: last.date, id: last.id };
  }
}

/**
 * Gifts not yet thanked (refunded ones need no thanks), for the campaign or everywhere: of the donors the viewer
 * sees (0234), so a member is not shown another member's private donor.
 */
export function unacknowledgedGifts(db: Database, viewer: Viewer, campaignId?: string) {
  const userId = viewer.workspaceId;
  return db
    .select(giftColumns)
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(
      and(
        eq(gift.userId, userId),
        isNull(gift.acknowledgedAt),
        live,
        campaignId ? eq(gift.campaignId, campaignId) : undefined,
        seesPersonById(viewer, gift.connectionId),
      ),
    )
    .orderBy(asc(gift.date), asc(gift.id))
    .limit(100);
}

/** A campaign's pledges, of the donors the viewer sees (0234). */
export function campaignPledges(db: Database, viewer: Viewer, campaignId: string) {
  return pledgesWhere(
    db,
    and(
      eq(pledge.userId, viewer.workspaceId),
      eq(pledge.campaignId, campaignId),
      seesPersonById(viewer, pledge.connectionId),
    ),
  );
}

async function pledgesWhere(db: Database, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      id: pledge.id,
      amount: pledge.amount,
      currency: pledge.currency,
      connectionId: pledge.connectionId,
      name: connection.name,
      campaign: campaign.title,
    })
    .from(pledge)
    .innerJoin(connection, eq(connection.id, pledge.connectionId))
    .leftJoin(campaign, eq(campaign.id, pledge.campaignId))
    .where(where)
    .orderBy(desc(pledge.id))
    .limit(200);
  if (!rows.length) return [];
  const instalments = await db
    .select()
    .from(pledgeInstalment)
    .where(
      inArray(
        pledgeInstalment.pledgeId,
        rows.slice(0, IDS_PER_STATEMENT).map((r) => r.id),
      ),
    )
    .orderBy(asc(pledgeInstalment.dueDate));
  return rows.map((r) => ({ ...r, instalments: instalments.filter((i) => i.pledgeId === r.id) }));
}

/** A person's giving with this owner: what the person page's Giving section shows. */
export async function givingSummary(db: Database, userId: string, connectionId: number) {
  const [totals, byCurrency, recurring, pledges, recent] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        first: sql<string | null>`min(${gift.date})`,
        last: sql<string | null>`max(${gift.date})`,
      })
      .from(gift)
      .where(and(eq(gift.userId, userId), eq(gift.connectionId, connectionId), live))
      .get(),
    db
      .select({ currency: gift.currency, total: sql<number>`sum(${net})`.mapWith(Number) })
      .from(gift)
      .where(and(eq(gift.userId, userId), eq(gift.connectionId, connectionId), live))
      .groupBy(gift.currency),
    db
      .select({
        id: recurringGift.id,
        amount: recurringGift.amount,
        currency: recurringGift.currency,
        interval: recurringGift.interval,
        status: recurringGift.status,
        campaign: campaign.title,
      })
      .from(recurringGift)
      .leftJoin(campaign, eq(campaign.id, recurringGift.campaignId))
      .where(and(eq(recurringGift.userId, userId), eq(recurringGift.connectionId, connectionId))),
    pledgesWhere(db, and(eq(pledge.userId, userId), eq(pledge.connectionId, connectionId))),
    db
      .select(giftColumns)
      .from(gift)
      .leftJoin(campaign, eq(campaign.id, gift.campaignId))
      .where(and(eq(gift.userId, userId), eq(gift.connectionId, connectionId)))
      .orderBy(desc(gift.date), desc(gift.id))
      .limit(5),
  ]);
  const outstanding = new Map<string, number>();
  for (const p of pledges)
    for (const i of p.instalments)
      if (!i.giftId) outstanding.set(p.currency, (outstanding.get(p.currency) ?? 0) + i.amount);
  return {
    count: totals?.count ?? 0,
    first: totals?.first ?? null,
    last: totals?.last ?? null,
    totals: byCurrency,
    recurring,
    outstanding: [...outstanding].map(([currency, amount]) => ({ currency, amount })),
    recent,
  };
}

/** One gift as the refund page shows it: the owner's alone. */
export function refundableGift(db: Database, userId: string, giftId: number) {
  return db
    .select({
      id: gift.id,
      campaignId: gift.campaignId,
      donorName: gift.donorName,
      donorEmail: gift.donorEmail,
      amount: gift.amount,
      refunded: gift.amountRefunded,
      currency: gift.currency,
      date: gift.date,
      online: sql<number>`${gift.paymentIntent} is not null`,
    })
    .from(gift)
    .where(and(eq(gift.userId, userId), eq(gift.id, giftId)))
    .get();
}

/**
 * Asks Stripe (or the test checkout) for a refund of the amount (else all that is left); the gift
 * changes when charge.refunded arrives. The key (the confirmation's own) makes a resubmit refund once.
 */
export async function requestRefund(
  app: AppContext,
  userId: string,
  giftId: number,
  options: { amount?: number; key?: string } = {},
) {
  const row = await app.db
    .select({
      paymentIntent: gift.paymentIntent,
      account: gift.stripeAccount,
      amount: gift.amount,
      refunded: gift.amountRefunded,
      currency: gift.currency,
    })
    .from(gift)
    .where(and(eq(gift.userId, userId), eq(gift.id, giftId)))
    .get();
  if (!row) return null;
  const payments = paymentsFor(app);
  if (!row.paymentIntent || !payments) return { ok: false as const, message: "Only online gifts can be refunded here" };
  if (row.refunded >= row.amount) return { ok: false as const, message: "This gift has already been refunded" };
  if (options.amount !== undefined && options.amount > row.amount - row.refunded)
    return { ok: false as const, message: refundTooLarge(row.amount - row.refunded, row.currency) };
  await payments.refund({
    paymentIntentId: row.paymentIntent,
    stripeAccount: row.account ?? undefined,
    ...(options.amount !== undefined ? { amount: options.amount } : {}),
    ...(options.key ? { idempotencyKey: `refund:${giftId}:${options.key}` } : {}),
  });
  return { ok: true as const };
}

const announcedColumns = {
  id: gift.id,
  amount: gift.amount,
  currency: gift.currency,
  date: gift.date,
  method: gift.method,
  source: gift.source,
  campaignId: gift.campaignId,
  campaign: campaign.title,
  personId: gift.connectionId,
  donorName: gift.donorName,
};

function giftReceived(row: {
  id: number;
  amount: number;
  currency: string;
  date: string;
  method: string;
  source: string;
  campaignId: string | null;
  campaign: string | null;
  personId: number | null;
  donorName: string | null;
}) {
  return {
    gift: {
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      date: row.date,
      method: row.method,
      source: row.source,
    },
    campaign: row.campaignId ? { id: row.campaignId, title: row.campaign } : null,
    person: row.personId ? { id: row.personId, name: row.donorName } : null,
  };
}

/**
 * Tells the owner's webhooks about a gift once it is stored (`gift.received`): online, by hand or a
 * pledge instalment. Read back by its key, so the payload is what was stored, and sent once per key
 * because callers only call it after a write that stored something new.
 */
export async function announceGift(app: AppContext, userId: string, externalKey: string) {
  const row = await app.db
    .select(announcedColumns)
    .from(gift)
    .leftJoin(campaign, eq(campaign.id, gift.campaignId))
    .where(and(eq(gift.userId, userId), eq(gift.externalKey, externalKey)))
    .get();
  if (!row) return;
  await emitEvent(app, userId, "gift.received", giftReceived(row));
}

/** announceGift for many gifts (an import's newly stored ones), reading them only if a webhook listens. */
export async function announceGifts(app: AppContext, userId: string, externalKeys: string[]) {
  if (!externalKeys.length) return;
  await emitEvents(app, userId, ["gift.received"], async () => {
    const rows = [];
    for (const keys of chunk(externalKeys))
      rows.push(
        ...(await app.db
          .select(announcedColumns)
          .from(gift)
          .leftJoin(campaign, eq(campaign.id, gift.campaignId))
          .where(and(eq(gift.userId, userId), inArray(gift.externalKey, keys)))),
      );
    return rows.map((row) => ({ type: "gift.received" as const, payload: giftReceived(row) }));
  });
}
