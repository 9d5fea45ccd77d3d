import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/days";
import { localDay } from "~/lib/rhythm";
import { zonedToUtc } from "~/lib/time";
import { connection, sharedContact } from "~db/schema";
import { settingsFrom, settingsQuery } from "../account/settings.server";
import { cardStats, listCards } from "../cards/cards.server";
import type { Database } from "../db/db.server";
import { unacknowledgedGifts } from "../fundraising/gifts.server";
import { latestNotifications } from "../people/list.server";
import { dueFollowUps } from "./reminders.server";
import { dueFrom, rhythmReads, rhythmsFrom } from "./rhythm.server";

export const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * What the owner sees first: follow-ups due, who shared back inside the 48-hour window, who they met lately,
 * this week's card counts, and who to reconnect with by the end of `reconnectDays` (at most `reconnectLimit`).
 */
export async function dashboardSummary(
  db: Database,
  userId: string,
  now = new Date(),
  { reconnectDays = 6, reconnectLimit = 10 } = {},
) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString().slice(0, 10);
  // One D1 round trip for every read. The end of the owner's day is at most a day away whatever their
  // zone, so follow-ups are read up to then and cut at the end of their day once the zone is known.
  const [
    settingsRows,
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
    settingsQuery(db, userId),
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
      .where(
        and(
          eq(sharedContact.recipientUserId, userId),
          gt(sharedContact.createdAt, new Date(now.getTime() - FOLLOW_UP_WINDOW_MS)),
        ),
      )
      .orderBy(desc(sharedContact.createdAt))
      .limit(200),
    cardStats(db, userId, weekAgo),
    latestNotifications(db, userId),
    dueFollowUps(db, userId, new Date(now.getTime() + DAY_MS)),
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
      .where(eq(connection.userId, userId))
      .orderBy(desc(connection.createdAt), desc(connection.id))
      .limit(5),
    listCards(db, userId),
    // People, not submissions: someone who shared back three times this week counts once.
    db
      .select({ people: sql<number>`count(distinct ${sharedContact.connectionId})` })
      .from(sharedContact)
      .where(
        and(eq(sharedContact.recipientUserId, userId), gte(sharedContact.createdAt, new Date(`${weekAgo}T00:00:00Z`))),
      ),
    unacknowledgedGifts(db, userId),
    // Who is due is worked out once the zone is known; the reads need only the clock.
    ...rhythmReads(db, userId, now),
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
