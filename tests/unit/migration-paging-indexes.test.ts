import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, migrationFiles, seededBefore } from "../sqlite-migrations";

const files = migrationFiles();
const plan = (db: DatabaseSync, sql: string) =>
  (db.prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join("\n");

describe("owner paging indexes migration", () => {
  it("keeps every row of a seeded database, and pages an owner's rows as a range, not a sort", async () => {
    const { db, index } = await seededBefore("owner_paging_indexes");
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
