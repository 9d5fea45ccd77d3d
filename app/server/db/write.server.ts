import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "./db.server";

export type Statement = BatchItem<"sqlite"> | SQL;
const dialect = new SQLiteSyncDialect();

/**
 * Writes query builders and raw SQL statements in one D1 batch (one transaction: all or nothing).
 * drizzle's own batch cannot take raw SQL, which the JSON-carried bulk statements need.
 */
export async function writeBatch(db: Database, statements: Statement[]) {
  if (!statements.length) return [];
  const d1 = db.$client;
  const prepared = statements.map((s) => {
    const query = "toSQL" in s && typeof s.toSQL === "function" ? s.toSQL() : dialect.sqlToQuery(s as SQL);
    return d1.prepare(query.sql).bind(...query.params);
  });
  // Each statement's result, in order (meta.changes says whether an insert-or-ignore stored anything).
  return d1.batch(prepared);
}

/** Marks a raw SQL statement for writeBatch. */
export const rawSql = (query: SQL): Statement => query;

/** Whether a write failed with this database error (D1 wraps SQLite's message in `cause`). */
export const failedWith = (error: unknown, pattern: RegExp): boolean =>
  error instanceof Error && (pattern.test(error.message) || failedWith(error.cause, pattern));

/** Whether a write broke a unique key: the database's answer to two writers of the same row. */
export const isUniqueViolation = (error: unknown) => failedWith(error, /UNIQUE constraint failed/);
