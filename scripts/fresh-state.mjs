// What a new, empty local D1 needs before its seed, as one SQL text (scripts/setup.mjs --fresh).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "migrations");

/** Every migration in order, each followed by its row in d1_migrations (the table wrangler keeps). */
export function migrationsSql() {
  const names = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  return [
    "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);",
    ...names.flatMap((name) => [
      readFileSync(path.join(MIGRATIONS, name), "utf8").trim().replace(/;?$/, ";"),
      `INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`,
    ]),
  ].join("\n");
}
