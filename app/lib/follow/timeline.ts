import { z } from "zod";

/** Interactions the owner logs by hand. */
export const MANUAL_KINDS = ["call", "email", "meeting", "message", "note"] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

/**
 * Every kind an entry can have: the owner's own, and those written when something happens. `gift` is
 * for fundraising (a gift or pledge received) and `follow-up-sent` for a drafted email the owner
 * confirmed as sent. New kinds are added here, nowhere else.
 */
export const INTERACTION_KINDS = [
  ...MANUAL_KINDS,
  "share-back",
  "capture",
  "saved-card",
  "added",
  "merge",
  "follow-up-sent",
  "gift",
  "connected",
  "meeting-planned",
  "mailing",
] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const KIND_LABEL: Record<InteractionKind, string> = {
  call: "Call",
  email: "Email",
  meeting: "Meeting",
  message: "Message",
  note: "Note",
  "share-back": "Shared back",
  capture: "Captured",
  "saved-card": "Saved their card",
  added: "Added",
  merge: "Merged",
  "follow-up-sent": "Follow-up sent",
  gift: "Gift",
  connected: "Connected",
  "meeting-planned": "Meeting planned",
  mailing: "Mailing",
};

/**
 * The kinds that are contact with the person and so move last contacted and rhythms: being added,
 * imported, merged or edited, or a note the owner wrote to themselves, is not contact.
 */
export const CONTACT_KINDS = [
  "call",
  "email",
  "meeting",
  "message",
  "share-back",
  "capture",
  "saved-card",
  "follow-up-sent",
  "gift",
  "connected",
] as const satisfies readonly InteractionKind[];

export const kindLabel = (kind: string) => KIND_LABEL[kind as InteractionKind] ?? kind;

export const MAX_INTERACTION_TEXT = 5000;

/** The log form: kind, optional local date and time (the owner's zone), optional text. */
export const logFormSchema = z.object({
  kind: z.enum(MANUAL_KINDS, { message: "Choose what happened" }),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/, "Enter a time")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  text: z.string().trim().max(MAX_INTERACTION_TEXT, `At most ${MAX_INTERACTION_TEXT} characters`).default(""),
  clientId: z.string().trim().min(8).max(100).optional(),
  // In a team, what a member writes is theirs alone unless they share it with the team (decision 0234).
  shared: z.literal("on").optional(),
});
