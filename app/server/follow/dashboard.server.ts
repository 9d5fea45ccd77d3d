import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/time/days";
import { dayInZone, zonedToUtc } from "~/lib/time/time";
import { connection, sharedContact } from "~db/schema";
import { cardStats, listCards } from "../cards/cards.server";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database, Owner, Owners } from "../db/db.server";
import type { PageReads, PageRows } from "../db/page-reads.server";
import { sessionOwner, sessionWorkspace } from "../db/session-sql.server";
import { unacknowledgedGifts } from "../fundraising/gifts.server";
import { peopleOf, type Viewer } from "../people/access.server";
import { latestNotifications } from "../people/list.server";
import { type SettingsRows, settingsFrom } from "../settings/settings.server";
import { dueFollowUps } from "./reminders.server";
import { dueCandidates, dueFrom, listTagRhythms, rhythmsFrom } from "./rhythm.server";

export const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60 * 1000;
/** "Reconnect this week": who is due within this many days of the owner's today, at most this many. */
const RECONNECT_DAYS = 6;
const RECONNECT_LIMIT = 10;

/**
 * The dashboard's reads for the account `owner` names, each built once per isolate and bound per request
 * (compiled.server.ts); times in ms.
 */
function dashboardStatements<O extends string>(owner: (slot: Slots<O>) => Owner, space: (slot: Slots<O>) => Owner) {
  type At = Slots<O | "at">;
  type Owned = Slots<O>;
  // The member reading, in the workspace: people, follow-ups and donors are only those they see (decision 0234).
  const viewer = (slot: Slots<O>): Viewer => ({ workspaceId: space(slot), userId: owner(slot) });
  return {
    shares: compiled((db, slot: At) =>
      db
        .select({
          id: sharedContact.id,
          name: sharedContact.senderName,
          email: sharedContact.senderEmail,
          phone: sharedContact.senderPhone,
          consent: sharedContact.consent,
          connectionId: sharedContact.connectionId,
          createdAt: sharedContact.createdAt,
        })
        .from(sharedContact)
        .where(and(eq(sharedContact.recipientUserId, owner(slot)), gt(sharedContact.createdAt, slot.at)))
        .orderBy(desc(sharedContact.createdAt))
        .limit(200),
    ),
    stats: compiled((db, slot: At) => cardStats(db, space(slot), slot.at)),
    notifications: compiled((db, slot: Owned) => latestNotifications(db, owner(slot))),
    dueSoon: compiled((db, slot: At) => dueFollowUps(db, viewer(slot), slot.at)),
    recentConnections: compiled((db, slot: Owned) =>
      db
        .select({
          id: connection.id,
          name: connection.name,
          title: connection.title,
          company: connection.company,
          eventName: connection.eventName,
          createdAt: connection.createdAt,
        })
        .from(connection)
        .where(peopleOf(viewer(slot)))
        .orderBy(desc(connection.createdAt), desc(connection.id))
        .limit(5),
    ),
    cards: compiled((db, slot: Owned) => listCards(db, space(slot))),
    // People, not submissions: someone who shared back three times this week counts once.
    sharers: compiled((db, slot: At) =>
      db
        .select({ people: sql<number>`count(distinct ${sharedContact.connectionId})` })
        .from(sharedContact)
        .where(and(eq(sharedContact.recipientUserId, owner(slot)), gte(sharedContact.createdAt, slot.at))),
    ),
    unthanked: compiled((db, slot: Owned) => unacknowledgedGifts(db, viewer(slot))),
    tagRules: compiled((db, slot: Owned) => listTagRhythms(db, space(slot))),
    candidates: compiled((db, slot: Slots<O | "at" | "until">) => dueCandidates(db, viewer(slot), slot.at, slot.until)),
  };
}

// Shares and notifications are the user's; everything else the current workspace's (decision 0207).
const byId = dashboardStatements(
  (slot: Slots<"userId" | "workspaceId">) => slot.userId,
  (slot) => slot.workspaceId,
);
const bySession = dashboardStatements(
  (slot: Slots<"token" | "now">) => sessionOwner(slot.token, slot.now),
  (slot) => sessionWorkspace(slot.token, slot.now),
);

/** The week the dashboard counts: from this UTC day a week ago. */
const weekAgoOf = (now: number) => new Date(now - 7 * DAY_MS).toISOString().slice(0, 10);

/**
 * All of the dashboard's reads, for one D1 batch. The end of the owner's day is at most a day away whatever
 * their zone, so follow-ups are read up to then and cut at the end of their day once the zone is known.
 */
function dashboardBatch<O extends string>(
  db: Database,
  reads: ReturnType<typeof dashboardStatements<O>>,
  by: Record<O, string | number>,
  now: number,
) {
  const weekAgo = weekAgoOf(now);
  const at = (at: number | string) => ({ ...by, at });
  return [
    reads.shares(db, at(now - FOLLOW_UP_WINDOW_MS)),
    reads.stats(db, at(weekAgo)),
    reads.notifications(db, by),
    reads.dueSoon(db, at(now + DAY_MS)),
    reads.recentConnections(db, by),
    reads.cards(db, by),
    reads.sharers(db, at(Date.parse(`${weekAgo}T00:00:00Z`))),
    reads.unthanked(db, by),
    // Who is due is worked out once the zone is known; the reads need only the clock.
    reads.tagRules(db, by),
    // Two days past the window's last day: the owner's zone is at most 14 hours away from UTC (dueCandidates).
    reads.candidates(db, { ...by, at: now - 7 * DAY_MS, until: now + (RECONNECT_DAYS + 2) * DAY_MS }),
  ] as const;
}

/** The dashboard's reads: with the session on a load, in the same round trip (decision 0168). */
export const dashboardReads = {
  name: "dashboard",
  bySession: (db, by) => dashboardBatch(db, bySession, by, by.now),
  byId: (db, owners: Owners, now) => dashboardBatch(db, byId, owners, now),
} satisfies PageReads<ReturnType<typeof dashboardBatch>>;

/**
 * What the owner sees first: follow-ups due, who shared back inside the 48-hour window, who they met lately,
 * this week's card counts, and who to reconnect with by the end of `reconnectDays` (at most `reconnectLimit`).
 * `settingsRows` are the owner's settings as the signed-in shell read them; `rows` the dashboard's reads.
 */
export function dashboardSummary(
  userId: string,
  settingsRows: SettingsRows,
  { rows, now: at }: PageRows<ReturnType<typeof dashboardBatch>>,
  { reconnectDays = RECONNECT_DAYS, reconnectLimit = RECONNECT_LIMIT } = {},
) {
  const now = new Date(at);
  const [
    shares,
    [stats],
    notifications,
    dueSoon,
    recentConnections,
    cards,
    [sharers],
    unthanked,
    tagRules,
    candidates,
  ] = rows;
  const settings = settingsFrom(settingsRows, userId);
  const today = dayInZone(now, settings.timeZone);
  const endOfToday = zonedToUtc(`${today}T23:59`, settings.timeZone) ?? new Date(now.getTime() + DAY_MS);
  const followUps = dueSoon.filter((f) => f.dueAt.getTime() <= endOfToday.getTime());
  // The latest share per person; repeats are on the person's page.
  const seen = new Set<number | null>();
  const recentShares = shares
    .filter((s) => (s.connectionId === null || !seen.has(s.connectionId)) && seen.add(s.connectionId))
    .slice(0, 20);
  return {
    // The server's clock goes with the page, so the browser renders the same "due" and "hours left" it was sent.
    now: at,
    recentShares,
    recentConnections,
    notifications,
    followUps,
    timeZone: settings.timeZone,
    country: settings.country,
    onboarding: settings.onboarding,
    cards: { count: cards.length, publishedSlug: cards.find((c) => c.published && c.slug)?.slug ?? null },
    stats: { views: stats?.views ?? 0, saves: stats?.saves ?? 0, sharers: sharers?.people ?? 0 },
    unthanked,
    reconnect: dueFrom(rhythmsFrom([tagRules, candidates], settings.timeZone, now), settings.timeZone, {
      now,
      withinDays: reconnectDays,
      limit: reconnectLimit,
    }),
  };
}
