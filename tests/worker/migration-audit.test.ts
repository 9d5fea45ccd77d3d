import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, d1RowCounts, seedAsOf } from "../seed-as-of";

describe("the team audit log and account-deletion migrations", () => {
  it("keeps every seeded row, and keeps an entry readable once its author's account is gone", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("workspace_audit"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const before = await d1RowCounts(db);
    expect(before.user).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at, at + 1));
    const after = await d1RowCounts(db);
    expect(after).toEqual({ ...before, workspace_audit: 0 });

    // An entry by an account in a team: the account goes, the entry stays with the name it had.
    const author = { id: "audit-author", name: "Ana Author" };
    await db.batch([
      db
        .prepare("insert into user (id, name, email) values (?, ?, 'ana.author@example.org')")
        .bind(author.id, author.name),
      db.prepare("insert into workspace (id, kind, name) values ('team_migration_check', 'team', 'Check')"),
      db
        .prepare(
          "insert into workspace_audit (workspace_id, actor_id, actor_name, actor_email, action) select 'team_migration_check', id, name, email, 'team.created' from user where id = ?",
        )
        .bind(author.id),
    ]);
    await db.prepare("delete from user where id = ?").bind(author.id).run();
    expect(
      await db
        .prepare("select actor_id, actor_name from workspace_audit where workspace_id = 'team_migration_check'")
        .first(),
    ).toEqual({ actor_id: null, actor_name: author.name });
    // The account-deletion rule (0054) adds a trigger and changes no row.
    const before54 = await d1RowCounts(db);
    const at54 = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("team_owner_account_deletion"));
    expect(at54).toBeGreaterThan(at);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at + 1, at54 + 1));
    expect(await d1RowCounts(db)).toEqual(before54);
    // The team going takes its log with it.
    await db.prepare("delete from workspace where id = 'team_migration_check'").run();
    expect(await db.prepare("select count(*) as n from workspace_audit").first()).toEqual({ n: 0 });
  });
});
