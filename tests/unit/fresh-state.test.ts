import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { seedSql } from "../../database/seed";
import { migrationsSql } from "../../scripts/fresh-state.mjs";
import { applyMigration, migrationFiles, tableCounts } from "../sqlite-migrations";

/** Every table, index and trigger as SQLite keeps it, but the migrations' own record. */
const schema = (db: DatabaseSync) =>
  db
    .prepare(
      "select type, name, sql from sqlite_master where name not like '%d1_migrations%' and name != 'sqlite_sequence' order by name",
    )
    .all();

describe("a fresh state in one file (scripts/setup.mjs --fresh, the journeys' servers)", () => {
  it("builds the schema and rows the migrations build one by one, and records each in d1_migrations", async () => {
    const seed = await seedSql();
    const oneByOne = new DatabaseSync(":memory:");
    for (const file of migrationFiles()) applyMigration(oneByOne, file);
    oneByOne.exec(seed);

    const fresh = new DatabaseSync(":memory:");
    fresh.exec(migrationsSql());
    fresh.exec(seed);

    expect(schema(fresh)).toEqual(schema(oneByOne));
    const { d1_migrations: recorded, ...rows } = tableCounts(fresh);
    expect(rows).toEqual(tableCounts(oneByOne));
    expect(recorded).toBe(migrationFiles().length);
    const names = fresh.prepare("select name from d1_migrations order by id").all() as { name: string }[];
    expect(names.map((r) => r.name)).toEqual(migrationFiles());
  });

  it("seeds again, a week later, without adding a row or breaking a key", async () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec(migrationsSql());
    db.exec(await seedSql());
    const first = tableCounts(db);
    db.exec(await seedSql(Date.now() + 7 * 86_400_000));
    expect(tableCounts(db)).toEqual(first);
    // The tours the README gives find their rows: a team of three, the organiser event's door and booth, mailings.
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(
      count("select count(*) as n from member m join workspace w on w.id = m.workspace_id and w.kind = 'team'"),
    ).toBe(3);
    expect(count("select count(*) as n from org_attendee where state = 'going'")).toBe(10);
    expect(count("select count(*) as n from org_checkin")).toBeGreaterThan(0);
    expect(count("select count(*) as n from org_lead_answer")).toBeGreaterThan(0);
    expect(count("select count(*) as n from mailing_recipient where status = 'delivered'")).toBeGreaterThan(0);
  });
});
