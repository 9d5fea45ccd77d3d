import { and, asc, eq, isNull, lte, or, type SQLWrapper, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/time/days";
import { connection, reminder, userSettings } from "~db/schema";
import { compiled, type Slots } from "../db/compiled.server";
import type { Database } from "../db/db.server";
import { seesPersonById, type Viewer } from "../people/access.server";
import { notifyWorkspace } from "../platform/notifications.server";

export const REMINDER_TYPES = ["Call", "Email", "Meeting", "General"] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export async function createReminder(
  db: Database,
  userId: string,
  input: { connectionId: number | null; type: ReminderType; dueAt: Date; notes: string | null },
) {
  if (input.connectionId !== null) {
    const [owned] = await db
      .select({ id: connection.id })
      .from(connection)
      .where(and(eq(connection.id, input.connectionId), eq(connection.userId, userId)));
    if (!owned) return null;
  }
  const [row] = await db
    .insert(reminder)
    .values({ userId, ...input })
    .returning({ id: reminder.id });
  return row?.id ?? null;
}

export function remindersFor(db: Database, userId: string, connectionId: number) {
  return remindersRead(db, { userId, connectionId });
}

// Built once per isolate (compiled.server.ts).
const remindersRead = compiled((db, slot: Slots<"userId" | "connectionId">) =>
  db
    .select()
    .from(reminder)
    .where(and(eq(reminder.userId, slot.userId), eq(reminder.connectionId, slot.connectionId)))
    .orderBy(asc(reminder.done), asc(reminder.dueAt)),
);

/** Open follow-ups due by the end of the owner's day, overdue ones first: the viewer's own, and of people they see (0234). */
export function dueFollowUps(db: Database, viewer: Viewer, until: Date | SQLWrapper) {
  return db
    .select({
      id: reminder.id,
      type: reminder.type,
      dueAt: reminder.dueAt,
      notes: reminder.notes,
      connectionId: reminder.connectionId,
      name: connection.name,
    })
    .from(reminder)
    .leftJoin(connection, eq(connection.id, reminder.connectionId))
    .where(
      and(
        eq(reminder.userId, viewer.workspaceId),
        eq(reminder.done, false),
        lte(reminder.dueAt, until),
        or(eq(reminder.ownerId, viewer.userId), seesPersonById(viewer, reminder.connectionId)),
      ),
    )
    .orderBy(asc(reminder.dueAt))
    .limit(50);
}

/** What a calendar entry needs of a reminder, with the person's name. */
const REMINDER_VIEW = {
  id: reminder.id,
  type: reminder.type,
  dueAt: reminder.dueAt,
  notes: reminder.notes,
  updatedAt: reminder.updatedAt,
  name: connection.name,
};

export function openReminders(db: Database, userId: string) {
  return db
    .select(REMINDER_VIEW)
    .from(reminder)
    .leftJoin(connection, eq(connection.id, reminder.connectionId))
    .where(and(eq(reminder.userId, userId), eq(reminder.done, false)))
    .orderBy(asc(reminder.dueAt))
    .limit(500);
}

export async function getReminder(db: Database, userId: string, id: number) {
  const [row] = await db
    .select(REMINDER_VIEW)
    .from(reminder)
    .leftJoin(connection, eq(connection.id, reminder.connectionId))
    .where(and(eq(reminder.id, id), eq(reminder.userId, userId)));
  return row;
}

export function setReminderDone(db: Database, userId: string, id: number) {
  return db
    .update(reminder)
    .set({ done: true })
    .where(and(eq(reminder.id, id), eq(reminder.userId, userId)));
}

/** Moves a reminder a day later and lets the scheduler notify about it again. */
export function snoozeReminder(db: Database, userId: string, id: number, by = DAY_MS) {
  return db
    .update(reminder)
    .set({ dueAt: sql`${reminder.dueAt} + ${by}`, notifiedAt: null })
    .where(and(eq(reminder.id, id), eq(reminder.userId, userId)));
}

export function deleteReminder(db: Database, userId: string, id: number) {
  return db.delete(reminder).where(and(eq(reminder.id, id), eq(reminder.userId, userId)));
}

/** The scheduled handler's part: due, open, not yet notified reminders become notifications, once. */
export async function notifyDueReminders(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({
      id: reminder.id,
      userId: reminder.userId,
      type: reminder.type,
      notes: reminder.notes,
      connectionId: reminder.connectionId,
      name: connection.name,
      wants: userSettings.notifyReminders,
    })
    .from(reminder)
    .leftJoin(connection, eq(connection.id, reminder.connectionId))
    .leftJoin(userSettings, eq(userSettings.userId, reminder.userId))
    .where(and(eq(reminder.done, false), isNull(reminder.notifiedAt), lte(reminder.dueAt, now)))
    .limit(200);
  if (due.length === 0) return 0;
  const statements = due.flatMap((r) => {
    const mark = db.update(reminder).set({ notifiedAt: now }).where(eq(reminder.id, r.id));
    if (r.wants === false) return [mark];
    return [
      mark,
      notifyWorkspace(db, r.userId, {
        title: `${r.type} ${r.name ?? "follow-up"}`.trim(),
        message: r.notes ?? "A follow-up you planned is due.",
        type: "warning",
        actionLabel: r.connectionId ? "Open contact" : null,
        actionUrl: r.connectionId ? `/connections/${r.connectionId}` : null,
      }),
    ];
  });
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return due.length;
}
