import { and, desc, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import { member, notification } from "~db/schema";
import type { Database, Owner } from "../db/db.server";

type NotificationValues = {
  title: string;
  message: string;
  type: "success" | "info" | "warning" | "error";
  actionLabel?: string | null;
  /** A path, or SQL for one (an id known only inside the batch). */
  actionUrl?: string | SQLWrapper | null;
};

/**
 * A notification about a workspace's row (decision 0207), as one statement for a batch: to the account itself in
 * a personal workspace (its only member, as owner), to a team's owners and admins in a team's.
 */
export const notifyWorkspace = (db: Database, workspaceId: Owner, n: NotificationValues) =>
  db.insert(notification).select(
    db
      // Every column in the table's order, as drizzle's insert-select asks; the defaults written out.
      .select({
        id: sql<number | null>`null`.as("id"),
        userId: member.userId,
        title: sql<string>`${n.title}`.as("title"),
        message: sql<string>`${n.message}`.as("message"),
        type: sql<NotificationValues["type"]>`${n.type}`.as("type"),
        read: sql<boolean>`0`.as("read"),
        toasted: sql<boolean>`0`.as("toasted"),
        actionLabel: sql<string | null>`${n.actionLabel ?? null}`.as("action_label"),
        actionUrl: sql<string | null>`${n.actionUrl ?? null}`.as("action_url"),
        createdAt: sql<Date>`unixepoch('subsec') * 1000`.as("created_at"),
      })
      .from(member)
      .where(and(eq(member.workspaceId, workspaceId), inArray(member.role, ["owner", "admin"]))),
  );

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

/** Removes one notification of the account's (or all with no id); answers how many went. */
export async function removeNotification(db: Database, userId: string, id?: number) {
  const rows = await db
    .delete(notification)
    .where(and(eq(notification.userId, userId), id === undefined ? undefined : eq(notification.id, id)))
    .returning({ id: notification.id });
  return rows.length;
}
