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
});
