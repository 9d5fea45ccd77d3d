import { and, asc, eq } from "drizzle-orm";
import { badgePath } from "~/lib/organiser-events/badge";
import { orgAttendee } from "~db/schema";
import { cardQrSvg } from "../cards/qr.server";
import type { Database } from "../db/db.server";
import { badgeProof } from "./attendees.server";

/** Badges on one printed run: a page of the sheet prints in a few seconds and stays under the Worker's CPU. */
export const BADGES_PER_RUN = 96;

/**
 * One run of badges, by name: each with the pass's own QR (the door and exhibitors scan it), and the
 * organisation only of attendees listed in the directory, as the attendee list holds it back too. Only attendees
 * with a place get one: nobody pending, waitlisted or declined.
 */
export async function badgeRun(db: Database, event: { id: number; slug: string }, origin: string, run: number) {
  const rows = await db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      company: orgAttendee.company,
      listed: orgAttendee.listed,
      badgeCode: orgAttendee.badgeCode,
      passToken: orgAttendee.passToken,
    })
    .from(orgAttendee)
    .where(and(eq(orgAttendee.eventId, event.id), eq(orgAttendee.state, "going")))
    .orderBy(asc(orgAttendee.name), asc(orgAttendee.id))
    .limit(BADGES_PER_RUN + 1)
    .offset(run * BADGES_PER_RUN);
  const badges = await Promise.all(
    rows.slice(0, BADGES_PER_RUN).map(async (a) => ({
      id: a.id,
      name: a.name,
      company: a.listed ? a.company : null,
      qrSvg: await cardQrSvg(`${origin}${badgePath(event.slug, a.badgeCode, await badgeProof(a.passToken))}`, 160),
    })),
  );
  return { badges, more: rows.length > BADGES_PER_RUN };
}
