import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { describe, expect, it } from "vitest";
import { listReviews } from "~/server/site/reviews.server";
import { applyMigration, migrationFiles } from "../sqlite-migrations";

/** Drizzle's queries run on node's SQLite, migrated as production is: what the SQL means, not how it reads. */
function database() {
  const sqlite = new DatabaseSync(":memory:");
  for (const file of migrationFiles()) applyMigration(sqlite, file);
  const db = drizzle(async (query, params, method) => {
    const statement = sqlite.prepare(query);
    if (method === "run") {
      statement.run(...(params as never[]));
      return { rows: [] };
    }
    const rows = statement.all(...(params as never[])).map((row) => Object.values(row as object));
    return { rows: method === "get" ? (rows[0] as never) : rows };
  });
  return { sqlite, db };
}

describe("correlated subqueries name their outer table", () => {
  it("counts each review's own helpful marks, and this visitor's mark on that review alone", async () => {
    const { sqlite, db } = database();
    sqlite.exec(`insert into review (id, name, email, rating, body, created_at) values
      (1, 'First', 'a@example.org', 5, 'First review text', 1000), (2, 'Second', 'b@example.org', 4, 'Second review text', 2000)`);
    sqlite.exec(`insert into review_helpful (review_id, visitor_id) values (2, 'v1'), (2, 'v2'), (2, 'v3')`);
    const rows = await listReviews(db as never, "v1");
    expect(rows.map((r) => [r.id, r.helpful, Boolean(r.userHelpful)])).toEqual([
      [2, 3, true],
      [1, 0, false],
    ]);
  });
});
