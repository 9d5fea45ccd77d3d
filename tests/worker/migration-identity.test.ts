import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

describe("the identity migrations", () => {
  it("keeps every seeded account and session, a removed passkey takes its sessions, and a proved domain belongs to one team", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("passkeys"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    const sessions = (await db.prepare("select id, user_id, token from session order by id").all()).results;
    const users = (await db.prepare("select id, email from user order by id").all()).results;
    expect(users.length).toBeGreaterThan(0);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    expect((await db.prepare("select id, email from user order by id").all()).results).toEqual(users);
    expect((await db.prepare("select id, user_id, token, passkey_id from session order by id").all()).results).toEqual(
      sessions.map((s) => ({ ...s, passkey_id: null })),
    );

    const userId = String(users[0]?.id);
    const insert = (id: string, credential: string) =>
      db
        .prepare("insert into passkey (id, user_id, name, credential_id, public_key) values (?, ?, 'Phone', ?, 'k')")
        .bind(id, userId, credential)
        .run();
    await insert("p1", "cred-1");
    // One authenticator key, one account.
    await expect(insert("p2", "cred-1")).rejects.toThrow(/UNIQUE/);
    await db
      .prepare("insert into session (id, token, user_id, expires_at, passkey_id) values ('s-pk', 't-pk', ?, 0, 'p1')")
      .bind(userId)
      .run();
    await db.prepare("delete from passkey where id = 'p1'").run();
    expect(await db.prepare("select id from session where id = 's-pk'").first()).toBeNull();

    // The team domain and provider tables (0056) on the same seeded database: a proved domain belongs to one team.
    // One test, not two: the worker tests run in a shuffled order, and this part needs the database built above.
    const seeded = await db.prepare("select id from workspace order by id limit 1").first<{ id: string }>();
    expect(seeded).not.toBeNull();
    await db.prepare("insert into workspace (id, kind, name) values ('team_other', 'team', 'Other')").run();
    const [a, b] = [seeded?.id, "team_other"];
    const add = (id: string, ws: string | undefined, verified: number | null) =>
      db
        .prepare(
          "insert into team_domain (id, workspace_id, domain, token, verified_at) values (?, ?, 'acme.test', 't', ?)",
        )
        .bind(id, ws, verified)
        .run();
    // Two teams may both wait for the same domain's record; only one may have it proved.
    await add("d1", a, null);
    await add("d2", b, null);
    await db.prepare("update team_domain set verified_at = 1 where id = 'd1'").run();
    await expect(db.prepare("update team_domain set verified_at = 1 where id = 'd2'").run()).rejects.toThrow(/UNIQUE/);
    await expect(add("d3", a, null)).rejects.toThrow(/UNIQUE/);
    await db
      .prepare(
        "insert into team_sso (workspace_id, issuer, client_id, client_secret) values (?, 'https://id.test', 'c', 's')",
      )
      .bind(a)
      .run();
    expect(await db.prepare("select enforced from team_sso where workspace_id = ?").bind(a).first()).toEqual({
      enforced: 0,
    });
  });
});
