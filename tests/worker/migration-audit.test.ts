import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

/** Every table's row count, by name. */
async function counts(db: D1Database): Promise<Record<string, number>> {
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

describe("the team audit log and account-deletion migrations", () => {
  it("keeps every seeded row, and keeps an entry readable once its author's account is gone", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("workspace_audit"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const before = await counts(db);
    expect(before.user).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at, at + 1));
    const after = await counts(db);
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
    const before54 = await counts(db);
    const at54 = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("team_owner_account_deletion"));
    expect(at54).toBeGreaterThan(at);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at + 1, at54 + 1));
    expect(await counts(db)).toEqual(before54);
    // The team going takes its log with it.
    await db.prepare("delete from workspace where id = 'team_migration_check'").run();
    expect(await db.prepare("select count(*) as n from workspace_audit").first()).toEqual({ n: 0 });
  });
});
