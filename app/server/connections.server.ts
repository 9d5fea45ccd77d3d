import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { connection, notification } from "~db/schema";
import type { Database } from "./db.server";

export const PAGE_SIZE = 25;

// D1 refuses LIKE patterns over 50 bytes, so the escaped term is cut to fit with its two wildcards.
const MAX_PATTERN_BYTES = 48;
function likeTerm(term: string): string {
  let out = "";
  for (const ch of term) {
    const next = out + (/[\\%_]/.test(ch) ? `\\${ch}` : ch);
    if (new TextEncoder().encode(next).byteLength > MAX_PATTERN_BYTES) break;
    out = next;
  }
  return out;
}

/** One page of the owner's connections, newest first, optionally matching a search. */
export async function listConnections(
  db: Database,
  userId: string,
  { q = "", page = 1 }: { q?: string; page?: number },
) {
  const term = likeTerm(q.trim());
  const pattern = `%${term}%`;
  const match = term
    ? or(
        sql`${connection.name} like ${pattern} escape '\\'`,
        sql`${connection.company} like ${pattern} escape '\\'`,
        sql`${connection.email} like ${pattern} escape '\\'`,
        sql`${connection.notes} like ${pattern} escape '\\'`,
      )
    : undefined;
  const where = and(eq(connection.userId, userId), match);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: connection.id,
        name: connection.name,
        title: connection.title,
        company: connection.company,
        email: connection.email,
        priority: connection.priority,
        status: connection.status,
        tags: connection.tags,
        eventName: connection.eventName,
        createdAt: connection.createdAt,
      })
      .from(connection)
      .where(where)
      .orderBy(desc(connection.createdAt), desc(connection.id))
      .limit(PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * PAGE_SIZE),
    db.select({ n: sql<number>`count(*)` }).from(connection).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The owner's connection, or undefined: never another account's. */
export async function getConnection(db: Database, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)));
  return row;
}

export type ConnectionUpdate = Partial<
  Pick<
    typeof connection.$inferInsert,
    | "name"
    | "title"
    | "company"
    | "email"
    | "phone"
    | "website"
    | "linkedin"
    | "tags"
    | "priority"
    | "status"
    | "strength"
    | "context"
    | "eventName"
    | "notes"
  >
>;

export async function updateConnection(db: Database, userId: string, id: number, values: ConnectionUpdate) {
  const rows = await db
    .update(connection)
    .set(values)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id });
  return rows.length > 0;
}

export async function deleteConnection(db: Database, userId: string, id: number) {
  const rows = await db
    .delete(connection)
    .where(and(eq(connection.id, id), eq(connection.userId, userId)))
    .returning({ id: connection.id });
  return rows.length > 0;
}

export function latestNotifications(db: Database, userId: string, limit = 5) {
  return db
    .select({
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      read: notification.read,
      actionLabel: notification.actionLabel,
      actionUrl: notification.actionUrl,
      createdAt: notification.createdAt,
    })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit);
}

/** Everything the owner has, or the chosen ids, for export. */
export function connectionsForExport(db: Database, userId: string, ids: number[] | null) {
  return db
    .select()
    .from(connection)
    .where(and(eq(connection.userId, userId), ids ? inArray(connection.id, ids) : undefined))
    .orderBy(desc(connection.createdAt))
    .limit(50_000);
}
