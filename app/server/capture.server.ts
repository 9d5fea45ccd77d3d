import type { Capture } from "~/lib/capture";
import { normalizeTags } from "~/lib/connection-rules";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/enrich";
import { asCountry, normalizePhone } from "~/lib/phone";
import { connection } from "~db/schema";
import { activeEventName } from "./active-event.server";
import type { Database } from "./db.server";

const SOURCE_TAG = { qr: "Scanned", photo: "Card photo", quick: "Quick add" } as const;

/**
 * Stores a capture as the owner's connection. A capture with a clientId already stored (a replay
 * after the venue Wi-Fi came back) is not stored again. Without an `eventName`, the owner's active
 * event (if any) tags the contact.
 */
export async function saveCapture(
  db: Database,
  userId: string,
  capture: Capture,
  { country = "US", eventName: given }: { country?: string; eventName?: string | null } = {},
): Promise<{ id: number | null; duplicate: boolean }> {
  const eventName = given === undefined ? await activeEventName(db, userId) : given;
  const suggested = suggestFromEmail(capture.email);
  const rows = await db
    .insert(connection)
    .values({
      userId,
      clientId: capture.clientId ?? crypto.randomUUID(),
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
      status: "Active",
      source: "scan",
      lastContactAt: new Date(),
    })
    .onConflictDoNothing({ target: [connection.userId, connection.clientId] })
    .returning({ id: connection.id });
  return { id: rows[0]?.id ?? null, duplicate: rows.length === 0 };
}
