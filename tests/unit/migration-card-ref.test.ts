import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { seedAsOf, sqliteColumns } from "../seed-as-of";

/** The card-ref migration against the seeded database: no row lost, every card given a reference. */

const dir = path.join(import.meta.dirname, "../../migrations");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".sql"))
  .sort();
const TARGET = files.find((f) => f.includes("card-ref-and-limit")) ?? "";

const apply = (db: DatabaseSync, file: string) => db.exec(readFileSync(path.join(dir, file), "utf8"));

function counts(db: DatabaseSync) {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
  );
}

describe(`migration ${TARGET}`, () => {
  it("keeps every row of the seeded database and gives each card a unique reference", async () => {
    expect(TARGET).not.toBe("");
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON");
    for (const file of files.slice(0, files.indexOf(TARGET))) apply(db, file);
    // The seed as it was then: without its lines for the people core's later tables and columns.
    db.exec(await seedAsOf(sqliteColumns(db)));
    // A second owner's cards, so more than one row is carried over.
    db.exec(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('u2', 'Bo', 'bo@x.org', 0, 0, 0)",
    );
    for (let i = 0; i < 3; i++)
      db.exec(`INSERT INTO card (user_id, name, created_at, updated_at) VALUES ('u2', 'Bo', 0, 0)`);
    const before = counts(db);
    apply(db, TARGET);
    expect(counts(db)).toEqual(before);
    const refs = db.prepare("select ref from card").all() as { ref: string | null }[];
    expect(refs.length).toBeGreaterThan(1);
    for (const { ref } of refs) expect(ref).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(refs.map((r) => r.ref)).size).toBe(refs.length);
  });

  it("refuses an 11th card for one owner and leaves other owners alone", async () => {
    const db = new DatabaseSync(":memory:");
    for (const file of files.slice(0, files.indexOf(TARGET) + 1)) apply(db, file);
    db.exec(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('a', 'A', 'a@x.org', 0, 0, 0), ('b', 'B', 'b@x.org', 0, 0, 0)",
    );
    const insert = (owner: string) =>
      db.exec(`INSERT INTO card (user_id, name, created_at, updated_at) VALUES ('${owner}', 'N', 0, 0)`);
    for (let i = 0; i < 10; i++) insert("a");
    expect(() => insert("a")).toThrow(/card_limit_per_user/);
    expect(() => insert("b")).not.toThrow();
  });
});
