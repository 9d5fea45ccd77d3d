import { and, desc, eq, sql } from "drizzle-orm";
import { notification } from "~db/schema";
import type { Database, Owner } from "../db/db.server";

/** The unread count as a query, for a loader that sends it in one D1 batch with others. */
export const unreadQuery = (db: Database, userId: Owner) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.read, false)));

export function listNotifications(db: Database, userId: string) {
  return db
    .select()
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(200);
}

/**
 * Notifications not yet shown as a toast, marked shown in the same call so each appears once,
 * on the owner's next page view.
 */
export async function takeUntoasted(db: Database, userId: string) {
  return (await untoastedUpdate(db, userId)).slice(-3);
}

/** takeUntoasted as a statement for a D1 batch; keep the last three of what it answers. */
export function untoastedUpdate(db: Database, userId: Owner) {
  return db
    .update(notification)
    .set({ toasted: true })
    .where(and(eq(notification.userId, userId), eq(notification.toasted, false)))
    .returning({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      actionLabel: notification.actionLabel,
      actionUrl: notification.actionUrl,
    });
}

/** Read is one-way: nothing here marks a notification unread. */
export function markRead(db: Database, userId: string, id?: number) {
  return db
    .update(notification)
    .set({ read: true })
    .where(and(eq(notification.userId, userId), id === undefined ? undefined : eq(notification.id, id)));
}

export function removeNotification(db: Database, userId: string, id?: number) {
  return db
    .delete(notification)
    .where(and(eq(notification.userId, userId), id === undefined ? undefined : eq(notification.id, id)));
}
