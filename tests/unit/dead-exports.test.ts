import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Exports nothing mentions: not another module, not a test or script, not even the file itself. No tool in
 * the toolchain does this (knip and ts-prune are not installed), so it is a word search over the tree.
 */
const ROUTE_EXPORTS = new Set([
  "loader",
  "action",
  "meta",
  "links",
  "headers",
  "handle",
  "middleware",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
]);
// Stand-ins for libraries in the Worker build: their exports mirror the library's, used or not.
const STUBS = path.join("app", "server", "stubs");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "+types" || name.startsWith(".")) return [];
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
const code = (f: string) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.endsWith(".d.ts");
const sources = ["app", "workers", "database"].flatMap(walk).filter(code);
const everything = new Map(
  [...sources, ...["tests", "scripts", "bench"].flatMap(walk).filter(code)].map((f) => [f, readFileSync(f, "utf8")]),
);

function exportedNames(source: string): string[] {
  const declared =
    /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;
  return [...source.matchAll(declared)].flatMap((m) => (m[1] ? [m[1]] : []));
}

/** In how many files each word stands, and how often in each file, counted once for the whole tree. */
const words = (text: string) => text.match(/[A-Za-z_$][\w$]*/g) ?? [];
const filesWith = new Map<string, number>();
for (const text of everything.values())
  for (const w of new Set(words(text))) filesWith.set(w, (filesWith.get(w) ?? 0) + 1);

function unused(): string[] {
  return sources.flatMap((file) => {
    if (file.startsWith(STUBS)) return [];
    const own = everything.get(file) ?? "";
    const inFile = new Map<string, number>();
    for (const w of words(own)) inFile.set(w, (inFile.get(w) ?? 0) + 1);
    const route = file.startsWith(path.join("app", "routes")) || file === path.join("app", "root.tsx");
    return exportedNames(own).flatMap((name) => {
      if (route && ROUTE_EXPORTS.has(name)) return [];
      const elsewhere = (filesWith.get(name) ?? 0) > 1;
      return elsewhere || (inFile.get(name) ?? 0) > 1 ? [] : [`${file}: ${name}`];
    });
  });
}

describe("dead exports", () => {
  it("reads the names a module exports", () => {
    expect(
      exportedNames(
        "export const A = 1;\nexport async function b() {}\nexport type C = 1;\nconst d = 2;\nexport { d };",
      ),
    ).toEqual(["A", "b", "C"]);
  });

  it("are none: every export is used somewhere", () => {
    expect(unused()).toEqual([]);
  });
});
