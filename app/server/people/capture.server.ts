import { and, eq } from "drizzle-orm";
import type { Capture } from "~/lib/capture/capture";
import { flatDraft } from "~/lib/people/form";
import { event } from "~db/schema";
import type { Database } from "../db/db.server";
import { activeEventName } from "../events/active-event.server";
import { addPerson } from "./add.server";
import type { PeopleEvents } from "./events.server";

const SOURCE_TAG = { qr: "Scanned", photo: "Card photo", quick: "Quick add" } as const;
const CAPTURE_DETAIL = {
  qr: "Captured from a QR code",
  photo: "Captured from a card photo",
  quick: "Added with quick add",
};

/** The event the capture was made at, if the owner has it; else whichever is active now. */
async function eventAtCapture(db: Database, userId: string, named: string | null | undefined) {
  if (named === null) return null;
  if (named) {
    const [own] = await db
      .select({ title: event.title })
      .from(event)
      .where(and(eq(event.userId, userId), eq(event.title, named)))
      .limit(1);
    if (own) return own.title;
  }
  return activeEventName(db, userId);
}

export type SavedCapture = { id: number | null; duplicate: boolean; mergedInto: { id: number; name: string } | null };

/**
 * Stores a capture (QR scan, card photo, quick add, or any of them synced after going offline) through
 * the people core: a replay of the same clientId is stored once, someone already in the network (same
 * email, phone or LinkedIn) gets the new details attached, keeping every note and tag. Without an
 * `eventName`, the event the capture was made at (or else the active one) tags the contact.
 */
export async function saveCapture(
  db: Database,
  userId: string,
  capture: Capture,
  events: PeopleEvents,
  { eventName: given, metBy = null }: { eventName?: string | null; metBy?: string | null } = {},
): Promise<SavedCapture> {
  const eventName = given !== undefined ? given : await eventAtCapture(db, userId, capture.eventName);
  const saved = await addPerson(db, userId, flatDraft(capture), {
    source: "scan",
    detail: `${CAPTURE_DETAIL[capture.source]}${eventName ? ` at ${eventName}` : ""}`,
    eventName,
    clientId: capture.clientId,
    tags: [SOURCE_TAG[capture.source]],
    events,
    metBy,
  });
  return {
    id: saved.id,
    duplicate: saved.outcome === "replayed",
    mergedInto: saved.outcome === "attached" ? { id: saved.id, name: saved.name } : null,
  };
}
