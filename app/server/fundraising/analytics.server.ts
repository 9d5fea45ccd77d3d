import { and, eq, sql } from "drizzle-orm";
import { campaign, card, connection, event, gift } from "~db/schema";
import type { Database } from "../db/db.server";

const live = sql`${gift.amount} > ${gift.amountRefunded}`;
const net = sql<number>`sum(${gift.amount} - ${gift.amountRefunded})`.mapWith(Number);

/**
 * What the campaign dashboard charts and exports: raised over time against the goal, one-time versus
 * recurring, gifts by source with each card's and event's share, and how many people met at each event
 * went on to give. All from the owner's own gifts (the user id is in every query).
 */
export async function campaignAnalytics(db: Database, userId: string, campaignId: string) {
  const mine = and(eq(gift.userId, userId), eq(gift.campaignId, campaignId), live);
  const [byDay, kind, bySource, byCard, byEvent, met] = await Promise.all([
    db
      .select({ date: gift.date, raised: net, gifts: sql<number>`count(*)`.mapWith(Number) })
      .from(gift)
      .where(mine)
      .groupBy(gift.date)
      .orderBy(gift.date),
    db
      .select({
        recurring: gift.recurring,
        raised: net,
        gifts: sql<number>`count(*)`.mapWith(Number),
      })
      .from(gift)
      .where(mine)
      .groupBy(gift.recurring),
    db
      .select({ source: gift.source, raised: net, gifts: sql<number>`count(*)`.mapWith(Number) })
      .from(gift)
      .where(mine)
      .groupBy(gift.source),
    db
      .select({ label: card.label, raised: net, gifts: sql<number>`count(*)`.mapWith(Number) })
      .from(gift)
      .innerJoin(card, and(eq(card.id, gift.sourceCardId), eq(card.userId, userId)))
      .where(mine)
      .groupBy(card.id),
    db
      .select({ title: event.title, raised: net, gifts: sql<number>`count(*)`.mapWith(Number) })
      .from(gift)
      .innerJoin(event, and(eq(event.id, gift.sourceEventId), eq(event.userId, userId)))
      .where(mine)
      .groupBy(event.id),
    // People met at each event (tagged with it), and how many of them gave to this campaign.
    db
      .select({
        title: event.title,
        met: sql<number>`count(distinct ${connection.id})`.mapWith(Number),
        gave: sql<number>`count(distinct case when exists (select 1 from ${gift} g where g.user_id = ${userId}
          and g.campaign_id = ${campaignId} and g.connection_id = ${connection.id} and g.amount > g.amount_refunded)
          then ${connection.id} end)`.mapWith(Number),
      })
      .from(event)
      .innerJoin(connection, and(eq(connection.userId, userId), eq(connection.eventName, event.title)))
      .where(
        and(
          eq(event.userId, userId),
          sql`(${event.campaignId} = ${campaignId} or exists (select 1 from ${gift} g2 where g2.user_id = ${userId} and g2.campaign_id = ${campaignId} and g2.source_event_id = ${event.id}))`,
        ),
      )
      .groupBy(event.id),
  ]);
  let running = 0;
  const series = byDay.map((d) => {
    running += d.raised;
    return { date: d.date, total: running };
  });
  const oneTime = kind.find((k) => !k.recurring);
  const recurring = kind.find((k) => k.recurring);
  return {
    series,
    byDay,
    oneTime: { raised: oneTime?.raised ?? 0, gifts: oneTime?.gifts ?? 0 },
    recurring: { raised: recurring?.raised ?? 0, gifts: recurring?.gifts ?? 0 },
    bySource,
    byCard,
    byEvent,
    met,
  };
}

/** Gifts from people met at an event (tagged with its title), for the event's post-event report. */
export async function eventGifts(db: Database, userId: string, eventTitle: string, campaignId: string | null) {
  return db
    .select({
      name: connection.name,
      connectionId: connection.id,
      amount: sql<number>`sum(${gift.amount} - ${gift.amountRefunded})`.mapWith(Number),
      currency: gift.currency,
    })
    .from(gift)
    .innerJoin(connection, and(eq(connection.id, gift.connectionId), eq(connection.userId, userId)))
    .where(
      and(
        eq(gift.userId, userId),
        eq(connection.eventName, eventTitle),
        live,
        campaignId ? eq(gift.campaignId, campaignId) : undefined,
      ),
    )
    .groupBy(connection.id, gift.currency)
    .orderBy(connection.name);
}

/** The report's fundraising part for one owned event: its linked campaign, and gifts from people met there. */
export async function eventFundraising(db: Database, userId: string, ev: { title: string; campaignId: string | null }) {
  const linked = ev.campaignId
    ? ((await db
        .select({ id: campaign.id, title: campaign.title })
        .from(campaign)
        .where(and(eq(campaign.id, ev.campaignId), eq(campaign.userId, userId)))
        .get()) ?? null)
    : null;
  return { campaign: linked, gifts: await eventGifts(db, userId, ev.title, linked?.id ?? null) };
}
