import type { DatabaseSync } from "node:sqlite";
import { seedSql } from "../database/seed";

/** The columns of a table in the database under test, empty when it has no such table. */
export type ColumnsOf = (table: string) => Promise<string[]> | string[];

const INSERT = /^INSERT(?: OR \w+)? INTO "?(\w+)"? \(([^)]*)\)/i;
const UPDATE = /^UPDATE "?(\w+)"? SET (.*?) WHERE /i;
/** Every table a statement reads (FROM or JOIN), but table-valued functions such as json_each(…). */
const READS = /\b(?:FROM|JOIN) "?(\w+)"?(?!\w|"?\s*\()/g;

/**
 * The demo seed as a database at an earlier migration could hold it: each statement whose table or
 * columns that database does not have yet, or that reads (FROM, JOIN) a table it does not have yet, is left out. Migration tests use it to rebuild "the seeded
 * database as it was" without listing every later table by hand. The seed writes one statement a line.
 */
export async function seedAsOf(columnsOf: ColumnsOf): Promise<string> {
  const known = new Map<string, Set<string>>();
  const columns = async (table: string) => {
    const set = known.get(table) ?? new Set(await columnsOf(table));
    known.set(table, set);
    return set;
  };
  const fits = async (line: string) => {
    for (const [, table] of line.matchAll(READS)) if ((await columns(table as string)).size === 0) return false;
    const insert = INSERT.exec(line);
    if (insert) {
      const have = await columns(insert[1] as string);
      return (insert[2] as string).split(",").every((c) => have.has(c.trim().replaceAll('"', "")));
    }
    const update = UPDATE.exec(line);
    if (update) {
      const have = await columns(update[1] as string);
      const set = [...(update[2] as string).matchAll(/(?:^|,\s*)"?(\w+)"? = /g)].map((m) => m[1] as string);
      return set.every((c) => have.has(c));
    }
    return line.trim() !== "";
  };
  const out: string[] = [];
  for (const line of (await seedSql()).split("\n")) if (await fits(line)) out.push(line);
  return out.join("\n");
}

/** `ColumnsOf` for D1 (the Workers pool's migration database). */
export const d1Columns =
  (db: D1Database): ColumnsOf =>
  async (table) =>
    (await db.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>()).results.map((r) => r.name);

/** `ColumnsOf` for node's own SQLite (the unit tests' migration checks). */
export const sqliteColumns =
  (db: DatabaseSync): ColumnsOf =>
  (table) =>
    (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((r) => r.name);

/** Every table's row count in a D1 database, by name: a migration test compares them before and after. */
export async function d1RowCounts(db: D1Database): Promise<Record<string, number>> {
  const tables = (
    await db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations' order by name",
      )
      .all<{ name: string }>()
  ).results.map((t) => t.name);
  const out: Record<string, number> = {};
  for (const name of tables)
    out[name] = (await db.prepare(`select count(*) as n from "${name}"`).first<{ n: number }>())?.n ?? 0;
  return out;
}
