import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { seedAsOf, sqliteColumns } from "../seed-as-of";

const dir = path.join(import.meta.dirname, "../../migrations");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort();
const apply = (db: DatabaseSync, file: string) => {
  for (const statement of readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint"))
    if (statement.trim()) db.exec(statement);
};
const counts = (db: DatabaseSync) => {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
  );
};

describe("card headline, bio and share fields migration", () => {
  it("keeps every row of a seeded database and gives existing cards the default share fields", async () => {
    const db = new DatabaseSync(":memory:");
    const index = files.findIndex((f) => f.includes("card_headline_bio_share_fields"));
    expect(index).toBeGreaterThan(0);
    for (const file of files.slice(0, index)) apply(db, file);
    // The demo data as a database from before this migration holds it (without the new columns).
    db.exec(await seedAsOf(sqliteColumns(db)));
    const before = counts(db);
    expect(before.card).toBeGreaterThan(0);
    apply(db, files[index] as string);
    expect(counts(db)).toEqual(before);
    const card = db.prepare("select name, headline, bio, share_fields from card where id = 1").get();
    expect(card).toMatchObject({ headline: null, bio: null, share_fields: '["company","title","note"]' });
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});
