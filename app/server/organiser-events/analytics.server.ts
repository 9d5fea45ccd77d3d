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

/** The most sessions and mailings one page reads: far more than any programme or an organiser's mail to one event. */
const SESSIONS_READ = 500;
const MAILINGS_READ = 100;

/**
 * Per session, in programme order: how many put it on their personal schedule against its capacity, and how many
 * of them were let in at the door. The door checks people into the event, not into a session, so no session has
 * check-ins of its own.
 */
const sessionAttendance = (db: Database, eventId: number) =>
  db.all<{
    id: number;
    title: string;
    startsAt: string;
    room: string | null;
    capacity: number | null;
    scheduled: number;
    checkedIn: number;
  }>(sql`select s.id, s.title, s.starts_at as startsAt, s.room, s.capacity,
      count(k.attendee_id) as scheduled, count(c.attendee_id) as checkedIn
    from org_session s
      left join org_schedule k on k.session_id = s.id
      left join org_checkin c on c.attendee_id = k.attendee_id and c.event_id = s.event_id
    where s.event_id = ${eventId}
    group by s.id order by s.starts_at, s.id limit ${SESSIONS_READ}`);

/**
 * The workspace's mailings to this event's attendees, newest first, with their recipients' outcomes as the
 * mailings feature keeps them (a click is tracked through our redirect; opens are not tracked at all).
 */
const mailResults = (db: Database, workspaceId: string, eventId: number) =>
  db.all<{
    id: number;
    subject: string;
    status: string;
    sentAt: number | null;
    recipients: number;
    sent: number;
    delivered: number;
    clicked: number;
    bounced: number;
    failed: number;
    unsubscribed: number;
  }>(sql`select m.id, m.subject, m.status, m.sent_at as sentAt, count(r.id) as recipients,
      coalesce(sum(r.status in ('sent', 'delivered', 'bounced')), 0) as sent,
      coalesce(sum(r.status = 'delivered'), 0) as delivered,
      coalesce(sum(r.clicked_at is not null), 0) as clicked,
      coalesce(sum(r.status = 'bounced'), 0) as bounced,
      coalesce(sum(r.status = 'failed'), 0) as failed,
      coalesce(sum(r.unsubscribed_at is not null), 0) as unsubscribed
    from mailing m left join mailing_recipient r on r.mailing_id = m.id and r.user_id = m.user_id
    where m.user_id = ${workspaceId} and m.org_event_id = ${eventId}
    group by m.id order by m.created_at desc, m.id desc limit ${MAILINGS_READ}`);

export type Analytics = Awaited<ReturnType<typeof eventAnalytics>>;

/**
 * Registrations and exchanges by day, check-ins by hour (both on the event's own clock), meetings by state
 * with those held (accepted, and their time has come), and each exhibitor's leads.
 */
export async function eventAnalytics(db: Database, event: OrgEvent, now = new Date()) {
  const zone = event.timeZone;
  const nowLocal = zonedLocal(now, zone);
  const [joins, checkins, exchanges, meetings, stats, sessions, mailings] = await Promise.all([
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
    sessionAttendance(db, event.id),
    mailResults(db, event.userId, event.id),
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
    sessions,
    mailings: mailings.map((m) => ({ ...m, sentAt: m.sentAt === null ? null : dayInZone(new Date(m.sentAt), zone) })),
  };
}

/** What the page shows, one figure a row (section, item, measure, value), for the organiser's CSV. */
export function analyticsRows(a: Analytics): [string, string, string, number | string][] {
  const m = a.meetings;
  return [
    ["Totals", "Registrations", "count", a.registrations.total],
    ["Totals", "Checked in", "count", a.checkins.total],
    ["Totals", "Exchanges", "count", a.exchanges.total],
    ["Meetings", "Requested", "count", m.requested],
    ["Meetings", "Accepted", "count", m.accepted],
    ["Meetings", "Held", "count", m.held],
    ["Meetings", "Declined", "count", m.declined],
    ["Meetings", "Cancelled", "count", m.cancelled],
    ["Meetings", "Waiting for an answer", "count", m.pending],
    ...a.registrations.byDay.map((r): [string, string, string, number] => ["Registrations by day", r.at, "count", r.n]),
    ...a.checkins.byHour.map((r): [string, string, string, number] => ["Check-ins by hour", r.at, "count", r.n]),
    ...a.exchanges.byDay.map((r): [string, string, string, number] => ["Exchanges by day", r.at, "count", r.n]),
    ...a.sessions.flatMap((s): [string, string, string, number | string][] => {
      const item = `${s.startsAt.replace("T", " ")} ${s.title}${s.room ? ` (${s.room})` : ""}`;
      return [
        ["Sessions", item, "on schedules", s.scheduled],
        ["Sessions", item, "capacity", s.capacity ?? ""],
        ["Sessions", item, "of them checked in at the door", s.checkedIn],
      ];
    }),
    ...a.leads.map((x): [string, string, string, number] => [
      "Leads per exhibitor",
      x.company ? `${x.name}, ${x.company}` : x.name,
      "leads",
      x.leads,
    ]),
    ...a.mailings.flatMap((mail) =>
      (["recipients", "sent", "delivered", "clicked", "bounced", "failed", "unsubscribed"] as const).map(
        (k): [string, string, string, number] => ["Mail", `${mail.sentAt ?? mail.status} ${mail.subject}`, k, mail[k]],
      ),
    ),
  ];
}
