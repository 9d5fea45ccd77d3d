import { and, asc, eq } from "drizzle-orm";
import { orgAttendee, orgExchange } from "~db/schema";
import type { Database } from "../db/db.server";

/** Rows in one leads export: far above what a stand scans in a day. */
const LEADS_MAX = 20_000;

/**
 * The exhibitor's leads at their event, oldest first, with their rating and notes. The attendee showed their
 * pass to the stand, which is what gives the exhibitor their details (decision 0182).
 */
export function exhibitorLeads(db: Database, exhibitor: { id: number; eventId: number }) {
  return db
    .select({
      name: orgAttendee.name,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      company: orgAttendee.company,
      title: orgAttendee.title,
      rating: orgExchange.rating,
      notes: orgExchange.notes,
      scannedAt: orgExchange.createdAt,
    })
    .from(orgExchange)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgExchange.toId))
    .where(
      and(
        eq(orgExchange.eventId, exhibitor.eventId),
        eq(orgExchange.kind, "lead"),
        eq(orgExchange.fromId, exhibitor.id),
      ),
    )
    .orderBy(asc(orgExchange.createdAt), asc(orgExchange.id))
    .limit(LEADS_MAX);
}

export const LEADS_HEADER = ["Name", "Email", "Phone", "Company", "Title", "Rating", "Notes", "First scanned"];

export const leadRow = (l: Awaited<ReturnType<typeof exhibitorLeads>>[number]) => [
  l.name,
  l.email,
  l.phone ?? "",
  l.company ?? "",
  l.title ?? "",
  l.rating === null ? "" : String(l.rating),
  l.notes ?? "",
  l.scannedAt.toISOString(),
];
