// Makes a checkout runnable: local secrets, migrations applied, demo data seeded. Idempotent.
//   node scripts/setup.mjs [--persist-to DIR] [--fresh]
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedSql } from "../database/seed.ts";
import { migrationsSql } from "./fresh-state.mjs";
import { bin, root, run } from "./wrangler-env.mjs";

const persistArg = process.argv.indexOf("--persist-to");
const persistTo = persistArg > -1 ? process.argv[persistArg + 1] : undefined;
const persist = persistTo ? ["--persist-to", persistTo] : [];

const devVars = path.join(root, ".dev.vars");
if (!existsSync(devVars)) {
  const example = readFileSync(path.join(root, ".dev.vars.example"), "utf8");
  const filled = example.replace(/replace-with-32-or-more-random-characters/g, () =>
    randomBytes(32).toString("base64url"),
  );
  writeFileSync(devVars, filled, { mode: 0o600 });
  console.log("Created .dev.vars with fresh local secrets.");
}

// --fresh: the state is new and empty (the journeys' servers), so every migration, its row in d1_migrations
// as wrangler records it, and the seed go in one file: one wrangler and workerd start instead of two.
const fresh = process.argv.includes("--fresh") && persistTo && !existsSync(path.join(persistTo, "v3"));
if (!fresh) run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist]);

const seedFile = fresh ? `${persistTo}.sql` : path.join(root, ".wrangler", "seed.sql");
mkdirSync(path.dirname(seedFile), { recursive: true });
writeFileSync(seedFile, fresh ? `${migrationsSql()}\n${await seedSql()}` : await seedSql());
run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", seedFile, ...persist]);
console.log("Database migrated and demo data seeded. Demo account: demo@knowwho.app / demo-password-2026");
