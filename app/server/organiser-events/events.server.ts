import { and, asc, desc, eq, exists, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { PublicEvent as PublicEventCard } from "~/content/events";
import type { EventStatus } from "~/lib/events/rules";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/lib/i18n/locales";
import { eventSlug, type OrgEventForm, orgEventStatus } from "~/lib/organiser-events/rules";
import { DAY_MS } from "~/lib/time/days";
import { campaign, orgAttendee, orgConsent, orgEvent, orgExchange } from "~db/schema";
import { chunk } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { outer } from "../db/outer.server";
import { isUniqueViolation, writeBatch } from "../db/write.server";
import { type PurgeEnv, purge } from "../platform/edge-cache.server";
import { promotedBy, promoteStatement } from "./admission.server";
import { ATTENDEE_ID } from "./attendees.server";

/** Organiser events: created, read and closed by their organiser; read by anyone once published. */

/** The outer event's id, for correlated subqueries. */
const EVENT_ID = outer(orgEvent.id);

export type OrgEvent = typeof orgEvent.$inferSelect;
export type PublicOrgEvent = OrgEvent & {
  status: EventStatus;
  attendees: number;
  /** The campaign it raises for, when the organiser chose one of their own that the public can see. */
  raisesFor?: { id: string; title: string } | null;
};

/** The edge-cache tag of one event's public page. */
export const orgEventTag = (slug: string) => `org-event:${slug}`;
/** Every page that lists published events (the landing page's section). */
export const ORG_EVENTS_TAG = "page:events";

export async function createOrgEvent(db: Database, userId: string, form: OrgEventForm): Promise<OrgEvent> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(orgEvent)
        .values({ ...form, userId, slug: eventSlug(form.title) })
        .returning();
      if (row) return row;
    } catch (e) {
      // A slug taken a moment ago: the unique index said so, draw another tail.
      if (!isUniqueViolation(e) || attempt >= 3) throw e;
    }
  }
}

/**
 * Saves the event's form; a capacity it raises (or removes) moves the waitlist up in the same batch, so the seats
 * and who takes them are one decision. `moved` are the attendees to mail their pass.
 */
export async function updateOrgEvent(db: Database, userId: string, id: number, form: OrgEventForm) {
  const [updated, promoted] = await writeBatch(db, [
    db
      .update(orgEvent)
      .set(form)
      .where(and(eq(orgEvent.id, id), eq(orgEvent.userId, userId)))
      .returning({ slug: orgEvent.slug, title: orgEvent.title }),
    promoteStatement(id, Date.now(), userId),
  ]);
  const row = updated?.results[0] as { slug: string; title: string } | undefined;
  return row ? { row, moved: promotedBy(promoted) } : null;
}

/** Closing stops new joins; archiving takes the public page down; reopening undoes either. */
export async function setOrgEventState(db: Database, userId: string, id: number, state: OrgEvent["state"]) {
  const [row] = await db
    .update(orgEvent)
    .set({ state })
    .where(and(eq(orgEvent.id, id), eq(orgEvent.userId, userId)))
    .returning();
  return row ?? null;
}

/** A campaign of this owner that its public page shows to anyone: not a draft, not archived. */
const publicCampaignOf = (userId: typeof orgEvent.userId) =>
  and(eq(campaign.userId, userId), ne(campaign.status, "draft"), isNull(campaign.archivedAt));

/** The owner's campaigns an event can raise for, newest first: the organiser page's choice. */
export function campaignChoices(db: Database, userId: string) {
  return db
    .select({ id: campaign.id, title: campaign.title, status: campaign.status })
    .from(campaign)
    .where(and(eq(campaign.userId, userId), isNull(campaign.archivedAt)))
    .orderBy(desc(campaign.createdAt))
    .limit(100);
}

/**
 * Sets the campaign the organiser's event raises for, or none. Only the owner's own live campaign is
 * accepted, checked in the same statement: null when the event or the campaign is not theirs.
 */
export async function setOrgEventCampaign(db: Database, userId: string, id: number, campaignId: string | null) {
  const owned = campaignId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(campaign)
          .where(and(eq(campaign.id, campaignId), eq(campaign.userId, userId), isNull(campaign.archivedAt))),
      )
    : undefined;
  const [row] = await db
    .update(orgEvent)
    .set({ campaignId })
    .where(and(eq(orgEvent.id, id), eq(orgEvent.userId, userId), owned))
    .returning({ slug: orgEvent.slug });
  return row ?? null;
}

/** The cache key of an event page in one language: English keeps the plain path. */
export const orgEventPagePath = (slug: string, locale: Locale) =>
  locale === DEFAULT_LOCALE ? `/e/${slug}` : `/e/${slug}?lang=${locale}`;

/** Drops the cached public page in every language, and the landing page, after the organiser changed the event. */
export function purgeOrgEvent(env: PurgeEnv, slug: string) {
  return purge(env, {
    paths: LOCALES.map((locale) => orgEventPagePath(slug, locale)),
    tags: [orgEventTag(slug), ORG_EVENTS_TAG],
  });
}

export async function ownOrgEvent(db: Database, userId: string, id: number): Promise<OrgEvent | null> {
  const [row] = await db
    .select()
    .from(orgEvent)
    .where(and(eq(orgEvent.id, id), eq(orgEvent.userId, userId)));
  return row ?? null;
}

export function ownOrgEvents(db: Database, userId: string) {
  return db.select().from(orgEvent).where(eq(orgEvent.userId, userId)).orderBy(desc(orgEvent.startsAt)).limit(200);
}

export async function attendeeCount(db: Database, eventId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(orgAttendee).where(eq(orgAttendee.eventId, eventId));
  return row?.n ?? 0;
}

/** A published event by its slug (open or closed; an archived one is gone), with status and count. */
export async function publicOrgEvent(db: Database, slug: string, now = new Date()): Promise<PublicOrgEvent | null> {
  const [row] = await db
    .select({
      e: orgEvent,
      attendees: sql<number>`(select count(*) from org_attendee a where a.event_id = ${EVENT_ID} and a.state = 'going')`,
      campaignId: campaign.id,
      campaignTitle: campaign.title,
    })
    .from(orgEvent)
    .leftJoin(campaign, and(eq(campaign.id, orgEvent.campaignId), publicCampaignOf(orgEvent.userId)))
    .where(and(eq(orgEvent.slug, slug), ne(orgEvent.state, "archived")));
  if (!row) return null;
  const raisesFor = row.campaignId && row.campaignTitle ? { id: row.campaignId, title: row.campaignTitle } : null;
  return { ...row.e, attendees: row.attendees, status: orgEventStatus(row.e, now), raisesFor };
}

/** Open events that have not ended, soonest first: the landing page's section. */
export async function upcomingOrgEvents(db: Database, now = new Date(), limit = 4): Promise<PublicOrgEvent[]> {
  // starts_at is wall-clock per zone; a day's margin finds every event still running anywhere.
  const floor = new Date(now.getTime() - DAY_MS * 14).toISOString().slice(0, 16);
  const rows = await db
    .select({
      e: orgEvent,
      attendees: sql<number>`(select count(*) from org_attendee a where a.event_id = ${EVENT_ID} and a.state = 'going')`,
    })
    .from(orgEvent)
    .where(and(eq(orgEvent.state, "open"), gte(orgEvent.endsAt, floor)))
    .orderBy(asc(orgEvent.startsAt))
    .limit(50);
  return rows
    .map((r) => ({ ...r.e, attendees: r.attendees, status: orgEventStatus(r.e, now) }))
    .filter((e) => e.status !== "past")
    .slice(0, limit);
}

/** Published events' public paths for the sitemap: open or closed, never archived; newest first. */
export async function sitemapOrgEventPaths(db: Database, limit = 5000): Promise<string[]> {
  const rows = await db
    .select({ slug: orgEvent.slug })
    .from(orgEvent)
    .where(ne(orgEvent.state, "archived"))
    .orderBy(desc(orgEvent.startsAt))
    .limit(limit);
  return rows.map((r) => `/e/${r.slug}`);
}

export type OrganiserStats = {
  attendees: number;
  /** Those with a place (going), as the capacity counts them. */
  admitted: number;
  /** Waiting for the organiser's approval, and on the waitlist: no place yet. */
  pending: number;
  waitlist: number;
  joinsByDay: { day: string; joins: number }[];
  exchanges: number;
  listed: number;
  optInRate: number;
  exhibitors: { id: number; name: string; company: string | null; leadRights: string; leads: number }[];
};

/** Counts only: never who exchanged with whom. */
export async function organiserStats(db: Database, eventId: number): Promise<OrganiserStats> {
  const [totals, byDay, exchanges, exhibitors] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)`,
        listed: sql<number>`coalesce(sum(${orgAttendee.listed}), 0)`,
        admitted: sql<number>`coalesce(sum(${orgAttendee.state} = 'going'), 0)`,
        pending: sql<number>`coalesce(sum(${orgAttendee.state} = 'pending'), 0)`,
        waitlist: sql<number>`coalesce(sum(${orgAttendee.state} = 'waitlist'), 0)`,
      })
      .from(orgAttendee)
      .where(eq(orgAttendee.eventId, eventId)),
    db
      .select({
        day: sql<string>`strftime('%Y-%m-%d', ${orgAttendee.createdAt} / 1000, 'unixepoch')`,
        joins: sql<number>`count(*)`,
      })
      .from(orgAttendee)
      .where(eq(orgAttendee.eventId, eventId))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ n: sql<number>`count(*)` })
      .from(orgExchange)
      .where(and(eq(orgExchange.eventId, eventId), eq(orgExchange.kind, "exchange"))),
    db
      .select({
        id: orgAttendee.id,
        name: orgAttendee.name,
        company: orgAttendee.company,
        leadRights: orgAttendee.leadRights,
        // The leads this pass scanned, into whichever booth (a team's staff each count their own).
        leads: sql<number>`(select count(*) from org_lead_note n where n.staff_id = ${ATTENDEE_ID})`,
      })
      .from(orgAttendee)
      .where(and(eq(orgAttendee.eventId, eventId), ne(orgAttendee.leadRights, "none")))
      .orderBy(asc(orgAttendee.name)),
  ]);
  const attendees = totals[0]?.n ?? 0;
  const listed = totals[0]?.listed ?? 0;
  return {
    attendees,
    admitted: totals[0]?.admitted ?? 0,
    pending: totals[0]?.pending ?? 0,
    waitlist: totals[0]?.waitlist ?? 0,
    joinsByDay: byDay,
    exchanges: exchanges[0]?.n ?? 0,
    listed,
    optInRate: attendees ? Math.round((listed / attendees) * 100) : 0,
    exhibitors,
  };
}

/** The organiser grants (or takes back) lead retrieval; only attendees of the organiser's own event. */
export async function setLeadRights(
  db: Database,
  userId: string,
  eventId: number,
  email: string,
  rights: "none" | "one-way" | "two-way",
) {
  const owned = await ownOrgEvent(db, userId, eventId);
  if (!owned) return null;
  const [row] = await db
    .update(orgAttendee)
    .set({ leadRights: rights })
    .where(and(eq(orgAttendee.eventId, eventId), eq(orgAttendee.email, email.trim().toLowerCase())))
    .returning({ id: orgAttendee.id });
  return row ?? null;
}

/**
 * Attendees who agreed to be listed, with the time of their latest choice: what the organiser may export.
 * Listing shares name, company, title and interests; the email only goes to the organiser with a yes to
 * "Email me news from …" (the words say so), so an attendee who said no is exported without it (decision 0182).
 */
export async function consentedAttendees(db: Database, eventId: number) {
  const rows = await db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      company: orgAttendee.company,
      title: orgAttendee.title,
      interests: orgAttendee.interests,
      joinedAt: orgAttendee.createdAt,
      news: sql<number | null>`(select k.given from org_mail_consent k
        where k.event_id = ${outer(orgAttendee.eventId)} and k.email = ${outer(orgAttendee.email)} order by k.id desc limit 1)`,
    })
    .from(orgAttendee)
    .where(and(eq(orgAttendee.eventId, eventId), eq(orgAttendee.listed, true)))
    .orderBy(asc(orgAttendee.name));
  const consents = new Map<number, Date>();
  for (const ids of chunk(rows.map((r) => r.id))) {
    const found = await db
      .select({ id: orgConsent.attendeeId, at: sql<number>`max(${orgConsent.createdAt})` })
      .from(orgConsent)
      .where(and(eq(orgConsent.eventId, eventId), inArray(orgConsent.attendeeId, ids)))
      .groupBy(orgConsent.attendeeId);
    for (const f of found) if (f.id) consents.set(f.id, new Date(f.at));
  }
  return rows.map(({ news, email, phone, ...r }) => ({
    ...r,
    news: Boolean(news),
    email: news ? email : "",
    phone: news ? (phone ?? "") : "",
    consentAt: consents.get(r.id) ?? r.joinedAt,
  }));
}

/** A published event in the shape of the landing page's event cards. */
export function asPublicEvent(e: PublicOrgEvent): PublicEventCard {
  const [date = "", time = ""] = e.startsAt.split("T");
  const [, endTime = ""] = e.endsAt.split("T");
  return {
    id: e.slug,
    href: `/e/${e.slug}`,
    title: e.title,
    description: e.description,
    date,
    starts: time,
    ends: endTime,
    timeZone: e.timeZone,
    showZone: true,
    location: e.venue ?? e.platform ?? "Online",
    attendees: e.attendees,
    type: e.type,
    status: e.status,
    aiRecommendation: "",
  };
}
