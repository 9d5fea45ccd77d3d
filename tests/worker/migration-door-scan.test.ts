import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, d1RowCounts, seedAsOf } from "../seed-as-of";

describe("the door scan keys migration (0090)", () => {
  it("adds the keys' table to the seeded database, losing no row of any other, and keeps each key once", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0090"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const before = await d1RowCounts(db);
    expect(Object.values(before).some((n) => n > 0)).toBe(true);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = await d1RowCounts(db);
    for (const [table, rows] of Object.entries(before)) expect(after[table], table).toBe(rows);
    expect(after.org_door_scan).toBe(0);
    // A key is stored once: the second insert of the same key is refused by the database.
    const event = await db.prepare("select id from org_event limit 1").first<{ id: number }>();
    if (event) {
      const insert = () =>
        db
          .prepare(
            "insert into org_door_scan (key, event_id, claim, created_at) values ('k-0123456789abcdef', ?, 'c', 1)",
          )
          .bind(event.id)
          .run();
      await insert();
      await expect(insert()).rejects.toThrow(/UNIQUE|PRIMARY KEY/);
    }
  });
});
