import { and, desc, eq, isNull, like, or, type SQLWrapper, sql } from "drizzle-orm";
import {
  type CardForm,
  type CardSecondLanguage,
  contactTypeOf,
  type PublicCard,
  platformOf,
  SHARE_FIELDS,
  secondLanguageOf,
  shareFieldsOf,
} from "~/lib/card/card";
import { DEFAULT_LOCALE, matchLocale } from "~/lib/i18n/locales";
import type { PersonDraft } from "~/lib/people/draft";
import { flatDraft } from "~/lib/people/form";
import { hex } from "~/lib/text/hex";
import { dateTimeFormat } from "~/lib/time/time";
import { campaign, card, cardStat, cardTemplate, user, userSettings, workspace } from "~db/schema";
import { publishedCardLimit } from "../billing/plans.server";
import type { Database, Owner } from "../db/db.server";
import { failedWith } from "../db/write.server";
import { activeEventName } from "../events/active-event.server";
import { addPerson } from "../people/add.server";
import type { PeopleEvents } from "../people/events.server";
import { purgeCards } from "../platform/edge-cache.server";
import type { AppEnv } from "../platform/env.server";

/** The paths a visitor reads of one published card, all cached at the edge under the card's tag. */
type CardRow = typeof card.$inferSelect;

const ids = () => crypto.randomUUID().slice(0, 8);

export function toPublicCard(row: CardRow, ownerName: string | null, activeEvent: string | null = null): PublicCard {
  return {
    id: row.id,
    slug: row.slug,
    ownerId: row.userId,
    ownerName,
    name: row.name,
    givenName: row.givenName,
    familyName: row.familyName,
    title: row.title,
    company: row.company,
    headline: row.headline,
    bio: row.bio,
    shareFields: shareFieldsOf(row.shareFields),
    email: row.email,
    phone: row.phone,
    website: row.website,
    linkedin: row.linkedin,
    location: row.location,
    avatarUrl: row.avatarKey ? `/avatars/${row.avatarKey}` : null,
    notes: row.notes ?? "",
    template: row.template,
    colour: row.colour,
    socialAccounts: row.socialAccounts.map((s) => ({ id: s.id, platform: platformOf(s.platform), url: s.url })),
    additionalContacts: row.additionalContacts.map((c) => ({ id: c.id, type: contactTypeOf(c.type), value: c.value })),
    activeEvent,
    second: storedSecondLanguage(row.secondLanguage),
  };
}

/** A stored second version whose language codes we no longer know is left out, never shown half-read. */
function storedSecondLanguage(row: CardRow["secondLanguage"]): CardSecondLanguage | null {
  const lang = matchLocale(row?.lang);
  if (!row || !lang) return null;
  return { ...row, lang, primary: matchLocale(row.primary) ?? DEFAULT_LOCALE };
}

function formValues(form: CardForm) {
  return {
    secondLanguage: secondLanguageOf(form),
    label: form.label,
    name: form.name,
    givenName: form.givenName ?? null,
    familyName: form.familyName ?? null,
    title: form.title ?? null,
    company: form.company ?? null,
    headline: form.headline ?? null,
    bio: form.bio ?? null,
    shareFields: form.shareFields,
    email: form.email ?? null,
    phone: form.phone ?? null,
    website: form.website ?? null,
    linkedin: form.linkedin ?? null,
    location: form.location ?? null,
    notes: form.notes ?? null,
    template: form.template,
    colour: form.colour,
    socialAccounts: form.socialAccounts.map((s) => ({ id: ids(), ...s })),
    additionalContacts: form.additionalContacts.map((c) => ({ id: ids(), ...c })),
  };
}

export function listCards(db: Database, userId: Owner) {
  return db
    .select({
      id: card.id,
      label: card.label,
      name: card.name,
      slug: card.slug,
      published: card.published,
      updatedAt: card.updatedAt,
      holderId: card.holderId,
      pausedAt: card.pausedAt,
    })
    .from(card)
    .where(eq(card.userId, userId))
    .orderBy(desc(card.updatedAt));
}

/** A card one may show as oneself: one's own, or a team card nobody holds; never a colleague's, nor a paused one. */
export const presentsAs = (userId: string, row: { holderId: string | null; pausedAt: Date | null }) =>
  row.pausedAt === null && (row.holderId === null || row.holderId === userId);

/** The owner's own card, or undefined: never another account's. */
export async function getOwnedCard(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(card)
    .where(and(eq(card.id, id), eq(card.userId, userId)));
  return row;
}

/** The card's opaque link reference; cards inserted without one (the demo seed) get it on first use. */
export async function cardRef(db: Database, row: { id: number; ref: string | null }): Promise<string> {
  if (row.ref) return row.ref;
  const fresh = crypto.randomUUID().replaceAll("-", "").slice(0, 24);
  await db
    .update(card)
    .set({ ref: fresh })
    .where(and(eq(card.id, row.id), sql`${card.ref} is null`));
  const [stored] = await db.select({ ref: card.ref }).from(card).where(eq(card.id, row.id));
  return stored?.ref ?? fresh;
}

export const CARD_LIMIT = 10;
export const CARD_LIMIT_MESSAGE = `You can keep up to ${CARD_LIMIT} cards`;
export const SLUG_TAKEN_MESSAGE = "That link is taken, choose another";

/** D1 reports a failed constraint or trigger in the error message (or its cause's). */

/**
 * A new card, or null when the owner already has CARD_LIMIT: the database's trigger
 * (card_limit_per_user) refuses the insert, so parallel requests cannot pass the limit together.
 */
export async function createCard(db: Database, userId: string, form: CardForm): Promise<number | null> {
  try {
    const [row] = await db
      .insert(card)
      // A new card asks all the optional share-back questions until the owner turns some off.
      .values({ userId, ...formValues(form), shareFields: [...SHARE_FIELDS] })
      .returning({ id: card.id });
    return row?.id ?? null;
  } catch (error) {
    if (failedWith(error, /card_limit_per_user/)) return null;
    throw error;
  }
}

const invalidate = (env: AppEnv, slug: string | null) => purgeCards(env, [slug]);

/** Drops every published card of the owner from the edge caches, after a change that shows on all of them. */
export async function invalidateOwnerCards(env: AppEnv, db: Database, userId: string) {
  const cards = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.published, true)));
  await purgeCards(
    env,
    cards.map((c) => c.slug),
  );
}

export async function updateCard(env: AppEnv, db: Database, userId: string, id: number, form: CardForm) {
  const [row] = await db
    .update(card)
    .set(formValues(form))
    .where(and(eq(card.id, id), eq(card.userId, userId)))
    .returning({ slug: card.slug });
  if (row) await invalidate(env, row.slug);
  return Boolean(row);
}

/** The suggested link for a card: the slug from its name, numbered when someone else has it. */
export async function availableSlug(db: Database, base: string, cardId: number) {
  const rows = await db
    .select({ slug: card.slug, id: card.id })
    .from(card)
    .where(or(eq(card.slug, base), like(card.slug, `${base}-%`)));
  const taken = new Set(rows.filter((r) => r.id !== cardId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n++) {
    const candidate = `${base.slice(0, 36)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  return `${base.slice(0, 31)}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Said when one more published card would pass the plan's limit (Basic publishes one). */
export const publishedLimitMessage = (limit: number) =>
  limit === 1
    ? "Basic includes one published card. Unpublish it first, or upgrade to Card Pro to publish several."
    : `You can have up to ${limit} published cards at once.`;

export type PublishResult = { ok: true; slug: string } | { ok: false; error: string };

export async function publishCard(
  env: AppEnv,
  db: Database,
  userId: string,
  id: number,
  slug: string,
): Promise<PublishResult> {
  const existing = await getOwnedCard(db, userId, id);
  if (!existing) return { ok: false, error: "Card not found" };
  const limit = await publishedCardLimit(db, userId);
  // The unique index decides who gets a slug, so two owners publishing it at once cannot both win; the
  // plan's published-card limit is part of the same statement, so two cards published at once cannot pass it.
  try {
    const [row] = await db
      .update(card)
      .set({ slug, published: true })
      .where(
        and(
          eq(card.id, id),
          eq(card.userId, userId),
          or(
            eq(card.published, true),
            sql`(SELECT count(*) FROM ${card} AS c WHERE c.user_id = ${userId} AND c.published = 1) < ${limit}`,
          ),
        ),
      )
      .returning({ id: card.id });
    if (!row) return { ok: false, error: publishedLimitMessage(limit) };
  } catch (error) {
    if (failedWith(error, /UNIQUE constraint failed: card\.slug/)) return { ok: false, error: SLUG_TAKEN_MESSAGE };
    throw error;
  }
  await invalidate(env, existing.slug);
  await invalidate(env, slug);
  return { ok: true, slug };
}

export async function unpublishCard(env: AppEnv, db: Database, userId: string, id: number) {
  const [row] = await db
    .update(card)
    .set({ published: false })
    .where(and(eq(card.id, id), eq(card.userId, userId)))
    .returning({ slug: card.slug });
  if (row) await invalidate(env, row.slug);
  return Boolean(row);
}

/** Removes what a card keeps outside D1: its cached public copy and its photo. */
export async function removeCardObjects(env: AppEnv, stored: { slug: string | null; avatarKey: string | null }) {
  await Promise.all([
    invalidate(env, stored.slug),
    stored.avatarKey ? env.CACHE.delete(`avatar:${stored.avatarKey}`) : null,
    // The copy sized for vCards (Save Contact) goes with it.
    stored.avatarKey ? env.CACHE.delete(`avatar:${stored.avatarKey}:vcard`) : null,
  ]);
}

export async function deleteCard(env: AppEnv, db: Database, userId: string, id: number) {
  const [row] = await db
    .delete(card)
    .where(and(eq(card.id, id), eq(card.userId, userId)))
    .returning({ slug: card.slug, avatarKey: card.avatarKey });
  if (row) await removeCardObjects(env, row);
  return Boolean(row);
}

/**
 * A published card by slug, read from D1. Visitors' reads are served from the edge cache of rendered
 * pages (card-routes), so this runs on a miss or a write. Unknown and unpublished slugs both answer null.
 */
export async function getPublishedCard(db: Database, slug: string): Promise<PublicCard | null> {
  const [row] = await db
    // A team's card (decision 0207) is named after its team; a personal one after its account.
    .select({
      card,
      ownerName: sql<string>`coalesce(${user.name}, ${workspace.name}, '')`,
      visibility: userSettings.visibility,
      logoKey: cardTemplate.logoKey,
    })
    .from(card)
    .innerJoin(workspace, eq(workspace.id, card.userId))
    .leftJoin(cardTemplate, and(eq(cardTemplate.id, card.templateId), eq(cardTemplate.workspaceId, card.userId)))
    .leftJoin(user, eq(user.id, card.userId))
    .leftJoin(userSettings, eq(userSettings.userId, card.userId))
    // A paused card (its holder left the team, decision 0236) is not served: its page says so instead.
    .where(and(eq(card.slug, slug), eq(card.published, true), isNull(card.pausedAt)));
  if (!row) return null;
  const view: PublicCard = {
    ...toPublicCard(row.card, row.ownerName, await activeEventName(db, row.card.userId)),
    unlisted: row.visibility === "connections",
    logoUrl: row.logoKey ? `/avatars/${row.logoKey}` : null,
    campaign: row.card.featuredCampaignId
      ? await featuredCampaignOf(db, row.card.userId, row.card.featuredCampaignId)
      : null,
  };
  return view;
}

/** Fundraising: the campaign a card features, while it is the owner's, active and not archived. */
async function featuredCampaignOf(db: Database, userId: string, id: string) {
  const row = await db
    .select({ id: campaign.id, title: campaign.title })
    .from(campaign)
    .where(
      and(eq(campaign.id, id), eq(campaign.userId, userId), eq(campaign.status, "active"), isNull(campaign.archivedAt)),
    )
    .get();
  return row ?? null;
}

export type StatField = "views" | "saves" | "shares" | "walletAdds";
export const VISIT_SOURCES = ["qr", "nfc", "link", "signature", "wallet"] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number] | null;

/** The source a link carries (`?src=qr`); anything else, or none, is a plain link. */
export const visitSourceOf = (src: string | null | undefined): Exclude<VisitSource, null> =>
  VISIT_SOURCES.includes(src as "qr") ? (src as Exclude<VisitSource, null>) : "link";

export function cardStats(db: Database, userId: Owner, sinceDay: string | SQLWrapper) {
  return db
    .select({
      views: sql<number>`coalesce(sum(${cardStat.views}), 0)`,
      saves: sql<number>`coalesce(sum(${cardStat.saves}), 0)`,
      shares: sql<number>`coalesce(sum(${cardStat.shares}), 0)`,
    })
    .from(cardStat)
    .innerJoin(card, eq(card.id, cardStat.cardId))
    .where(and(eq(card.userId, userId), sql`${cardStat.day} >= ${sinceDay}`));
}

/**
 * A signed-in visitor's Save Contact, or a scan of the card's QR code: the card's owner becomes their
 * person through the people core (priority medium, tag "Saved Contact", Pending as the guides say).
 * Saving the same card again, or someone already captured by email or phone, keeps the one person,
 * and either way the answer names them.
 */
export async function saveCardToConnections(
  db: Database,
  userId: string,
  view: PublicCard,
  events: PeopleEvents,
  now = new Date(),
) {
  const saved = await addPerson(db, userId, cardToDraft(view, now), {
    source: "saved",
    detail: `Saved from their card “${view.name}”`,
    clientId: `saved-card-${view.id}`,
    status: "Pending",
    tags: ["Saved Contact"],
    now,
    events,
  });
  return { created: saved.outcome === "created", id: saved.id, name: saved.name };
}

function cardToDraft(view: PublicCard, now: Date): PersonDraft {
  const saved = `Saved from virtual card on ${dateTimeFormat("UTC", { dateStyle: "long" }).format(now)}`;
  return flatDraft({ ...view, notes: view.notes || saved }, { email: "work", phone: "work" });
}

export const AVATAR_MAX_BYTES = 600_000;
const AVATAR_TYPES: Record<string, (b: Uint8Array) => boolean> = {
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/png": (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  "image/webp": (b) =>
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45,
};

/** The type of an image by its magic bytes (JPEG, PNG or WebP), or null. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  return Object.keys(AVATAR_TYPES).find((t) => AVATAR_TYPES[t]?.(bytes)) ?? null;
}

/** The one check for an uploaded picture (avatars, people's photos, campaign images): its bytes are the type it claims, within `max`. */
export function imageProblem(_claimed: string, bytes: Uint8Array, max = AVATAR_MAX_BYTES): string | null {
  // Judged by the bytes: browsers and address books often claim the wrong type, or none.
  if (!imageTypeOf(bytes)) return "Choose a JPEG, PNG or WebP image";
  if (bytes.byteLength > max) return "That image is too large";
  return null;
}

/**
 * Stores a square avatar (cropped in the browser) in KV under a content hash, so its URL can be
 * cached forever; the previous one is removed. Returns an error message for anything not an image.
 */
export async function setAvatar(
  env: AppEnv,
  db: Database,
  userId: string,
  id: number,
  claimed: string,
  bytes: Uint8Array,
) {
  const problem = imageProblem(claimed, bytes);
  if (problem) return { error: problem } as const;
  const type = imageTypeOf(bytes) ?? claimed;
  const existing = await getOwnedCard(db, userId, id);
  if (!existing) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const hash = hex(digest.slice(0, 12));
  const key = `${id}-${hash}`;
  await env.CACHE.put(`avatar:${key}`, bytes, { metadata: { type } });
  await db
    .update(card)
    .set({ avatarKey: key })
    .where(and(eq(card.id, id), eq(card.userId, userId)));
  if (existing.avatarKey && existing.avatarKey !== key)
    await Promise.all([
      env.CACHE.delete(`avatar:${existing.avatarKey}`),
      env.CACHE.delete(`avatar:${existing.avatarKey}:vcard`),
    ]);
  await invalidate(env, existing.slug);
  return { key } as const;
}

export async function removeAvatar(env: AppEnv, db: Database, userId: string, id: number) {
  const existing = await getOwnedCard(db, userId, id);
  if (!existing) return false;
  await db
    .update(card)
    .set({ avatarKey: null })
    .where(and(eq(card.id, id), eq(card.userId, userId)));
  if (existing.avatarKey)
    await Promise.all([
      env.CACHE.delete(`avatar:${existing.avatarKey}`),
      env.CACHE.delete(`avatar:${existing.avatarKey}:vcard`),
    ]);
  await invalidate(env, existing.slug);
  return true;
}

/** The small JPEG (at most 200 px, a few KB) the card's vCard carries inline, beside the current avatar. */
export const VCARD_PHOTO_MAX_BYTES = 40_000;
export async function setVCardPhoto(
  env: AppEnv,
  db: Database,
  userId: string,
  id: number,
  type: string,
  bytes: Uint8Array,
) {
  if (type !== "image/jpeg" || !AVATAR_TYPES["image/jpeg"]?.(bytes)) return { error: "Choose a JPEG image" } as const;
  if (bytes.byteLength > VCARD_PHOTO_MAX_BYTES) return { error: "That image is too large" } as const;
  const existing = await getOwnedCard(db, userId, id);
  if (!existing?.avatarKey) return null;
  await env.CACHE.put(`avatar:${existing.avatarKey}:vcard`, bytes);
  return { key: existing.avatarKey } as const;
}

/** The vCard copy of a card's photo, base64, from the avatar URL the card shows. */
export async function vcardPhotoOf(env: AppEnv, avatarUrl: string | null) {
  const key = avatarUrl?.match(/^\/avatars\/(\d+-[0-9a-f]{24})$/)?.[1];
  if (!key) return null;
  const bytes = await env.CACHE.get(`avatar:${key}:vcard`, "arrayBuffer");
  if (!bytes) return null;
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return { mediaType: "image/jpeg", base64: btoa(binary) };
}

export async function getAvatar(env: AppEnv, key: string) {
  // A card's photo, or a template's logo (decision 0254), under the same content-hashed keys.
  if (!/^(\d+|logo)-[0-9a-f]{24}$/.test(key)) return null;
  const { value, metadata } = await env.CACHE.getWithMetadata<{ type: string }>(`avatar:${key}`, "arrayBuffer");
  return value && metadata ? { bytes: value, type: metadata.type } : null;
}
