import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { seedAsOf, sqliteColumns } from "../seed-as-of";

const dir = path.join(import.meta.dirname, "../../migrations");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort();
const apply = (db: DatabaseSync, file: string) => {
  for (const statement of readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint"))
    if (statement.trim()) db.exec(statement);
};
const counts = (db: DatabaseSync) => {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
  );
};
const plan = (db: DatabaseSync, sql: string) =>
  (db.prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join("\n");

describe("owner paging indexes migration", () => {
  it("keeps every row of a seeded database, and pages an owner's rows as a range, not a sort", async () => {
    const db = new DatabaseSync(":memory:");
    const index = files.findIndex((f) => f.includes("owner_paging_indexes"));
    expect(index).toBeGreaterThan(0);
    for (const file of files.slice(0, index)) apply(db, file);
    db.exec(await seedAsOf(sqliteColumns(db)));
    const before = counts(db);
    expect(before.contact_point).toBeGreaterThan(0);
    const page = (table: string) =>
      `select * from ${table} where user_id = 'u' and rowid > 5 order by rowid limit 1000`;
    expect(plan(db, page("contact_point"))).toContain("TEMP B-TREE");
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    for (const table of ["contact_point", "person_history", "interaction"]) {
      expect(plan(db, page(table)), table).toContain(`${table}_user_idx (user_id=? AND rowid>?)`);
      expect(plan(db, page(table)), table).not.toContain("TEMP B-TREE");
    }
    expect(
      plan(
        db,
        "select id from connection where user_id = 'u' and (updated_at, id) > (5, 7) order by updated_at, id limit 101",
      ),
    ).toContain("connection_user_updated_idx (user_id=? AND updated_at>?)");
    expect(
      plan(db, "select distinct event_name from connection where user_id = 'u' and event_name is not null order by 1"),
    ).toContain("COVERING INDEX connection_user_event_idx");
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});
