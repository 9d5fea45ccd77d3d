import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, migrationFiles, seededBefore } from "../sqlite-migrations";

const files = migrationFiles();

describe("people stats migration", () => {
  it("keeps every row of a seeded database, counts each owner's people, and its triggers follow every write", async () => {
    const { db, index } = await seededBefore("people_stats");
    const before = counts(db);
    expect(before.connection).toBeGreaterThan(0);
    apply(db, files[index] as string);
    const { people_stats: _added, ...after } = counts(db);
    expect(after).toEqual(before);
    const rescan = () =>
      db.prepare("select user_id, count(*) as people from connection group by user_id order by user_id").all();
    const kept = () => db.prepare("select user_id, people from people_stats where people > 0 order by user_id").all();
    expect(kept()).toEqual(rescan());
    const version = () =>
      (db.prepare("select version from people_stats where user_id = 'demo-user'").get() as { version: number }).version;
    const v0 = version();
    db.exec("insert into connection (user_id, name) values ('demo-user', 'Trigger Person')");
    expect(kept()).toEqual(rescan());
    expect(version()).toBeGreaterThan(v0);
    const v1 = version();
    db.exec("update connection set notes = 'only a note' where name = 'Trigger Person'");
    expect(version()).toBe(v1);
    db.exec(`update connection set tags = '["New"]' where name = 'Trigger Person'`);
    expect(version()).toBeGreaterThan(v1);
    db.exec("delete from connection where name = 'Trigger Person'");
    expect(kept()).toEqual(rescan());
    for (const file of files.slice(index + 1)) apply(db, file);
  });
});
