import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { dueCandidates } from "~/server/follow/rhythm.server";
import { viewerOf } from "~/server/people/access.server";
import { d1Columns, seedAsOf } from "../seed-as-of";

const DAY = 86_400_000;

describe("the index of people met lately (migration 0051)", () => {
  it("keeps every seeded person, and the dashboard's candidates read it in order, the same people as before", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("connection_due_met_idx"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    await db.exec(await seedAsOf(d1Columns(db)));
    // Everyone the seed met at an event, met lately: each owner's candidates before the index, then after.
    await db
      .prepare("update connection set created_at = ? where event_name is not null")
      .bind(Date.now() - DAY)
      .run();
    const people = (await db.prepare("select * from connection order by id").all()).results;
    expect(people.length).toBeGreaterThan(0);
    const owners = (await db.prepare("select distinct user_id from connection where event_name is not null").all())
      .results as { user_id: string }[];
    expect(owners.length).toBeGreaterThan(0);
    const candidates = async () =>
      Promise.all(
        owners.map(async (o) =>
          (await dueCandidates(createDb(db), viewerOf(o.user_id), Date.now() - 7 * DAY, Date.now() + 8 * DAY, 3)).map(
            (c) => c.id,
          ),
        ),
      );
    const before = await candidates();

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    // Later migrations add columns; every column the people had keeps its value.
    const after = (await db.prepare("select * from connection order by id").all()).results;
    expect(after.map((row, i) => Object.fromEntries(Object.keys(people[i] ?? {}).map((k) => [k, row[k]])))).toEqual(
      people,
    );
    expect(await candidates()).toEqual(before);
    const { sql, params } = dueCandidates(
      createDb(db),
      viewerOf(owners[0]?.user_id ?? ""),
      0,
      Date.now() + 8 * DAY,
    ).toSQL();
    const plan = (
      await db
        .prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
    expect(plan.some((d) => d.includes("connection_due_met_idx"))).toBe(true);
  });
});
