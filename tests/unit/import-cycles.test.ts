import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Import circles among the app's modules, found from the source itself (no tool in the toolchain does it):
 * every static import or re-export that survives compilation (not `import type`), resolved like tsconfig's
 * paths, then strongly connected components (Tarjan).
 */
const ROOTS = ["app", "database", "workers"];
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : walk(full);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}
const files = ROOTS.flatMap((root) => walk(root));

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("~/")
    ? path.join("app", spec.slice(2))
    : spec.startsWith("~db/")
      ? path.join("database", spec.slice(4))
      : spec.startsWith(".")
        ? path.join(path.dirname(from), spec)
        : null;
  if (base === null) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The modules a file loads when it runs: type-only imports and specifier lists of only types are erased. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement =
    /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gms;
  for (const m of source.matchAll(statement)) {
    if (m[5]) found.push(m[5]);
    else if (!m[2] && m[4]) {
      const clause = m[3] ?? "";
      const braces = /\{([^}]*)\}/.exec(clause);
      const outside = clause
        .replace(/\{[^}]*\}/, "")
        .replace(/,/g, "")
        .trim();
      const onlyTypes =
        braces !== null && !outside && (braces[1] ?? "").split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()));
      if (!onlyTypes) found.push(m[4]);
    }
  }
  return found;
}

const graph = new Map(
  files.map((file) => [
    file,
    runtimeImports(readFileSync(file, "utf8"))
      .map((spec) => resolve(file, spec))
      .filter((f): f is string => f !== null),
  ]),
);

function circles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) {
          onStack.delete(w);
          component.push(w);
        }
      } while (w && w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("import circles", () => {
  it("reads which imports load a module at run time", () => {
    expect(runtimeImports(`import type { A } from "./a";\nimport { type B, c } from "./b";`)).toEqual(["./b"]);
    expect(runtimeImports(`import { type B } from "./b";\nexport { d } from "./d";\nimport "./e";`)).toEqual([
      "./d",
      "./e",
    ]);
    expect(runtimeImports(`import x, { type Y } from "./x";`)).toEqual(["./x"]);
    expect(
      circles(
        new Map([
          ["a", ["b"]],
          ["b", ["a"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b"]]);
  });

  it("finds the app's modules", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get(path.join("app", "server", "people", "merge.server.ts"))).toContain(
      path.join("app", "server", "db", "write.server.ts"),
    );
  });

  it("lists every circle (printed for the record)", () => {
    for (const c of circles(graph)) console.log(`circle: ${c.join(" ")}`);
  });

  it("has none", () => {
    expect(circles(graph)).toEqual([]);
  });
});
