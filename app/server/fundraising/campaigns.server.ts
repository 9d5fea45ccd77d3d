import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { CampaignCategory, CampaignForm, CampaignStatus } from "~/lib/fundraising/campaign";
import { hex } from "~/lib/text/hex";
import { slugOf } from "~/lib/text/slug";
import { DAY_MS } from "~/lib/time/days";
import { campaign, card, event, gift, user } from "~db/schema";
import { IDS_PER_STATEMENT } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { writeBatch } from "../db/write.server";
import { purgeCards } from "../platform/edge-cache.server";
import type { AppEnv } from "../platform/env.server";
import { purgePublicPages } from "../platform/page-cache.server";

/**
 * Each campaign's figures from its real gifts (net of refunds; fully refunded gifts count for nothing),
 * plus what the owner says was raised before the campaign came here.
 */
const totals = (db: Database) =>
  db
    .select({
      campaignId: gift.campaignId,
      raised: sql<number>`sum(${gift.amount} - ${gift.amountRefunded})`.as("raised"),
      gifts: sql<number>`count(*)`.as("gifts"),
      donors:
        sql<number>`count(distinct coalesce('p' || ${gift.connectionId}, 'e' || ${gift.donorEmail}, 'g' || ${gift.id}))`.as(
          "donors",
        ),
    })
    .from(gift)
    .where(sql`${gift.amount} > ${gift.amountRefunded} and ${gift.campaignId} is not null`)
    .groupBy(gift.campaignId)
    .as("totals");

function listColumns(t: ReturnType<typeof totals>) {
  return {
    id: campaign.id,
    userId: campaign.userId,
    title: campaign.title,
    description: campaign.description,
    organization: campaign.organization,
    category: campaign.category,
    status: campaign.status,
    currency: campaign.currency,
    goal: campaign.goal,
    imageKey: campaign.imageKey,
    amountRaised: sql<number>`${campaign.priorRaised} + coalesce(${t.raised}, 0)`.mapWith(Number),
    donorCount: sql<number>`${campaign.priorDonors} + coalesce(${t.donors}, 0)`.mapWith(Number),
    giftCount: sql<number>`${campaign.priorDonors} + coalesce(${t.gifts}, 0)`.mapWith(Number),
    endDate: campaign.endDate,
  };
}

export type CampaignSummary = {
  id: string;
  userId: string | null;
  title: string;
  description: string;
  organization: string;
  category: CampaignCategory;
  status: "active" | "past" | "draft";
  currency: string;
  goal: number;
  imageKey: string | null;
  amountRaised: number;
  donorCount: number;
  giftCount: number;
  endDate: string;
};

const visible = and(ne(campaign.status, "draft"), isNull(campaign.archivedAt));

/** Public list: drafts and archived campaigns are never shown. */
export async function listCampaigns(
  db: Database,
  filter: { category?: CampaignCategory; status?: CampaignStatus },
): Promise<CampaignSummary[]> {
  const t = totals(db);
  return db
    .select(listColumns(t))
    .from(campaign)
    .leftJoin(t, eq(t.campaignId, campaign.id))
    .where(
      and(
        visible,
        eq(campaign.listed, true),
        filter.category ? eq(campaign.category, filter.category) : undefined,
        filter.status ? eq(campaign.status, filter.status) : undefined,
      ),
    )
    .orderBy(asc(campaign.status), desc(campaign.featured), asc(campaign.endDate));
}

/** The home page's places for approved campaigns. */
export const FEATURED_PLACES = 3;

/**
 * Up to three active campaigns an operator approved for the home page; none rather than unreviewed ones.
 * With more approved than places they take turns by the day (the page cache keys the day), so every
 * approved campaign appears, instead of the three ending soonest holding the places until they end.
 */
export async function featuredCampaigns(db: Database, now = new Date()): Promise<CampaignSummary[]> {
  const t = totals(db);
  const all = await db
    .select(listColumns(t))
    .from(campaign)
    .leftJoin(t, eq(t.campaignId, campaign.id))
    .where(and(visible, eq(campaign.status, "active"), eq(campaign.featured, true)))
    .orderBy(asc(campaign.endDate), asc(campaign.id))
    .limit(100);
  if (all.length <= FEATURED_PLACES) return all;
  const day = Math.floor(now.getTime() / DAY_MS);
  return Array.from({ length: FEATURED_PLACES }, (_, i) => all[(day + i) % all.length] as CampaignSummary);
}

/** Requests to be featured on the home page, oldest first, for operators. */
export function featureRequests(db: Database) {
  return db
    .select({
      id: campaign.id,
      title: campaign.title,
      organization: campaign.organization,
      status: campaign.status,
      requestedAt: campaign.featureRequestedAt,
      ownerEmail: user.email,
    })
    .from(campaign)
    .leftJoin(user, eq(user.id, campaign.userId))
    .where(isNotNull(campaign.featureRequestedAt))
    .orderBy(asc(campaign.featureRequestedAt))
    .limit(200);
}

/** An operator's decision; only a pending request is decided, so two operators cannot both decide it. */
export async function decideFeatureRequest(env: AppEnv, db: Database, id: string, approve: boolean) {
  const decided = await db
    .update(campaign)
    .set({ featured: approve, featureRequestedAt: null, updatedAt: new Date() })
    .where(and(eq(campaign.id, id), isNotNull(campaign.featureRequestedAt)))
    .returning({ id: campaign.id });
  if (decided.length) await purgeCampaignPages(env);
  return decided.length > 0;
}

async function withTotals(db: Database, where: ReturnType<typeof and>) {
  const t = totals(db);
  const row = await db
    .select({
      c: campaign,
      raised: sql<number>`coalesce(${t.raised}, 0)`.mapWith(Number),
      gifts: sql<number>`coalesce(${t.gifts}, 0)`.mapWith(Number),
      donors: sql<number>`coalesce(${t.donors}, 0)`.mapWith(Number),
    })
    .from(campaign)
    .leftJoin(t, eq(t.campaignId, campaign.id))
    .where(where)
    .get();
  if (!row) return undefined;
  const amountRaised = row.c.priorRaised + row.raised;
  const giftCount = row.c.priorDonors + row.gifts;
  return {
    ...row.c,
    amountRaised,
    donorCount: row.c.priorDonors + row.donors,
    giftCount,
    averageGift: giftCount ? Math.round(amountRaised / giftCount) : 0,
  };
}

/** The public page: a draft or archived campaign only for its owner (who sees it as a preview). */
export async function getCampaign(db: Database, id: string, viewerId?: string | null) {
  const row = await withTotals(db, eq(campaign.id, id));
  if (!row) return undefined;
  const owner = Boolean(viewerId) && row.userId === viewerId;
  if ((row.status === "draft" || row.archivedAt) && !owner) return undefined;
  return { ...row, isOwner: owner };
}

export function getOwnedCampaign(db: Database, userId: string, id: string) {
  return withTotals(db, and(eq(campaign.id, id), eq(campaign.userId, userId)));
}

export async function listOwnedCampaigns(db: Database, userId: string) {
  const t = totals(db);
  return db
    .select({ ...listColumns(t), archivedAt: campaign.archivedAt })
    .from(campaign)
    .leftJoin(t, eq(t.campaignId, campaign.id))
    .where(eq(campaign.userId, userId))
    .orderBy(asc(campaign.archivedAt), desc(campaign.createdAt));
}

const columnsOf = (form: CampaignForm) => ({
  title: form.title,
  description: form.description,
  extendedDescription: form.extendedDescription,
  organization: form.organization,
  organizerName: form.organizerName,
  location: form.location,
  category: form.category,
  currency: form.currency,
  goal: form.goal,
  priorRaised: form.priorRaised,
  priorDonors: form.priorDonors,
  startDate: form.startDate,
  endDate: form.endDate,
  mission: form.mission,
  impact: form.impact,
  budget: form.budget,
  team: form.team,
  suggested: form.suggested,
  listed: form.listed,
  // Ticking asks an operator; unticking withdraws the request or the feature at once.
  ...(form.featured
    ? {
        featureRequestedAt: sql`case when ${campaign.featured} = 1 then null else coalesce(${campaign.featureRequestedAt}, ${Date.now()}) end`,
      }
    : { featured: false, featureRequestedAt: null }),
});

/** A new campaign starts as a draft; its id is its title plus a short random tail (unique by key). */
export async function createCampaign(db: Database, userId: string, form: CampaignForm): Promise<string> {
  for (;;) {
    const id = `${slugOf(form.title, 48) || "campaign"}-${crypto.randomUUID().slice(0, 6)}`;
    const inserted = await db
      .insert(campaign)
      .values({
        id,
        userId,
        status: "draft",
        ...columnsOf(form),
        featured: false,
        featureRequestedAt: form.featured ? new Date() : null,
        updatedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: campaign.id });
    if (inserted[0]) return inserted[0].id;
  }
}

/** Gifts already recorded keep the currency they were given in, so it is fixed once there are any. */
export async function campaignHasGifts(db: Database, id: string) {
  return Boolean(await db.select({ id: gift.id }).from(gift).where(eq(gift.campaignId, id)).limit(1).get());
}

export async function updateCampaign(env: AppEnv, db: Database, userId: string, id: string, form: CampaignForm) {
  const updated = await db
    .update(campaign)
    .set({ ...columnsOf(form), updatedAt: new Date() })
    .where(and(eq(campaign.id, id), eq(campaign.userId, userId)))
    .returning({ id: campaign.id });
  if (updated.length) await purgeCampaignPages(env, db, id);
  return updated.length > 0;
}

export type StatusChange = "publish" | "close" | "reopen" | "archive" | "unarchive";

/** draft → active (publish), active → past (close), past → active (reopen), and archiving either way. */
export async function changeCampaignStatus(
  env: AppEnv,
  db: Database,
  userId: string,
  id: string,
  change: StatusChange,
) {
  const row = await getOwnedCampaign(db, userId, id);
  if (!row) return null;
  const set: Partial<typeof campaign.$inferInsert> = { updatedAt: new Date() };
  if (change === "publish" && row.status === "draft") set.status = "active";
  else if (change === "close" && row.status === "active") set.status = "past";
  else if (change === "reopen" && row.status === "past") set.status = "active";
  else if (change === "archive" && !row.archivedAt) set.archivedAt = new Date();
  else if (change === "unarchive" && row.archivedAt) set.archivedAt = null;
  else return { ok: false as const };
  await db
    .update(campaign)
    .set(set)
    .where(and(eq(campaign.id, id), eq(campaign.userId, userId)));
  await purgeCampaignPages(env, db, id);
  return { ok: true as const };
}

/** After anything the public campaign pages, the landing page or a featuring card shows. */
export async function purgeCampaignPages(env: AppEnv, db?: Database, id?: string) {
  await purgePublicPages(env, ["campaigns"]);
  if (!db || !id) return;
  const featuring = await db.select({ slug: card.slug }).from(card).where(eq(card.featuredCampaignId, id));
  await purgeCards(
    env,
    featuring.map((c) => c.slug),
  );
}

/** After a change to the owner's Stripe connection: every campaign page and card featuring one of theirs. */
export async function purgeOwnerCampaignPages(env: AppEnv, db: Database, userId: string) {
  await purgePublicPages(env, ["campaigns"]);
  const featuring = await db
    .select({ slug: card.slug })
    .from(card)
    .innerJoin(campaign, eq(campaign.id, card.featuredCampaignId))
    .where(eq(campaign.userId, userId));
  await purgeCards(
    env,
    featuring.map((c) => c.slug),
  );
}

/** The owner's cards and events, and which of them feature or raise for this campaign. */
export async function networkingOf(db: Database, userId: string, id: string) {
  const [cards, events] = await Promise.all([
    db
      .select({ id: card.id, label: card.label, name: card.name, featured: card.featuredCampaignId })
      .from(card)
      .where(eq(card.userId, userId))
      .orderBy(asc(card.id)),
    db
      .select({ id: event.id, title: event.title, date: event.date, campaignId: event.campaignId })
      .from(event)
      .where(eq(event.userId, userId))
      .orderBy(desc(event.date))
      .limit(100),
  ]);
  return {
    cards: cards.map((c) => ({ id: c.id, label: `${c.label}: ${c.name}`, featuresThis: c.featured === id })),
    events: events.map((e) => ({ id: e.id, title: `${e.title} (${e.date})`, linked: e.campaignId === id })),
  };
}

/**
 * One card features this campaign (a "Support" button on its visitor page) and any of the owner's
 * events raise for it; both are the owner's own rows only, written in one batch.
 */
export async function setNetworking(
  env: AppEnv,
  db: Database,
  userId: string,
  id: string,
  choice: { cardId: number | null; eventIds: number[] },
) {
  if (!(await getOwnedCampaign(db, userId, id))) return false;
  const before = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.featuredCampaignId, id)));
  await writeBatch(db, [
    db
      .update(card)
      .set({ featuredCampaignId: null })
      .where(and(eq(card.userId, userId), eq(card.featuredCampaignId, id))),
    ...(choice.cardId
      ? [
          db
            .update(card)
            .set({ featuredCampaignId: id })
            .where(and(eq(card.userId, userId), eq(card.id, choice.cardId))),
        ]
      : []),
    db
      .update(event)
      .set({ campaignId: null })
      .where(and(eq(event.userId, userId), eq(event.campaignId, id))),
    ...(choice.eventIds.length
      ? [
          db
            .update(event)
            .set({ campaignId: id })
            .where(and(eq(event.userId, userId), inArray(event.id, choice.eventIds.slice(0, IDS_PER_STATEMENT)))),
        ]
      : []),
  ]);
  const after = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.featuredCampaignId, id)));
  await purgeCards(
    env,
    [...before, ...after].map((c) => c.slug),
  );
  return true;
}

export { CAMPAIGN_IMAGE_MAX_BYTES } from "~/lib/fundraising/campaign";

/** Campaign images live in KV under a content hash, like avatars, so their address is cacheable forever. */
export async function setCampaignImage(
  env: AppEnv,
  db: Database,
  userId: string,
  id: string,
  type: string,
  bytes: Uint8Array,
) {
  const row = await getOwnedCampaign(db, userId, id);
  if (!row) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const key = `c-${hex(digest.slice(0, 12))}`;
  await env.CACHE.put(`campaign-image:${key}`, bytes, { metadata: { type } });
  await db
    .update(campaign)
    .set({ imageKey: key, updatedAt: new Date() })
    .where(and(eq(campaign.id, id), eq(campaign.userId, userId)));
  if (row.imageKey && row.imageKey !== key) {
    // Another campaign may share the same picture (same hash): keep it while anyone uses it.
    const shared = await db.select({ id: campaign.id }).from(campaign).where(eq(campaign.imageKey, row.imageKey)).get();
    if (!shared) await env.CACHE.delete(`campaign-image:${row.imageKey}`);
  }
  await purgeCampaignPages(env);
  return { key };
}

export async function getCampaignImage(env: AppEnv, key: string) {
  if (!/^c-[0-9a-f]{24}$/.test(key)) return null;
  const { value, metadata } = await env.CACHE.getWithMetadata<{ type: string }>(`campaign-image:${key}`, "arrayBuffer");
  return value && metadata ? { bytes: value, type: metadata.type } : null;
}
