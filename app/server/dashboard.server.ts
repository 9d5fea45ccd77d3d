import { and, desc, eq, gt } from "drizzle-orm";
import { zonedToUtc } from "~/lib/time";
import { sharedContact } from "~db/schema";
import { cardStats } from "./cards.server";
import { latestNotifications } from "./connections.server";
import type { Database } from "./db.server";
import { dueFollowUps } from "./reminders.server";
import { getSettings } from "./settings.server";

export const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60 * 1000;

/** What the owner sees first: who shared back inside the 48-hour window, and this week's card counts. */
export async function dashboardSummary(db: Database, userId: string, now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const settings = await getSettings(db, userId);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: settings.timeZone }).format(now);
  const endOfToday = zonedToUtc(`${today}T23:59`, settings.timeZone) ?? new Date(now.getTime() + 86_400_000);
  const [recentShares, [stats], notifications, followUps] = await Promise.all([
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
      .limit(20),
    cardStats(db, userId, weekAgo),
    latestNotifications(db, userId),
    dueFollowUps(db, userId, endOfToday),
  ]);
  return {
    recentShares,
    notifications,
    followUps,
    timeZone: settings.timeZone,
    stats: stats ?? { views: 0, saves: 0, shares: 0 },
  };
}
