import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

describe("the passkeys migration", () => {
  it("keeps every seeded account and session, and a removed passkey takes its sessions with it", async () => {
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
  });
});
