import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedSql } from "../../database/seed";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The same demo data a fresh install gets, so tests also prove the seed applies to the schema.
await env.DB.exec(await seedSql());
