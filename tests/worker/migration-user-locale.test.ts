import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

describe("the account language migration", () => {
  it("keeps every seeded account as it was, each with no language yet (read as English)", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0089_"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const before = (await db.prepare("select * from user order by id").all()).results;
    expect(before.length).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = (await db.prepare("select * from user order by id").all()).results;
    expect(after).toEqual(before.map((u) => ({ ...u, locale: null })));
  });
});
