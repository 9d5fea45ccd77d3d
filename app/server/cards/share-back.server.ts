import { sql } from "drizzle-orm";
import { z } from "zod";
import { type PublicCard, SHARE_FIELDS, type ShareField } from "~/lib/card/card";
import { isEmail, isPhoneText } from "~/lib/forms/fields";
import { phoneKey } from "~/lib/forms/phone";
import type { MessageKey, Translate } from "~/lib/i18n/translate";
import { newsOptInText } from "~/lib/people/consent";
import { flatDraft } from "~/lib/people/form";
import { clipText } from "~/lib/text/graphemes";
import { hex } from "~/lib/text/hex";
import { connection, sharedContact } from "~db/schema";
import type { Database } from "../db/db.server";
import { activeEventName } from "../events/active-event.server";
import { addPerson } from "../people/add.server";
import { consentStatement } from "../people/consent.server";
import type { PeopleEvents } from "../people/events.server";
import { notifyWorkspace } from "../platform/notifications.server";
import { getSettings } from "../settings/settings.server";
import { cardArrival } from "./holder.server";

/** Each refusal's title and description, as keys of the visitor's catalog (app/lib/i18n). */
export const SHARE_MESSAGES = {
  missing: { title: "share.missing.title", description: "share.missing.body" },
  invalidEmail: { title: "share.missing.title", description: "share.invalidEmail.body" },
  invalidPhone: { title: "share.missing.title", description: "share.invalidPhone.body" },
  error: { title: "share.error.title", description: "share.error.body" },
  limited: { title: "share.limited.title", description: "share.limited.body" },
  unverified: { title: "share.unverified.title", description: "share.unverified.body" },
} as const satisfies Record<string, { title: MessageKey; description: MessageKey }>;

/** A refusal in the visitor's words. */
export const shareMessage = (t: Translate, reason: keyof typeof SHARE_MESSAGES) => ({
  title: t(SHARE_MESSAGES[reason].title),
  description: t(SHARE_MESSAGES[reason].description),
});

export const shareSuccess = (t: Translate, name: string, recipient: string) => ({
  title: t("share.success.title"),
  description: t("share.success.body", { name, recipient }),
});

export const shareFormSchema = z.object({
  name: z.string().trim().max(100).default(""),
  email: z.string().trim().max(254).default(""),
  phone: z.string().trim().max(40).default(""),
  // The optional questions; each is read only when the owner shows it on this card.
  company: z.string().trim().max(120).default(""),
  title: z.string().trim().max(120).default(""),
  note: z.string().trim().max(500).default(""),
  consent: z.string().optional(),
  // "Email me news from …": its own unticked box, the only one that lets the owner mail (decision 0180).
  updates: z.string().optional(),
  // Honeypot: people never see this field; bots fill it in.
  company_website: z.string().max(500).optional(),
});

export type ShareInput = {
  name: string;
  email: string;
  phone: string | null;
  consent: boolean;
  /** Ticked "Email me news from {the card's name}". */
  updates: boolean;
  /** What the visitor typed as their company, title and what was talked about; null when not asked or empty. */
  organization: string | null;
  title: string | null;
  note: string | null;
};

export type ShareCheck =
  | { ok: true; value: ShareInput; values: Record<string, string> }
  | {
      ok: false;
      reason: "missing" | "invalidEmail" | "invalidPhone" | "bot";
      values: Record<string, string>;
      /** Each message (a catalog key) beside the field it is about, so a visitor sees which one to correct. */
      fields: Record<string, MessageKey>;
    };

const ticked = (v: unknown) => v === "on" || v === "true";

const LIMITS = { name: 100, email: 254, phone: 40, company: 120, title: 120, note: 500 } as const;

/** Reads a share-back form; `asked` are the optional fields this card shows (others are ignored). */
export function checkShare(raw: unknown, asked: readonly ShareField[] = SHARE_FIELDS): ShareCheck {
  const source = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const str = (key: keyof typeof LIMITS) =>
    typeof source[key] === "string" ? clipText((source[key] as string).trim(), LIMITS[key]) : "";
  const values: Record<string, string> = { name: str("name"), email: str("email"), phone: str("phone") };
  // Ticked boxes are typed values too: a refused form keeps them ticked.
  for (const box of ["consent", "updates"] as const) if (ticked(source[box])) values[box] = "on";
  for (const field of asked) values[field] = str(field);
  const parsed = shareFormSchema.safeParse(raw);
  const missing: MessageKey = SHARE_MESSAGES.missing.description;
  if (!parsed.success) return { ok: false, reason: "missing", values, fields: { name: missing, email: missing } };
  if (parsed.data.company_website) return { ok: false, reason: "bot", values, fields: {} };
  const fields: Record<string, MessageKey> = {};
  if (!values.name) fields.name = missing;
  if (!values.email) fields.email = missing;
  else if (!isEmail(values.email)) fields.email = SHARE_MESSAGES.invalidEmail.description;
  // A phone the people core could not keep (`=1+2`) is named here rather than dropped without a word.
  if (values.phone && !isPhoneText(values.phone)) fields.phone = SHARE_MESSAGES.invalidPhone.description;
  if (!values.name || !values.email) return { ok: false, reason: "missing", values, fields };
  if (fields.email) return { ok: false, reason: "invalidEmail", values, fields };
  if (fields.phone) return { ok: false, reason: "invalidPhone", values, fields };
  const optional = (field: ShareField) => (asked.includes(field) && parsed.data[field]) || null;
  return {
    ok: true,
    values,
    value: {
      name: parsed.data.name,
      email: parsed.data.email.toLowerCase(),
      phone: parsed.data.phone || null,
      consent: ticked(parsed.data.consent),
      updates: ticked(parsed.data.updates),
      organization: optional("company"),
      title: optional("title"),
      note: optional("note"),
    },
  };
}

/**
 * The idempotency key of one share-back: the same card, the same details and the same day (UTC). A form
 * sent again on a flaky connection, or tapped twice, is one share, with or without JavaScript, and the
 * visitor is not refused for it; the same person sharing something new (a phone, a note) is a new share.
 */
async function shareKey(cardId: number, input: ShareInput, now: Date) {
  const content = JSON.stringify([
    cardId,
    input.name.trim().toLowerCase(),
    input.email,
    input.phone ? phoneKey(input.phone) : null,
    input.organization,
    input.title,
    input.note,
    input.consent,
    input.updates,
    now.toISOString().slice(0, 10),
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content)));
  return `share-${hex(digest.slice(0, 16))}`;
}

/**
 * Records a share-back through the people core: someone new becomes the owner's Pending person with a
 * notification; someone already there (same email or phone, any time, any card) gets only what is new
 * attached, never a rename. Every share is its own record with its consent and time. One batch each;
 * concurrent shares of one person leave one person and one notification (unique contact-point keys).
 */
export async function recordShareBack(
  db: Database,
  card: PublicCard,
  input: ShareInput,
  events: PeopleEvents,
  now = new Date(),
  // The boxes' words as the visitor read them, in their language (the card page's "share.news" and "share.consent").
  newsWords = newsOptInText(card.name),
  consentWords = `${card.name} may contact me about what we discussed.`,
) {
  if (!card.ownerId || !card.id) throw new Error("Unverified cards cannot receive share-backs");
  const ownerId = card.ownerId;
  const cardId = card.id;
  // Read now, not from the (possibly cached) card, so the tag is the hub active at this moment.
  // Through a team card: met by the member who holds it, who owns the person (decision 0252).
  const [eventName, settings, { metBy }] = await Promise.all([
    activeEventName(db, ownerId),
    getSettings(db, ownerId),
    cardArrival(db, cardId, ownerId),
  ]);
  const draft = flatDraft({
    ...input,
    company: input.organization,
    notes: input.note ? `What we talked about (shared ${now.toISOString().slice(0, 10)}): ${input.note}` : null,
  });
  const result = await addPerson(db, ownerId, draft, {
    source: "share",
    detail: `Shared their details from your card “${card.name}”${input.consent ? ", agreeing to be contacted" : ""}`,
    eventName,
    cardId,
    clientId: await shareKey(cardId, input, now),
    status: "Pending",
    tags: ["Shared", "New Contact"],
    metBy,
    now,
    events,
    also: (personId, created) => [
      db.insert(sharedContact).values({
        // The person's owner receives it: the account in a personal workspace, the card's holder in a team (0252).
        recipientUserId: sql`(select ${connection.ownerId} from ${connection} where ${connection.id} = ${personId})`,
        cardId,
        connectionId: personId,
        senderName: input.name,
        senderEmail: input.email,
        senderPhone: input.phone,
        recipientName: card.name,
        notes: input.note ?? "",
        eventName,
        consent: input.consent,
        consentAt: input.consent ? now : null,
        createdAt: now,
      }),
      // Details shared with this person, and (only when ticked) a yes to their email news.
      consentStatement(db, personId, {
        senderWorkspaceId: ownerId,
        purpose: "exchange",
        state: "yes",
        senderName: card.name,
        shown: `Shared my details with ${card.name}${input.consent ? `; ticked “${consentWords}”` : ""}`,
        source: "share-back",
        eventName,
        createdAt: now,
      }),
      ...(input.updates
        ? [
            consentStatement(db, personId, {
              senderWorkspaceId: ownerId,
              purpose: "email",
              state: "yes",
              senderName: card.name,
              shown: newsWords,
              source: "share-back",
              eventName,
              createdAt: now,
            }),
          ]
        : []),
      ...(created && settings.notifyShareBacks
        ? [
            notifyWorkspace(db, ownerId, {
              title: "New contact shared",
              message: `${input.name} shared their contact details from your card.`,
              type: "success" as const,
              actionLabel: "View contact",
              actionUrl: sql`'/connections/' || ${personId}`,
            }),
          ]
        : []),
    ],
  });
  return { updated: result.outcome !== "created", id: result.id };
}
