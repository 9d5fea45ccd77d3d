import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { seedAsOf, sqliteColumns } from "./seed-as-of";

/** Migration checks on node's own SQLite (unit tests); the worker tests use D1 and seed-as-of.ts alone. */

const MIGRATIONS = path.join(import.meta.dirname, "../migrations");

/** The migration files in the order wrangler applies them. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort();
}

/** Applies one migration file statement by statement, as wrangler does. */
export function applyMigration(db: DatabaseSync, file: string) {
  for (const statement of readFileSync(path.join(MIGRATIONS, file), "utf8").split("--> statement-breakpoint"))
    if (statement.trim()) db.exec(statement);
}

/** Rows per table: a migration that keeps every row leaves this unchanged for the tables it had. */
export function tableCounts(db: DatabaseSync): Record<string, number> {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
  );
}

/**
 * A node SQLite database migrated up to (not including) the first migration whose name contains `name`,
 * holding the demo seed as it was then; `index` is that migration's place in `files`.
 */
export async function seededBefore(name: string) {
  const files = migrationFiles();
  const index = files.findIndex((f) => f.includes(name));
  if (index < 1) throw new Error(`no migration named like ${name} after the first`);
  const db = new DatabaseSync(":memory:");
  for (const file of files.slice(0, index)) applyMigration(db, file);
  db.exec(await seedAsOf(sqliteColumns(db)));
  return { db, files, index, file: files[index] as string };
}
