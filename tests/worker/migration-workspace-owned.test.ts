import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

/** Every table's rows, each table sorted, as D1 gives them back. */
async function everyRow(db: D1Database) {
  const { results } = await db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations' order by name",
    )
    .all<{ name: string }>();
  const out: Record<string, string[]> = {};
  for (const { name } of results)
    out[name] = (await db.prepare(`select * from "${name}"`).all()).results.map((r) => JSON.stringify(r)).sort();
  return out;
}

describe("the workspace-owned tables migration on D1", () => {
  it("rebuilds the tables without a cascade reaching a child row, and an account's deletion still takes its rows", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("workspace_owned"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    // Rows on each level below a moving table: a gift of a campaign to a person, a pledge's instalment, a click.
    const owner = await db.prepare("select user_id as id from card order by id limit 1").first<string>("id");
    const person = await db
      .prepare("select id from connection where user_id = ? limit 1")
      .bind(owner)
      .first<number>("id");
    expect(person).not.toBeNull();
    const campaign = await db
      .prepare("select id from campaign where user_id = ? limit 1")
      .bind(owner)
      .first<string>("id");
    expect(campaign).not.toBeNull();
    const gift = await db
      .prepare(
        "insert into gift (user_id, connection_id, campaign_id, amount, currency, date, method, source, external_key) values (?, ?, ?, 2500, 'USD', '2026-11-01', 'cash', 'manual', 'k-0047') returning id",
      )
      .bind(owner, person, campaign)
      .first<number>("id");
    expect(gift).not.toBeNull();
    const before = await everyRow(db);
    expect(before.gift?.length).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at, at + 1));

    const after = await everyRow(db);
    // Nothing cut from its parent (a gift keeps its campaign and its person), nothing lost, nothing added.
    expect(after).toEqual(before);
    expect((await db.prepare("pragma foreign_key_check").all()).results).toEqual([]);
    const reference = await db.prepare("pragma foreign_key_list(card)").all<{ from: string; table: string }>();
    expect(reference.results.map((r) => `${r.from} ${r.table}`)).toEqual(["user_id workspace"]);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at + 1));
    // The seed's team is the owner's alone, and an only owner's account cannot go while it stands (0054): it goes first.
    await db
      .prepare(
        "delete from workspace where kind = 'team' and id in (select workspace_id from member where user_id = ? and role = 'owner')",
      )
      .bind(owner)
      .run();
    await db.prepare("delete from user where id = ?").bind(owner).run();
    for (const table of ["card", "connection", "campaign", "gift", "contact_point"])
      expect([
        table,
        await db.prepare(`select count(*) as n from "${table}" where user_id = ?`).bind(owner).first("n"),
      ]).toEqual([table, 0]);
  });
});
