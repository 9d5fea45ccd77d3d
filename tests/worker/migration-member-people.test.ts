import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, d1RowCounts, seedAsOf } from "../seed-as-of";

describe("the members' kept people counts migration (0094)", () => {
  it("loses no row of the seeded database and counts each member's people as a real count does", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0094"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    // A team of three whose people are met, owned and shared every way: by one, by two, by nobody, shared or not.
    const users = ["u-mp1", "u-mp2", "u-mp3"];
    await db.batch([
      ...users.map((u) => db.prepare("insert into user (id, name, email) values (?, ?, ?)").bind(u, u, `${u}@mp.test`)),
      db.prepare("insert into workspace (id, kind, name) values ('team_mp', 'team', 'Counted')"),
      ...users.map((u, i) =>
        db
          .prepare("insert into member (workspace_id, user_id, role) values ('team_mp', ?, ?)")
          .bind(u, i ? "member" : "owner"),
      ),
      db.prepare(`with recursive n(i) as (select 0 union all select i + 1 from n where i < 59)
        insert into connection (user_id, name, met_by, owner_id, shared)
        select 'team_mp', 'P' || i, case i % 4 when 3 then null else 'u-mp' || (1 + i % 3) end,
          'u-mp' || (1 + (i / 4) % 3), i % 5 = 0 from n`),
    ]);
    const before = await d1RowCounts(db);
    expect(before.connection).toBeGreaterThan(60);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = await d1RowCounts(db);
    for (const [table, rows] of Object.entries(before)) expect(after[table], table).toBe(rows);
    expect(after.member_people).toBeGreaterThan(0);
    // Every workspace's shared count, and every (workspace, user) the people name: kept equals counted.
    const mismatched = await db
      .prepare(
        `with pairs as (select user_id as w, owner_id as u from connection where owner_id is not null
            union select user_id, met_by from connection where met_by is not null)
        select w, u,
          coalesce((select shared from people_stats where user_id = w), 0)
            + coalesce((select people from member_people where workspace_id = w and user_id = u), 0) as kept,
          (select count(*) from connection c where c.user_id = w and (c.owner_id = u or c.met_by = u or c.shared = 1)) as real
        from pairs where kept <> real`,
      )
      .all();
    expect(mismatched.results).toEqual([]);
    const pairs = await db.prepare("select count(*) as n from member_people where workspace_id = 'team_mp'").first("n");
    expect(pairs).toBe(3);
    expect(
      await db
        .prepare(
          "select count(*) as n from people_stats where shared <> (select count(*) from connection c where c.user_id = people_stats.user_id and c.shared = 1)",
        )
        .first("n"),
    ).toBe(0);
  });
});
