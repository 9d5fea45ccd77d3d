import { env } from "cloudflare:workers";
import { seedSql } from "../../database/seed";

// Runs before every file; the files one workerd runs share its D1 (isolate: false, docs/decisions/0171), so
// the schema and the seed go in once, by the first file, and every later file finds them there.
const applied = await env.DB.prepare(
  "select count(*) as n from sqlite_master where type = 'table' and name = 'd1_migrations'",
).first<number>("n");
if (!applied) {
  // Every migration in one D1 batch (one round trip, not one per migration), recorded in d1_migrations as
  // applyD1Migrations records them; the migrations' own test applies them one by one (migration.test.ts).
  const record = env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  await env.DB.batch([
    env.DB.prepare(
      "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    ),
    ...env.TEST_MIGRATIONS.flatMap((m) => [...m.queries.map((q) => env.DB.prepare(q)), record.bind(m.name)]),
  ]);
  // The same demo data a fresh install gets, so tests also prove the seed applies to the schema.
  await env.DB.exec(await seedSql());
}

// The migration tests each start from an empty database: whatever an earlier file built there goes.
const db = env.MIGRATION_DB;
for (let left = await userTables(db); left.length > 0; ) {
  // A table others still point at refuses to go first; it goes on a later round, once they have.
  const dropped = await Promise.all(
    left.map((name) =>
      db
        .prepare(`DROP TABLE "${name.replaceAll('"', '""')}"`)
        .run()
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  const rest = await userTables(db);
  if (!dropped.some(Boolean) || rest.length >= left.length) throw new Error(`MIGRATION_DB keeps ${rest.join(", ")}`);
  left = rest;
}

async function userTables(d: D1Database): Promise<string[]> {
  const { results } = await d
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    )
    .all<{ name: string }>();
  return results.map((r) => r.name);
}
