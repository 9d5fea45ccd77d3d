import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { compiled, type Slots } from "~/server/db/compiled.server";
import { createDb } from "~/server/db/db.server";
import { dueFollowUps } from "~/server/follow/reminders.server";
import { viewerOf } from "~/server/people/access.server";
import { untoastedUpdate } from "~/server/platform/notifications.server";
import { call, signUp, userIdOf } from "./helpers";

/**
 * A compiled statement (SQL built once per isolate, bound per request) answers exactly as the drizzle builder
 * it was built from: rows mapped the same way (dates, booleans, a left join's missing side), alone and inside
 * a batch, and each call with its own values only.
 */

// A left join (a reminder whose person was removed), dates and a limit; the clock goes in as stored (ms).
const dueRead = compiled((db, slot: Slots<"userId" | "until">) =>
  dueFollowUps(db, { workspaceId: slot.userId, userId: slot.userId }, slot.until as never),
);
const claimRead = compiled((db, slot: Slots<"userId">) => untoastedUpdate(db, slot.userId));

describe("compiled statements", () => {
  it("answer as their builders do, alone and in a batch, for each account's own values", async () => {
    const a = await userIdOf((await signUp("Compiled A")).email);
    const b = await userIdOf((await signUp("Compiled B")).email);
    const now = Date.now();
    for (const [userId, name] of [
      [a, "Ada Compiled"],
      [b, "Ben Compiled"],
    ]) {
      const person = await env.DB.prepare(
        "insert into connection (user_id, name, created_at, updated_at) values (?, ?, ?, ?) returning id",
      )
        .bind(userId, name, now, now)
        .first<{ id: number }>();
      await env.DB.prepare(
        `insert into reminder (user_id, connection_id, type, due_at, notes, created_at, updated_at) values
         (?1, ?2, 'Call', ?3, 'with person', ?3, ?3), (?1, null, 'Email', ?4, 'person gone', ?3, ?3)`,
      )
        .bind(userId, person?.id, now - 60_000, now - 30_000)
        .run();
      await env.DB.prepare("insert into notification (user_id, title, created_at) values (?, ?, ?)")
        .bind(userId, `Toast for ${name}`, now)
        .run();
    }
    const db = createDb(env.DB);
    const until = new Date(now + 60_000);

    for (const userId of [a, b, a]) {
      const plain = await dueFollowUps(db, viewerOf(userId), until);
      const alone = await dueRead(db, { userId, until: until.getTime() });
      const [inBatch] = await db.batch([dueRead(db, { userId, until: until.getTime() })]);
      expect(plain).toHaveLength(2);
      expect(alone).toEqual(plain);
      expect(inBatch).toEqual(plain);
      expect(alone[0]?.dueAt).toBeInstanceOf(Date);
      expect(alone.map((r) => r.name).sort()).toEqual([userId === a ? "Ada Compiled" : "Ben Compiled", null].sort());
    }

    // A write with returning: each account claims its own, once.
    const [claimedA] = await db.batch([claimRead(db, { userId: a })]);
    expect(claimedA.map((n) => n.title)).toEqual(["Toast for Ada Compiled"]);
    expect(await claimRead(db, { userId: a })).toEqual([]);
    expect((await claimRead(db, { userId: b })).map((n) => n.title)).toEqual(["Toast for Ben Compiled"]);
  });

  it("refuse a call that leaves a value out, rather than send a placeholder to the database", async () => {
    const db = createDb(env.DB);
    await expect(Promise.resolve(claimRead(db, {} as { userId: string }))).rejects.toThrow(/userId/);
    expect((await call("/api/health")).ok).toBe(true);
  });
});
