import { env } from "cloudflare:workers";
import { seedSql } from "../../database/seed";

// Every migration in one D1 batch (one round trip, not one per migration), recorded in d1_migrations as
// applyD1Migrations records them; the migrations' own test applies them one by one (migration.test.ts).
await env.DB.prepare(
  "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
).run();
const record = env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
await env.DB.batch(
  env.TEST_MIGRATIONS.flatMap((m) => [...m.queries.map((q) => env.DB.prepare(q)), record.bind(m.name)]),
);
// The same demo data a fresh install gets, so tests also prove the seed applies to the schema.
await env.DB.exec(await seedSql());
