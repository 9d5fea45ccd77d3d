import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SEED_CAMPAIGNS } from "../../database/seed";
import { d1Columns, seedAsOf } from "../seed-as-of";

const COLUMNS =
  "id, title, description, organization, organizer_name, location, category, status, featured, start_date, end_date, mission, impact, extended_description, created_at";
const q = (v: string | number) => (typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);

describe("the fundraising migration", () => {
  it("keeps every seeded campaign, gives it to the demo owner and turns its dollars into cents", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("fundraising"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    // The seed as it was before: no campaign columns, card or event fields this migration adds.
    const before = await seedAsOf(d1Columns(db));
    await db.exec(before);
    for (const c of SEED_CAMPAIGNS)
      await db
        .prepare(
          `INSERT INTO campaign (id, title, description, organization, organizer_name, location, category, status, featured, goal, amount_raised, donor_count, start_date, end_date, mission, impact, extended_description, created_at) VALUES (${[c.id, c.title, c.description, c.organization, c.organizerName, c.location, c.category, c.status, c.featured ? 1 : 0, c.goal, c.amountRaised, c.donorCount, c.startDate, c.endDate, c.mission, c.impact, c.extendedDescription, 1_700_000_000_000].map(q).join(", ")})`,
        )
        .run();
    const rows = (
      await db.prepare(`select ${COLUMNS}, goal, amount_raised, donor_count from campaign order by id`).all()
    ).results as Record<string, unknown>[];
    expect(rows.length).toBe(SEED_CAMPAIGNS.length);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = (
      await db
        .prepare(`select ${COLUMNS}, goal, amount_raised, donor_count, user_id, currency from campaign order by id`)
        .all()
    ).results as Record<string, unknown>[];
    expect(after.length).toBe(rows.length);
    after.forEach((row, i) => {
      const old = rows[i] as Record<string, number>;
      expect(row).toEqual({
        ...old,
        goal: Number(old.goal) * 100,
        amount_raised: Number(old.amount_raised) * 100,
        user_id: "demo-user",
        currency: "USD",
        // A later migration turns every self-granted home-page feature into a request for an operator.
        featured: 0,
      });
    });
  });
});
