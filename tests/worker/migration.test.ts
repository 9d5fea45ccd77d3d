import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { d1Columns, seedAsOf } from "../seed-as-of";

const PEOPLE_CORE = "people-core";
const COLUMNS =
  "id, user_id, name, email, phone, title, company, website, linkedin, tags, priority, status, notes, source, client_id, created_at";

describe("the people-core migration", () => {
  it("carries every connection of the seeded database over, with its contact points, and loses none", async () => {
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes(PEOPLE_CORE));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    // The seed as it was before this migration: without the lines for the tables and columns it adds.
    const before = await seedAsOf(d1Columns(db));
    await db.exec(before);
    // Rows as earlier code wrote them: two rows sharing an email, phones as typed and in E.164, links.
    const user = await db.prepare("select id from user order by id limit 1").first<{ id: string }>();
    const legacy = [
      ["Legacy One", "same@legacy.example", "+14155550101", "https://one.example", "https://www.linkedin.com/in/one"],
      ["Legacy Two", "SAME@legacy.example", "(415) 555-0102", null, null],
      ["Legacy Three", null, "415.555.0103", null, "https://www.linkedin.com/in/one"],
    ];
    for (const [name, email, phone, website, linkedin] of legacy)
      await db
        .prepare("insert into connection (user_id, name, email, phone, website, linkedin) values (?, ?, ?, ?, ?, ?)")
        .bind(user?.id, name, email, phone, website, linkedin)
        .run();
    const rows = (await db.prepare(`select ${COLUMNS} from connection order by id`).all()).results;
    expect(rows.length).toBeGreaterThan(3);

    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    const after = (await db.prepare(`select ${COLUMNS} from connection order by id`).all()).results;
    expect(after).toEqual(rows);
    // Every email, phone, website and LinkedIn is a contact point of its row, or (where an older row
    // already owns the same key) still in the row's own column: nothing is lost either way.
    const points = (
      await db
        .prepare("select connection_id as id, kind, value from contact_point")
        .all<{ id: number; kind: string; value: string }>()
    ).results;
    for (const row of rows as Record<string, string | number | null>[]) {
      for (const [column, kind] of [
        ["email", "email"],
        ["phone", "phone"],
        ["website", "website"],
        ["linkedin", "social"],
      ] as const) {
        if (!row[column]) continue;
        const owned = points.some((p) => p.id === row.id && p.kind === kind);
        const clash = points.some((p) => p.kind === kind && p.id !== row.id);
        expect(owned || clash, `${row.name} ${column}`).toBe(true);
      }
    }
    const history = await db.prepare("select count(*) as n from person_history where kind = 'created'").first();
    expect(history).toEqual({ n: rows.length });
    const keys = await db.prepare("select count(*) as n from connection where uid is null or name_key is null").first();
    expect(keys).toEqual({ n: 0 });
  });
});
