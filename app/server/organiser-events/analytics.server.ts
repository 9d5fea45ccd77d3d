import { eq, type SQL, sql } from "drizzle-orm";
import { dayInZone, zonedLocal } from "~/lib/time/time";
import { orgAttendee, orgCheckin, orgExchange, orgMeeting } from "~db/schema";
import type { Database } from "../db/db.server";
import { type OrgEvent, organiserStats } from "./events.server";

/** What happened at an event, in counts only: the organiser learns nothing here of who met whom. */

const HOUR_MS = 3_600_000;
/** A year of hours: more buckets than any event has, and a bound on what one page reads. */
const HOURS_READ = 24 * 366;

type Bucket = { at: string; n: number };

/** Counts per UTC hour, as the database groups them. */
const perHour = (db: Database, column: SQL, table: SQL, where: SQL) =>
  db.all<{ h: number; n: number }>(
    sql`select cast(${column} / ${HOUR_MS} as integer) as h, count(*) as n from ${table} where ${where} group by h order by h limit ${HOURS_READ}`,
  );

/** Hours summed into the labels `label` gives them (a day or an hour on the event's clock), in order. */
function bucket(rows: { h: number; n: number }[], label: (at: Date) => string): Bucket[] {
  const out = new Map<string, number>();
  for (const r of rows) {
    const key = label(new Date(r.h * HOUR_MS));
    out.set(key, (out.get(key) ?? 0) + r.n);
  }
  return [...out].map(([at, n]) => ({ at, n }));
}

export type Analytics = Awaited<ReturnType<typeof eventAnalytics>>;

/**
 * Registrations and exchanges by day, check-ins by hour (both on the event's own clock), meetings by state
 * with those held (accepted, and their time has come), and each exhibitor's leads.
 */
export async function eventAnalytics(db: Database, event: OrgEvent, now = new Date()) {
  const zone = event.timeZone;
  const nowLocal = zonedLocal(now, zone);
  const [joins, checkins, exchanges, meetings, stats] = await Promise.all([
    perHour(db, sql`${orgAttendee.createdAt}`, sql`${orgAttendee}`, sql`${orgAttendee.eventId} = ${event.id}`),
    perHour(db, sql`${orgCheckin.checkedAt}`, sql`${orgCheckin}`, sql`${orgCheckin.eventId} = ${event.id}`),
    perHour(
      db,
      sql`${orgExchange.createdAt}`,
      sql`${orgExchange}`,
      sql`${orgExchange.eventId} = ${event.id} and ${orgExchange.kind} = 'exchange'`,
    ),
    db
      .select({
        state: orgMeeting.state,
        n: sql<number>`count(*)`,
        started: sql<number>`coalesce(sum(${orgMeeting.startsAt} <= ${nowLocal}), 0)`,
      })
      .from(orgMeeting)
      .where(eq(orgMeeting.eventId, event.id))
      .groupBy(orgMeeting.state),
    organiserStats(db, event.id),
  ]);
  const byState = Object.fromEntries(meetings.map((m) => [m.state, m])) as Partial<
    Record<(typeof meetings)[number]["state"], (typeof meetings)[number]>
  >;
  const total = (rows: { n: number }[]) => rows.reduce((sum, r) => sum + r.n, 0);
  return {
    registrations: { total: total(joins), byDay: bucket(joins, (at) => dayInZone(at, zone)) },
    checkins: {
      total: total(checkins),
      byHour: bucket(checkins, (at) => zonedLocal(at, zone).replace("T", " ")),
    },
    exchanges: { total: total(exchanges), byDay: bucket(exchanges, (at) => dayInZone(at, zone)) },
    meetings: {
      requested: total(meetings),
      pending: byState.pending?.n ?? 0,
      accepted: byState.accepted?.n ?? 0,
      declined: byState.declined?.n ?? 0,
      cancelled: byState.cancelled?.n ?? 0,
      held: byState.accepted?.started ?? 0,
    },
    leads: stats.exhibitors.map((x) => ({ id: x.id, name: x.name, company: x.company, leads: x.leads })),
  };
}
