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

describe("organiser events migration", () => {
  it("keeps every row of a seeded database, and holds one attendee per email per event", async () => {
    const db = new DatabaseSync(":memory:");
    const index = files.findIndex((f) => f.includes("organiser_events"));
    expect(index).toBeGreaterThan(0);
    for (const file of files.slice(0, index)) apply(db, file);
    db.exec(await seedAsOf(sqliteColumns(db)));
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(0);
    apply(db, files[index] as string);
    const after = counts(db);
    for (const [table, n] of Object.entries(before)) expect(after[table], table).toBe(n);
    expect(after.org_event).toBe(0);

    db.exec(`insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
      select 'summit-aa', id, 'Summit', '2030-05-01T09:00', '2030-05-01T17:00', 'UTC', 'Org' from user limit 1`);
    const join = (email: string, pass: string) =>
      db.exec(`insert into org_attendee (event_id, email, name, pass_token, badge_code)
        values ((select id from org_event), '${email}', 'A', '${pass}', '${pass}-b')`);
    join("a@example.org", "p1");
    expect(() => join("a@example.org", "p2")).toThrow(/UNIQUE/);
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});
