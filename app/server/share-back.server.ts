import { and, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { type PublicCard, SHARE_FIELDS, type ShareField } from "~/lib/card";
import { normalizeTags } from "~/lib/connection-rules";
import { asCountry, normalizePhone } from "~/lib/phone";
import { connection, notification, sharedContact } from "~db/schema";
import { activeEventName } from "./active-event.server";
import type { Database } from "./db.server";
import { getSettings } from "./settings.server";

export const SHARE_MESSAGES = {
  missing: { title: "Missing information", description: "Please provide your name and email address." },
  invalidEmail: { title: "Missing information", description: "Please enter a valid email address." },
  error: {
    title: "Error sharing contact",
    description: "There was a problem sharing your contact information. Please try again.",
  },
  limited: { title: "Too many attempts", description: "You've shared a few times just now. Please try again shortly." },
  unverified: { title: "Sharing is off for this card", description: "This card link could not be verified." },
} as const;

export const shareSuccess = (name: string, recipient: string) => ({
  title: "Contact shared successfully",
  description: `${name}'s contact info has been shared with ${recipient}.`,
});

/** A repeat from the same address within this window updates the earlier share. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

export const shareFormSchema = z.object({
  name: z.string().trim().max(100).default(""),
  email: z.string().trim().max(254).default(""),
  phone: z.string().trim().max(40).default(""),
  // The optional questions; each is read only when the owner shows it on this card.
  company: z.string().trim().max(120).default(""),
  title: z.string().trim().max(120).default(""),
  note: z.string().trim().max(500).default(""),
  consent: z.string().optional(),
  // Honeypot: people never see this field; bots fill it in.
  company_website: z.string().max(500).optional(),
});

export type ShareInput = {
  name: string;
  email: string;
  phone: string | null;
  consent: boolean;
  /** What the visitor typed as their company, title and what was talked about; null when not asked or empty. */
  organisation: string | null;
  title: string | null;
  note: string | null;
};

export type ShareCheck =
  | { ok: true; value: ShareInput; values: Record<string, string> }
  | { ok: false; reason: "missing" | "invalidEmail" | "bot"; values: Record<string, string> };

const LIMITS = { name: 100, email: 254, phone: 40, company: 120, title: 120, note: 500 } as const;

/** Reads a share-back form; `asked` are the optional fields this card shows (others are ignored). */
export function checkShare(raw: unknown, asked: readonly ShareField[] = SHARE_FIELDS): ShareCheck {
  const source = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const str = (key: keyof typeof LIMITS) =>
    typeof source[key] === "string" ? (source[key] as string).trim().slice(0, LIMITS[key]) : "";
  const values: Record<string, string> = { name: str("name"), email: str("email"), phone: str("phone") };
  for (const field of asked) values[field] = str(field);
  const parsed = shareFormSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "missing", values };
  if (parsed.data.company_website) return { ok: false, reason: "bot", values };
  if (!values.name || !values.email) return { ok: false, reason: "missing", values };
  if (!z.email().safeParse(values.email).success) return { ok: false, reason: "invalidEmail", values };
  const optional = (field: ShareField) => (asked.includes(field) && parsed.data[field]) || null;
  return {
    ok: true,
    values,
    value: {
      name: parsed.data.name,
      email: parsed.data.email.toLowerCase(),
      phone: parsed.data.phone || null,
      consent: parsed.data.consent === "on" || parsed.data.consent === "true",
      organisation: optional("company"),
      title: optional("title"),
      note: optional("note"),
    },
  };
}

/**
 * Records a share-back in one D1 batch: the shared_contacts row, the owner's new Pending
 * connection and the owner's notification. Either all three are written or none.
 */
export async function recordShareBack(db: Database, card: PublicCard, input: ShareInput, now = new Date()) {
  if (!card.ownerId || !card.id) throw new Error("Unverified cards cannot receive share-backs");
  const ownerId = card.ownerId;
  const [recent] = await db
    .select({ id: sharedContact.id, connectionId: sharedContact.connectionId })
    .from(sharedContact)
    .where(
      and(
        eq(sharedContact.cardId, card.id),
        eq(sharedContact.senderEmail, input.email),
        gt(sharedContact.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
      ),
    )
    .limit(1);

  const consentAt = input.consent ? now : null;
  if (recent) {
    await db.batch([
      db
        .update(sharedContact)
        .set({ senderName: input.name, senderPhone: input.phone, consent: input.consent, consentAt })
        .where(eq(sharedContact.id, recent.id)),
      db
        .update(connection)
        .set({ name: input.name, phone: input.phone })
        .where(and(eq(connection.id, recent.connectionId ?? -1), eq(connection.userId, ownerId))),
    ]);
    return { updated: true };
  }

  // Read now, not from the (possibly cached) card, so the tag is the hub active at this moment.
  const [eventName, settings] = await Promise.all([activeEventName(db, ownerId), getSettings(db, ownerId)]);
  const clientId = `share-${crypto.randomUUID()}`;
  const connectionIdSql = sql`(select ${connection.id} from ${connection} where ${connection.userId} = ${ownerId} and ${connection.clientId} = ${clientId})`;
  const day = now.toISOString().slice(0, 10);
  await db.batch([
    db.insert(connection).values({
      userId: ownerId,
      clientId,
      name: input.name,
      email: input.email,
      company: input.organisation,
      title: input.title,
      phone: normalizePhone(input.phone, asCountry(settings.country)),
      tags: normalizeTags(["Shared", "New Contact", ...(eventName ? [eventName] : [])]),
      status: "Pending",
      priority: "medium",
      eventName,
      source: "share",
      notes: `Shared their details from your card on ${day}.${input.consent ? " Agreed to be contacted." : ""}${input.note ? `\nWhat we talked about: ${input.note}` : ""}`,
      lastContactAt: now,
    }),
    db.insert(sharedContact).values({
      recipientUserId: ownerId,
      cardId: card.id,
      connectionId: connectionIdSql,
      senderName: input.name,
      senderEmail: input.email,
      senderPhone: input.phone,
      recipientName: card.name,
      notes: input.note ?? "",
      eventName,
      consent: input.consent,
      consentAt,
    }),
    ...(settings.notifyShareBacks
      ? [
          db.insert(notification).values({
            userId: ownerId,
            title: "New contact shared",
            message: `${input.name} shared their contact details from your card.`,
            type: "success",
            actionLabel: "View contact",
            actionUrl: sql`'/connections/' || ${connectionIdSql}`,
          }),
        ]
      : []),
  ]);
  return { updated: false };
}
