import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = "docs/decisions";
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, "README.md"), "utf8");

/** The repository's own top-level names (git's, so build output and local state are not among them). */
const tracked = new Set(
  execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((file) => file.split("/")[0]),
);

/**
 * The repository paths a record names in backticks (`app/root.tsx`, `tests/worker/`): a first segment git
 * tracks, no placeholder (`<feature>`, `*`, `...`), a line or anchor (`:12`, `#x`) left off.
 */
function namedPaths(text: string): string[] {
  const found = [...text.matchAll(/`([^`\s]+\/[^`\s]*)`/g)].map((m) => (m[1] as string).replace(/[:#].*$/, ""));
  return [...new Set(found)].filter((p) => !/[<>*{}$]|\.\.\./.test(p) && tracked.has(p.split("/")[0] as string));
}

/** Of `paths`, those neither in the work tree nor ignored by git (a log or a local config the record names). */
function missingPaths(paths: string[]): string[] {
  const absent = paths.filter((p) => !existsSync(p));
  if (!absent.length) return [];
  let ignored: string[] = [];
  try {
    ignored = execFileSync("git", ["check-ignore", "--stdin"], { input: absent.join("\n"), encoding: "utf8" }).split(
      "\n",
    );
  } catch {
    // git check-ignore exits 1 when none of them is ignored.
  }
  return absent.filter((p) => !ignored.includes(p));
}

describe("decision records", () => {
  it.each(records)("%s has a status (accepted or superseded by a record that exists) and a date", (name) => {
    const status = readFileSync(path.join(dir, name), "utf8").split("\n")[2] ?? "";
    const match = status.match(/^Status: (accepted|superseded by (\d{4})) · Date: (\d{4}-\d{2}-\d{2})$/);
    expect(match, status).not.toBeNull();
    const successor = match?.[2];
    if (successor) expect(records.some((r) => r.startsWith(`${successor}-`))).toBe(true);
  });

  it("are all listed in the index, with the status they state", () => {
    for (const name of records) {
      const status = readFileSync(path.join(dir, name), "utf8")
        .split("\n")[2]
        ?.match(/^Status: (.*?) ·/)?.[1];
      // The table is aligned by the formatter, so the cells may carry padding.
      const row = index.split("\n").find((line) => line.includes(`](${name})`)) ?? "";
      expect(row.split("|").map((cell) => cell.trim())[2], name).toBe(status);
    }
  });

  it("have one index row each and one number each, so a merge that keeps both sides shows", () => {
    const rows = index.split("\n").flatMap((line) => line.match(/\]\((\d{4}-[^)]+\.md)\)/)?.[1] ?? []);
    expect(rows.filter((name, i) => rows.indexOf(name) !== i)).toEqual([]);
    const numbers = records.map((name) => name.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it("that are accepted name only repository paths that exist (a record of what was removed says so in words)", () => {
    const accepted = records.filter((name) =>
      readFileSync(path.join(dir, name), "utf8").split("\n")[2]?.startsWith("Status: accepted"),
    );
    const stale = accepted.flatMap((name) =>
      missingPaths(namedPaths(readFileSync(path.join(dir, name), "utf8"))).map((p) => `${name}: ${p}`),
    );
    expect(stale).toEqual([]);
  });

  it("cite no issue numbers, which nobody outside the team's tracker can look up", () => {
    const citing = records.filter((name) => /\bissues? \d+\b/i.test(readFileSync(path.join(dir, name), "utf8")));
    expect(citing).toEqual([]);
  });
});
