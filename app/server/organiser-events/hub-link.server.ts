import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { event, orgAttendee } from "~db/schema";
import type { Database } from "../db/db.server";
import { ATTENDEE_ID, type Attendee } from "./attendees.server";
import type { OrgEvent } from "./events.server";

/** The attendee's private event hub for an organiser event: its strategy plan reads the event's attendees. */

export async function linkedHub(db: Database, userId: string, orgEventId: number) {
  const [row] = await db
    .select({ id: event.id })
    .from(event)
    .where(and(eq(event.userId, userId), eq(event.orgEventId, orgEventId)));
  return row?.id ?? null;
}

const HUB_ATTENDEES = 500;

/**
 * Makes (or refreshes) the hub: the event's details, and as its attendee list the attendees this person
 * can see in the directory (name, title, organisation; an email only of those they exchanged with), so
 * the hub's plan ranks them beside the owner's own network. One hub per organiser event, by unique key.
 */
export async function planInHub(db: Database, userId: string, e: OrgEvent, me: Attendee): Promise<number> {
  const exchanged = sql`exists (select 1 from org_exchange x where x.kind = 'exchange'
    and ((x.from_id = ${me.id} and x.to_id = ${ATTENDEE_ID}) or (x.to_id = ${me.id} and x.from_id = ${ATTENDEE_ID})))`;
  const visible = await db
    .select({
      name: orgAttendee.name,
      title: orgAttendee.title,
      company: orgAttendee.company,
      email: sql<string | null>`case when ${exchanged} then ${orgAttendee.email} end`,
    })
    .from(orgAttendee)
    .where(
      and(
        eq(orgAttendee.eventId, e.id),
        eq(orgAttendee.listed, true),
        ne(orgAttendee.id, me.id),
        or(eq(orgAttendee.visibility, "everyone"), exchanged) as SQL,
      ),
    )
    .orderBy(asc(orgAttendee.name))
    .limit(HUB_ATTENDEES);
  const attendees = visible.map((a) => ({
    name: a.name,
    ...(a.title ? { title: a.title } : {}),
    ...(a.company ? { company: a.company } : {}),
    ...(a.email ? { email: a.email } : {}),
  }));
  const [date = "", start = ""] = e.startsAt.split("T");
  const [endDate = "", end = ""] = e.endsAt.split("T");
  const details = {
    title: e.title.slice(0, 120),
    description: [e.description, me.goals ? `My goals: ${me.goals}` : ""].filter(Boolean).join("\n\n"),
    date,
    endDate: endDate !== date ? endDate : null,
    time: `${start} - ${end} (${e.timeZone.replace(/_/g, " ")})`,
    location: e.venue ?? e.platform,
    type: e.type,
    platform: e.platform,
    url: e.url,
    attendees,
  };
  const [row] = await db
    .insert(event)
    .values({ userId, orgEventId: e.id, ...details })
    .onConflictDoUpdate({ target: [event.userId, event.orgEventId], set: { attendees, updatedAt: new Date() } })
    .returning({ id: event.id });
  if (!row) throw new Error("event hub not stored");
  return row.id;
}
