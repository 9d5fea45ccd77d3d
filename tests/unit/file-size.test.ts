import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file under app/server: no file is let off (decision 0229). */
const SERVER = path.join("app", "server");
const files = readdirSync(SERVER, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

const LIMIT = 600;

describe("server files", () => {
  it("are found, nested folders included", () => {
    expect(files).toContain(path.join(SERVER, "organiser-events", "attendees.server.ts"));
    expect(files.length).toBeGreaterThan(100);
  });

  it(`are each at most ${LIMIT} lines: a longer one holds several concerns and is split by concern`, () => {
    const over = files
      .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > LIMIT)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(over).toEqual([]);
  });
});
