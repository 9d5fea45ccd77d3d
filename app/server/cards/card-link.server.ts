import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { CONTACT_TYPES, PLATFORMS, type PublicCard, TEMPLATES } from "~/lib/card/card";
import { CARD_LINK_PREFIX } from "~/lib/card/link";
import { base64url, fromBase64url } from "~/lib/text/base64url";
import { card as cardTable } from "~db/schema";
import type { Database } from "../db/db.server";

/**
 * Encoded card links (/c/v/{payload}[.{signature}]; those issued as /card/v/… redirect there): the
 * card travels in the URL as URL-safe base64 of JSON. Links the server issues carry an HMAC-SHA256
 * signature and an opaque card reference (never the owner's id); a signed link routes share-backs
 * only while its card still exists, is published and has its owner. Links issued before the
 * reference (with userId and cardId) are still honoured under the same checks.
 */

const MAX_PAYLOAD = 8000;
const str = (max: number) => z.string().max(max).nullish().catch(null);

// Lenient by design: missing lists default to empty, notes to empty text.
const payloadSchema = z.object({
  name: z.string().trim().min(1).max(100),
  title: str(120),
  company: str(120),
  email: str(254),
  phone: str(40),
  website: str(300),
  linkedIn: str(300),
  linkedin: str(300),
  location: str(120),
  notes: z.string().max(1000).catch("").default(""),
  ref: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/)
    .nullish()
    .catch(null),
  userId: z.string().max(100).nullish().catch(null),
  cardId: z.number().int().positive().nullish().catch(null),
  template: z.enum(TEMPLATES).catch("classic").default("classic"),
  colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .catch("#4f46e5")
    .default("#4f46e5"),
  socialAccounts: z
    .array(
      z.object({ id: z.coerce.string().max(40).catch(""), platform: z.string().max(20), url: z.string().max(300) }),
    )
    .max(10)
    .catch([])
    .default([]),
  additionalContacts: z
    .array(z.object({ id: z.coerce.string().max(40).catch(""), type: z.string().max(20), value: z.string().max(300) }))
    .max(10)
    .catch([])
    .default([]),
});

async function key(secret: string) {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** The link the editor hands out; `ref` is the card's opaque reference (card.ref). */
export async function signedCardPath(card: PublicCard, ref: string, secret: string): Promise<string> {
  const json = JSON.stringify({
    name: card.name,
    title: card.title,
    company: card.company,
    email: card.email,
    phone: card.phone,
    website: card.website,
    linkedIn: card.linkedin,
    location: card.location,
    notes: card.notes,
    ref,
    template: card.template,
    colour: card.colour,
    socialAccounts: card.socialAccounts,
    additionalContacts: card.additionalContacts,
  });
  const payload = base64url(new TextEncoder().encode(json));
  const signature = new Uint8Array(
    await crypto.subtle.sign("HMAC", await key(secret), new TextEncoder().encode(payload)),
  );
  return `${CARD_LINK_PREFIX}${payload}.${base64url(signature)}`;
}

/** Which stored card a verified link names: its reference, or (older links) its id and owner. */
export type CardPointer = { ref: string } | { cardId: number; userId: string };

export type DecodedCard = { card: PublicCard; verified: boolean; pointer: CardPointer | null };

/** null when the link does not decode to a card; unverified when it decodes but is unsigned or tampered. */
export async function decodeCardParam(param: string, secret: string): Promise<DecodedCard | null> {
  if (param.length > MAX_PAYLOAD) return null;
  const [payload = "", signature] = param.split(".");
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(payload)));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) return null;
  let verified = false;
  if (signature) {
    try {
      // crypto.subtle.verify compares in constant time.
      verified = await crypto.subtle.verify(
        "HMAC",
        await key(secret),
        fromBase64url(signature),
        new TextEncoder().encode(payload),
      );
    } catch {
      verified = false;
    }
  }
  const p = parsed.data;
  const pointer: CardPointer | null = !verified
    ? null
    : p.ref
      ? { ref: p.ref }
      : p.cardId && p.userId
        ? { cardId: p.cardId, userId: p.userId }
        : null;
  // Ids come from the database (checkSignedCard), never from the payload.
  const card: PublicCard = {
    id: null,
    slug: null,
    ownerId: null,
    ownerName: null,
    name: p.name,
    title: p.title ?? null,
    company: p.company ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
    website: p.website ?? null,
    linkedin: p.linkedIn ?? p.linkedin ?? null,
    location: p.location ?? null,
    avatarUrl: null,
    notes: p.notes,
    template: p.template,
    colour: p.colour,
    socialAccounts: p.socialAccounts.map((s) => ({
      id: s.id,
      platform: (PLATFORMS as readonly string[]).includes(s.platform)
        ? (s.platform as PublicCard["socialAccounts"][number]["platform"])
        : "generic",
      url: s.url,
    })),
    additionalContacts: p.additionalContacts.map((c) => ({
      id: c.id,
      type: (CONTACT_TYPES as readonly string[]).includes(c.type)
        ? (c.type as PublicCard["additionalContacts"][number]["type"])
        : "generic",
      value: c.value,
    })),
    activeEvent: null,
  };
  return { card, verified: verified && pointer !== null, pointer };
}

export type CheckedCard = { card: PublicCard; verified: boolean; shareable: boolean };

/**
 * A decoded link held against the card's current state: verified only while the card it names
 * exists (deleting the account deletes its cards), and open to share-backs only while published.
 * Anything else degrades to the unverified view of what the link carries.
 */
export async function checkSignedCard(db: Database, decoded: DecodedCard): Promise<CheckedCard> {
  const { pointer } = decoded;
  const unverified = { card: decoded.card, verified: false, shareable: false };
  if (!decoded.verified || !pointer) return unverified;
  const [row] = await db
    .select({ id: cardTable.id, userId: cardTable.userId, published: cardTable.published })
    .from(cardTable)
    .where(
      "ref" in pointer
        ? eq(cardTable.ref, pointer.ref)
        : and(eq(cardTable.id, pointer.cardId), eq(cardTable.userId, pointer.userId)),
    );
  if (!row) return unverified;
  return {
    card: { ...decoded.card, id: row.id, ownerId: row.userId },
    verified: true,
    shareable: row.published,
  };
}
