/**
 * What the follow-through forms offer, apart from their schemas (timeline.ts and rhythm.ts re-export it): the
 * lists' one-tap forms (log, snooze) import only this, so the dashboard ships no zod for them (decision 0262).
 */

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

/** Snooze choices: days from the owner's today. */
export const SNOOZE_CHOICES = [
  { days: 1, label: "Tomorrow" },
  { days: 7, label: "A week" },
  { days: 30, label: "A month" },
] as const;
