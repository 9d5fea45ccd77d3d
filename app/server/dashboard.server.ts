import { and, desc, eq, gt } from "drizzle-orm";
import { sharedContact } from "~db/schema";
import { cardStats } from "./cards.server";
import { latestNotifications } from "./connections.server";
import type { Database } from "./db.server";

export const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60 * 1000;

/** What the owner sees first: who shared back inside the 48-hour window, and this week's card counts. */
export async function dashboardSummary(db: Database, userId: string, now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const [recentShares, [stats], notifications] = await Promise.all([
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
  ]);
  return { recentShares, notifications, stats: stats ?? { views: 0, saves: 0, shares: 0 } };
}
