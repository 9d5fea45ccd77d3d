import { z } from "zod";
import { CONTACT_TYPES, PLATFORMS, type PublicCard, TEMPLATES } from "~/lib/card";

/**
 * Encoded card links (/card/v/{payload}[.{signature}]): the card travels in the URL as URL-safe
 * base64 of JSON. Links the server issues carry an HMAC-SHA256 signature; only those may route
 * share-backs to an owner.
 */

const b64url = {
  encode(bytes: Uint8Array) {
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  },
  decode(text: string) {
    const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
    const raw = atob(padded);
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  },
};

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

export async function signedCardPath(card: PublicCard, secret: string): Promise<string> {
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
    userId: card.ownerId,
    cardId: card.id,
    template: card.template,
    colour: card.colour,
    socialAccounts: card.socialAccounts,
    additionalContacts: card.additionalContacts,
  });
  const payload = b64url.encode(new TextEncoder().encode(json));
  const signature = new Uint8Array(
    await crypto.subtle.sign("HMAC", await key(secret), new TextEncoder().encode(payload)),
  );
  return `/card/v/${payload}.${b64url.encode(signature)}`;
}

export type DecodedCard = { card: PublicCard; verified: boolean };

/** null when the link does not decode to a card; unverified when it decodes but is unsigned or tampered. */
export async function decodeCardParam(param: string, secret: string): Promise<DecodedCard | null> {
  if (param.length > MAX_PAYLOAD) return null;
  const [payload = "", signature] = param.split(".");
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(b64url.decode(payload)));
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
        b64url.decode(signature),
        new TextEncoder().encode(payload),
      );
    } catch {
      verified = false;
    }
  }
  const p = parsed.data;
  const card: PublicCard = {
    id: verified ? (p.cardId ?? null) : null,
    slug: null,
    ownerId: verified ? (p.userId ?? null) : null,
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
  return { card, verified };
}
