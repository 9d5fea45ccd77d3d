import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/days";
import { localDay } from "~/lib/rhythm";
import { zonedToUtc } from "~/lib/time";
import { connection, sharedContact } from "~db/schema";
import { type SettingsRows, settingsFrom } from "../account/settings.server";
import { cardStats, listCards } from "../cards/cards.server";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database } from "../db/db.server";
import { unacknowledgedGifts } from "../fundraising/gifts.server";
import { latestNotifications } from "../people/list.server";
import { dueFollowUps } from "./reminders.server";
import { dueFrom, listTagRhythms, rhythmCandidates, rhythmsFrom } from "./rhythm.server";

export const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60 * 1000;

/** An owner and a moment (ms since the epoch, or a day): the window or bound each read needs. */
type At = Slots<"userId" | "at">;
type Owned = Slots<"userId">;

/** The dashboard's reads, each built once per isolate and bound per request (compiled.server.ts); times in ms. */
const reads = {
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
      .where(and(eq(sharedContact.recipientUserId, slot.userId), gt(sharedContact.createdAt, slot.at)))
      .orderBy(desc(sharedContact.createdAt))
      .limit(200),
  ),
  stats: compiled((db, slot: At) => cardStats(db, slot.userId, slot.at)),
  notifications: compiled((db, slot: Owned) => latestNotifications(db, slot.userId)),
  dueSoon: compiled((db, slot: At) => dueFollowUps(db, slot.userId, slot.at)),
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
      .where(eq(connection.userId, slot.userId))
      .orderBy(desc(connection.createdAt), desc(connection.id))
      .limit(5),
  ),
  cards: compiled((db, slot: Owned) => listCards(db, slot.userId)),
  // People, not submissions: someone who shared back three times this week counts once.
  sharers: compiled((db, slot: At) =>
    db
      .select({ people: sql<number>`count(distinct ${sharedContact.connectionId})` })
      .from(sharedContact)
      .where(and(eq(sharedContact.recipientUserId, slot.userId), gte(sharedContact.createdAt, slot.at))),
  ),
  unthanked: compiled((db, slot: Owned) => unacknowledgedGifts(db, slot.userId)),
  tagRules: compiled((db, slot: Owned) => listTagRhythms(db, slot.userId)),
  candidates: compiled((db, slot: At) => rhythmCandidates(db, slot.userId, slot.at)),
};

/**
 * What the owner sees first: follow-ups due, who shared back inside the 48-hour window, who they met lately,
 * this week's card counts, and who to reconnect with by the end of `reconnectDays` (at most `reconnectLimit`).
 * `settingsRows` are the owner's settings as the signed-in shell read them.
 */
export async function dashboardSummary(
  db: Database,
  userId: string,
  settingsRows: SettingsRows,
  now = new Date(),
  { reconnectDays = 6, reconnectLimit = 10 } = {},
) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString().slice(0, 10);
  const at = (at: number | string) => ({ userId, at });
  // One D1 round trip for every read. The end of the owner's day is at most a day away whatever their
  // zone, so follow-ups are read up to then and cut at the end of their day once the zone is known.
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
  ] = await db.batch([
    reads.shares(db, at(now.getTime() - FOLLOW_UP_WINDOW_MS)),
    reads.stats(db, at(weekAgo)),
    reads.notifications(db, { userId }),
    reads.dueSoon(db, at(now.getTime() + DAY_MS)),
    reads.recentConnections(db, { userId }),
    reads.cards(db, { userId }),
    reads.sharers(db, at(Date.parse(`${weekAgo}T00:00:00Z`))),
    reads.unthanked(db, { userId }),
    // Who is due is worked out once the zone is known; the reads need only the clock.
    reads.tagRules(db, { userId }),
    reads.candidates(db, at(now.getTime() - 7 * DAY_MS)),
  ]);
  const settings = settingsFrom(settingsRows, userId);
  const today = localDay(now, settings.timeZone);
  const endOfToday = zonedToUtc(`${today}T23:59`, settings.timeZone) ?? new Date(now.getTime() + DAY_MS);
  const followUps = dueSoon.filter((f) => f.dueAt.getTime() <= endOfToday.getTime());
  // The latest share per person; repeats are on the person's page.
  const seen = new Set<number | null>();
  const recentShares = shares
    .filter((s) => (s.connectionId === null || !seen.has(s.connectionId)) && seen.add(s.connectionId))
    .slice(0, 20);
  return {
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
