import { and, desc, eq, sql } from "drizzle-orm";
import { type CardForm, contactTypeOf, type PublicCard, platformOf } from "~/lib/card";
import type { PersonDraft } from "~/lib/people/draft";
import { flatDraft } from "~/lib/people/form";
import { card, cardStat, user, userSettings } from "~db/schema";
import { activeEventName } from "./active-event.server";
import type { Database } from "./db.server";
import type { AppEnv } from "./env.server";
import { addPerson } from "./people/add.server";

const CACHE_TTL_SECONDS = 60 * 60 * 24;
export const cacheKey = (slug: string) => `card:v1:${slug}`;

type CardRow = typeof card.$inferSelect;

const ids = () => crypto.randomUUID().slice(0, 8);

export function toPublicCard(row: CardRow, ownerName: string | null, activeEvent: string | null = null): PublicCard {
  return {
    id: row.id,
    slug: row.slug,
    ownerId: row.userId,
    ownerName,
    name: row.name,
    title: row.title,
    company: row.company,
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
  };
}

function formValues(form: CardForm) {
  return {
    label: form.label,
    name: form.name,
    title: form.title ?? null,
    company: form.company ?? null,
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

export function listCards(db: Database, userId: string) {
  return db
    .select({
      id: card.id,
      label: card.label,
      name: card.name,
      slug: card.slug,
      published: card.published,
      updatedAt: card.updatedAt,
    })
    .from(card)
    .where(eq(card.userId, userId))
    .orderBy(desc(card.updatedAt));
}

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
const failedWith = (error: unknown, pattern: RegExp): boolean =>
  error instanceof Error && (pattern.test(error.message) || failedWith(error.cause, pattern));

/**
 * A new card, or null when the owner already has CARD_LIMIT: the database's trigger
 * (card_limit_per_user) refuses the insert, so parallel requests cannot pass the limit together.
 */
export async function createCard(db: Database, userId: string, form: CardForm): Promise<number | null> {
  try {
    const [row] = await db
      .insert(card)
      .values({ userId, ...formValues(form) })
      .returning({ id: card.id });
    return row?.id ?? null;
  } catch (error) {
    if (failedWith(error, /card_limit_per_user/)) return null;
    throw error;
  }
}

async function invalidate(env: AppEnv, slug: string | null) {
  if (slug) await env.CACHE.delete(cacheKey(slug));
}

/** Drops every published card of the owner from KV, after a change that shows on all of them. */
export async function invalidateOwnerCards(env: AppEnv, db: Database, userId: string) {
  const cards = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.published, true)));
  await Promise.all(cards.map((c) => invalidate(env, c.slug)));
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
  // The unique index decides who gets a slug, so two owners publishing it at once cannot both win.
  try {
    await db
      .update(card)
      .set({ slug, published: true })
      .where(and(eq(card.id, id), eq(card.userId, userId)));
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
 * A published card by slug: one KV read on a hit, D1 only on a miss (which fills KV).
 * Unknown and unpublished slugs both answer null.
 */
export async function getPublishedCard(env: AppEnv, db: Database, slug: string): Promise<PublicCard | null> {
  const cached = await env.CACHE.get<PublicCard>(cacheKey(slug), "json");
  if (cached) return cached;
  const [row] = await db
    .select({ card, ownerName: user.name, visibility: userSettings.visibility })
    .from(card)
    .innerJoin(user, eq(user.id, card.userId))
    .leftJoin(userSettings, eq(userSettings.userId, card.userId))
    .where(and(eq(card.slug, slug), eq(card.published, true)));
  if (!row) return null;
  const view: PublicCard = {
    ...toPublicCard(row.card, row.ownerName, await activeEventName(db, row.card.userId)),
    unlisted: row.visibility === "connections",
  };
  await env.CACHE.put(cacheKey(slug), JSON.stringify(view), { expirationTtl: CACHE_TTL_SECONDS });
  return view;
}

export type StatField = "views" | "saves" | "shares";
export type VisitSource = "qr" | "nfc" | "link" | null;

const today = () => new Date().toISOString().slice(0, 10);

/** Counts per card and day; nothing about the visitor is stored. */
export function countStat(db: Database, cardId: number, field: StatField, source: VisitSource = null) {
  const bump = { views: 0, saves: 0, shares: 0, fromQr: 0, fromNfc: 0, fromLink: 0 };
  bump[field] = 1;
  if (source === "qr") bump.fromQr = 1;
  if (source === "nfc") bump.fromNfc = 1;
  if (source === "link") bump.fromLink = 1;
  return db
    .insert(cardStat)
    .values({ cardId, day: today(), ...bump })
    .onConflictDoUpdate({
      target: [cardStat.cardId, cardStat.day],
      set: {
        views: sql`${cardStat.views} + ${bump.views}`,
        saves: sql`${cardStat.saves} + ${bump.saves}`,
        shares: sql`${cardStat.shares} + ${bump.shares}`,
        fromQr: sql`${cardStat.fromQr} + ${bump.fromQr}`,
        fromNfc: sql`${cardStat.fromNfc} + ${bump.fromNfc}`,
        fromLink: sql`${cardStat.fromLink} + ${bump.fromLink}`,
      },
    });
}

export function cardStats(db: Database, userId: string, sinceDay: string) {
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
export async function saveCardToConnections(db: Database, userId: string, view: PublicCard, now = new Date()) {
  const saved = await addPerson(db, userId, cardToDraft(view, now), {
    source: "saved",
    detail: `Saved from their card “${view.name}”`,
    clientId: `saved-card-${view.id}`,
    status: "Pending",
    tags: ["Saved Contact"],
    now,
  });
  return { created: saved.outcome === "created", id: saved.id, name: saved.name };
}

function cardToDraft(view: PublicCard, now: Date): PersonDraft {
  const saved = `Saved from virtual card on ${now.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}`;
  return flatDraft({ ...view, notes: view.notes || saved }, { email: "work", phone: "work" });
}

export const AVATAR_MAX_BYTES = 600_000;
const AVATAR_TYPES: Record<string, (b: Uint8Array) => boolean> = {
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/png": (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  "image/webp": (b) =>
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45,
};

/**
 * Stores a square avatar (cropped in the browser) in KV under a content hash, so its URL can be
 * cached forever; the previous one is removed. Returns an error message for anything not an image.
 */
export async function setAvatar(
  env: AppEnv,
  db: Database,
  userId: string,
  id: number,
  type: string,
  bytes: Uint8Array,
) {
  const check = AVATAR_TYPES[type];
  if (!check?.(bytes)) return { error: "Choose a JPEG, PNG or WebP image" } as const;
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { error: "That image is too large" } as const;
  const existing = await getOwnedCard(db, userId, id);
  if (!existing) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  const hash = Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  const key = `${id}-${hash}`;
  await env.CACHE.put(`avatar:${key}`, bytes, { metadata: { type } });
  await db
    .update(card)
    .set({ avatarKey: key })
    .where(and(eq(card.id, id), eq(card.userId, userId)));
  if (existing.avatarKey && existing.avatarKey !== key) await env.CACHE.delete(`avatar:${existing.avatarKey}`);
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
  if (existing.avatarKey) await env.CACHE.delete(`avatar:${existing.avatarKey}`);
  await invalidate(env, existing.slug);
  return true;
}

export async function getAvatar(env: AppEnv, key: string) {
  if (!/^\d+-[0-9a-f]{24}$/.test(key)) return null;
  const { value, metadata } = await env.CACHE.getWithMetadata<{ type: string }>(`avatar:${key}`, "arrayBuffer");
  return value && metadata ? { bytes: value, type: metadata.type } : null;
}
