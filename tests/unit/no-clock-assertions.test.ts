import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No test asserts a wall-clock time (docs/decisions/0174): on a busy machine it fails a landing for nothing.
 * A name is a clock reading when it is set from `performance.now()`, `process.hrtime`, or `Date.now()` less
 * something (an elapsed time), or from a function that reads `performance.now()`; names set from those
 * are too. A test may print such a figure; an `expect` may not read one.
 */
function clockAssertions(source: string): string[] {
  const lines = source.split("\n");
  const reads = /performance\.now\(\)|process\.hrtime|Date\.now\(\)\s*-\s*[A-Za-z_(]/;
  const clocks = new Set<string>();
  // Functions that read the clock: what they return is a time.
  for (const m of source.matchAll(
    /(?:function\s+(\w+)\s*\([^)]*\)[^{]*\{|const\s+(\w+)\s*=\s*(?:async\s*)?\([^)]*\)[^=\n]*=>\s*\{)[\s\S]*?\n}/g,
  ))
    if (reads.test(m[0])) clocks.add((m[1] ?? m[2]) as string);
  const tainted = (line: string) =>
    reads.test(line) || [...clocks].some((name) => new RegExp(`\\b${name}\\b`).test(line));
  // Names set from a clock reading, until no new one appears (a time divided by a time is still one).
  for (let grew = true; grew; ) {
    grew = false;
    for (const line of lines) {
      const set = line.match(/(?:const|let|var)\s+(\w+)\s*=|^\s*(\w+)\s*[-+]?=(?!=)/);
      const name = set?.[1] ?? set?.[2];
      if (name && !clocks.has(name) && tainted(line.slice(line.indexOf("=")))) {
        clocks.add(name);
        grew = true;
      }
    }
  }
  return lines.flatMap((line, i) =>
    /\bexpect(\.soft)?\(/.test(line) && tainted(line) ? [`${i + 1}: ${line.trim()}`] : [],
  );
}

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(path.join(dir, e.name))
      : /\.(test|spec)\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );

describe("tests and the clock", () => {
  it("no test expects a wall-clock time", () => {
    // This file's own examples excepted.
    const files = [...testFiles("tests"), ...testFiles("app")].filter(
      (f) => !f.endsWith("no-clock-assertions.test.ts"),
    );
    const found = files.flatMap((file) => clockAssertions(readFileSync(file, "utf8")).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });

  it("finds a time read directly, through names, and through a timing function", () => {
    expect(
      clockAssertions("const t = performance.now();\nrun();\nexpect(performance.now() - t).toBeLessThan(500);"),
    ).toHaveLength(1);
    expect(
      clockAssertions(
        "const started = performance.now();\nconst ms = performance.now() - started;\nexpect(ms).toBeLessThan(1500);",
      ),
    ).toEqual(["3: expect(ms).toBeLessThan(1500);"]);
    const viaFunction = [
      "async function median(n: number, run: () => Promise<unknown>) {",
      "  const t = performance.now();",
      "  return performance.now() - t;",
      "}",
      "const full = await median(9, page);",
      "const none = await median(9, empty);",
      "expect(full / none).toBeLessThan(6);",
    ].join("\n");
    expect(clockAssertions(viaFunction)).toEqual(["7: expect(full / none).toBeLessThan(6);"]);
    const started =
      "const started = Date.now();\nawait go();\nconst took = Date.now() - started;\nexpect(took).toBeLessThan(9);";
    expect(clockAssertions(started)).toHaveLength(1);
    // A date is not a duration: a trial's end compared with now is the app's rule, not the machine's speed.
    expect(clockAssertions("expect(ends).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);")).toEqual([]);
    expect(clockAssertions("const ms = Math.round(performance.now() - t);\nconsole.log(ms);")).toEqual([]);
  });
});
