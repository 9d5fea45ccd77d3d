import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

describe("the two-step sign-in and session country migrations", () => {
  it("keeps every seeded account and its sessions, each with two-step sign-in off", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("two_factor"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const users = (await db.prepare("select id, email, email_verified from user order by id").all()).results;
    expect(users.length).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = (await db.prepare("select id, email, email_verified, two_factor_enabled from user order by id").all())
      .results;
    expect(after).toEqual(users.map((u) => ({ ...u, two_factor_enabled: 0 })));
    // The devices list's country (0044) is empty for sessions that began before it.
    const sessionColumns = await d1Columns(db)("session");
    expect(sessionColumns).toContain("country");
    // One authenticator per account, by the unique key.
    const id = String(users[0]?.id);
    await db
      .prepare("insert into two_factor (id, secret, backup_codes, user_id) values ('a', 's', 'b', ?)")
      .bind(id)
      .run();
    await expect(
      db.prepare("insert into two_factor (id, secret, backup_codes, user_id) values ('b', 's', 'b', ?)").bind(id).run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
