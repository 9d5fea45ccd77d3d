import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The people core (app/server/people/) is the only writer of people and their contact points: its writes
 * keep the history and tell the owner's webhooks. Any other file that writes those tables skips both.
 */
const CORE = `${path.join("app", "server", "people")}${path.sep}`;
const sources = ["app", "workers"].flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name)),
);

/** Drizzle's `.update(connection)` and the like, and SQL written by hand (`update connection`, `${contactPoint}`). */
const WRITES = [
  /\.(?:update|insert|delete)\(\s*(?:connection|contactPoint)\s*\)/,
  /\b(?:update(?:\s+or\s+\w+)?|insert(?:\s+or\s+\w+)?\s+into|delete\s+from|replace\s+into)\s+(?:"?(?:connection|contact_point)"?(?![\w.])|\$\{\s*(?:connection|contactPoint)\s*\})/i,
];

function peopleWriters(files: { file: string; source: string }[]) {
  return files.flatMap(({ file, source }) =>
    file.startsWith(CORE)
      ? []
      : source
          .split("\n")
          .flatMap((line, i) => (WRITES.some((w) => w.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe("the people core is the only writer of people", () => {
  it("finds the writes it looks for", () => {
    const written = [
      "await db.update(connection).set({ image: key })",
      "db.insert(contactPoint).values(point)",
      "sql`update connection set discussed = null`",
      "sql`insert or ignore into contact_point (user_id) values (1)`",
      // Written as the source has it: `${connection}` inside a template.
      "rawSql(sql`delete from $" + "{connection} where id = 1`)",
    ];
    expect(peopleWriters(written.map((source, i) => ({ file: `app/server/x${i}.ts`, source })))).toHaveLength(5);
    // Reads and other tables are not writes of people; the core's own files may write.
    const fine = [
      "db.select().from(connection)",
      "sql`update connection_stat set n = 1`",
      "db.update(mailingRecipient).set({ connectionId: null })",
      "a person's connection is updated by the core",
    ];
    expect(peopleWriters(fine.map((source, i) => ({ file: `app/server/x${i}.ts`, source })))).toEqual([]);
    expect(peopleWriters([{ file: `${CORE}edit.server.ts`, source: written[0] as string }])).toEqual([]);
  });

  it("has no writer of the people tables outside app/server/people/", () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(peopleWriters(sources.map((file) => ({ file, source: readFileSync(file, "utf8") })))).toEqual([]);
  });
});
