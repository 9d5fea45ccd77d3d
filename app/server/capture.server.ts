import { and, eq } from "drizzle-orm";
import type { Capture } from "~/lib/capture";
import { normalizeTags } from "~/lib/connection-rules";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/enrich";
import { asCountry, normalizePhone } from "~/lib/phone";
import { connection, event } from "~db/schema";
import { activeEventName } from "./active-event.server";
import { findDuplicateConnections, mergeConnections } from "./connections.server";
import type { Database } from "./db.server";
import { getSettings } from "./settings.server";

const SOURCE_TAG = { qr: "Scanned", photo: "Card photo", quick: "Quick add" } as const;

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
 * Stores a capture as the owner's connection. A capture whose clientId is already stored (a replay
 * after the venue Wi-Fi came back) is not stored again. Someone already in the network (same email or
 * phone) is not added twice: the capture is merged into them, keeping every note and tag. Without an
 * `eventName`, the owner's active event (if any) tags the contact.
 */
export async function saveCapture(
  db: Database,
  userId: string,
  capture: Capture,
  { eventName: given }: { eventName?: string | null } = {},
): Promise<SavedCapture> {
  const clientId = capture.clientId ?? crypto.randomUUID();
  const [replayed] = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.userId, userId), eq(connection.clientId, clientId)));
  if (replayed) return { id: replayed.id, duplicate: true, mergedInto: null };

  const [eventName, { country }] = await Promise.all([
    given !== undefined ? given : eventAtCapture(db, userId, capture.eventName),
    getSettings(db, userId),
  ]);
  const suggested = suggestFromEmail(capture.email);
  const values = {
    name: caseName(capture.name) || capture.email || "Unknown",
    email: capture.email?.toLowerCase() ?? null,
    phone: normalizePhone(capture.phone, asCountry(country)),
    title: capture.title ?? null,
    company: capture.company ?? suggested?.company ?? null,
    website: capture.website ?? suggested?.website ?? null,
    linkedin: normalizeLinkedIn(capture.linkedin),
    notes: capture.notes ?? null,
    tags: normalizeTags([SOURCE_TAG[capture.source], ...(eventName ? [eventName] : [])]),
    eventName,
  };

  const [same] = await findDuplicateConnections(db, userId, values, country);
  if (same) {
    await mergeConnections(db, userId, same.id, [], [values]);
    return { id: same.id, duplicate: false, mergedInto: { id: same.id, name: same.name } };
  }

  const rows = await db
    .insert(connection)
    .values({ ...values, userId, clientId, status: "Active", source: "scan", lastContactAt: new Date() })
    .onConflictDoNothing({ target: [connection.userId, connection.clientId] })
    .returning({ id: connection.id });
  return { id: rows[0]?.id ?? null, duplicate: rows.length === 0, mergedInto: null };
}
