import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

describe("the team directory and sign-in rule migrations (0071, 0072)", () => {
  it("keep every seeded workspace and session, require nothing of existing teams, and hold a userName once per team", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.startsWith("0071"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const workspaces = (await db.prepare("select id, kind, name from workspace order by id").all()).results;
    const sessions = (await db.prepare("select id, user_id, token from session order by id").all()).results;
    expect(workspaces.length).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    expect((await db.prepare("select id, kind, name from workspace order by id").all()).results).toEqual(workspaces);
    expect(
      (await db.prepare("select id, user_id, token, sso_workspace_id from session order by id").all()).results,
    ).toEqual(sessions.map((s) => ({ ...s, sso_workspace_id: null })));
    expect(await db.prepare("select count(*) as n from workspace where require_second_factor <> 0").first("n")).toBe(0);

    // One userName per team, and one SCIM row per account in a team, whatever the order of two directories' calls.
    await db.prepare("insert into user (id, name, email) values ('u-dir', 'Dir User', 'dir@acme.test')").run();
    const userA = await db
      .prepare("select id from user where id <> 'u-dir' order by id limit 1")
      .first<{ id: string }>();
    const userB = { id: "u-dir" };
    const team = String(workspaces[0]?.id);
    const insert = (id: string, user: string | undefined, name: string) =>
      db
        .prepare("insert into scim_user (id, workspace_id, user_id, user_name) values (?, ?, ?, ?)")
        .bind(id, team, user, name)
        .run();
    await insert("s1", userA?.id, "ada@acme.test");
    await expect(insert("s2", userB?.id, "ada@acme.test")).rejects.toThrow(/UNIQUE/);
    await expect(insert("s3", userA?.id, "other@acme.test")).rejects.toThrow(/UNIQUE/);
    // A workspace's deletion takes its directory rows with it.
    await db
      .prepare("insert into scim_group (id, workspace_id, display_name) values ('g1', ?, 'Sales')")
      .bind(team)
      .run();
    await db.prepare("insert into scim_group_member (group_id, scim_user_id) values ('g1', 's1')").run();
    await db.prepare("delete from scim_user where id = 's1'").run();
    expect(await db.prepare("select count(*) as n from scim_group_member").first("n")).toBe(0);
  });
});
