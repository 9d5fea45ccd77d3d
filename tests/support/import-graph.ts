import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The app's import graph, read from the source itself (no tool in the toolchain draws it), for the tests
 * that hold the layers: every import and re-export, type-only ones included (a type ties two modules'
 * meanings as surely as a value), and every `import("…")`, dynamic or in a type, resolved like tsconfig's paths.
 */
const ROOTS = ["app", "database", "workers"];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : walk(full);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

export function resolve(from: string, spec: string): string | null {
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

/**
 * How a file names a module: `value` loads it when the file runs (an import or re-export with a value in it),
 * `side-effect` too (`import "./x"`); `type` is erased (`import type`, or braces holding only types);
 * `dynamic` is an `import("…")`, called or in a type, loaded only if and when it runs.
 */
export type ImportKind = "value" | "side-effect" | "type" | "dynamic";
export type Import = { spec: string; kind: ImportKind };

/** The one reader of a file's imports: each module it names, with how it names it. */
export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const statement =
    /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gms;
  for (const m of source.matchAll(statement)) {
    if (m[3]) found.push({ spec: m[3], kind: m[1] || onlyTypes(m[2] ?? "") ? "type" : "value" });
    else if (m[4]) found.push({ spec: m[4], kind: "side-effect" });
    else if (m[5]) found.push({ spec: m[5], kind: "dynamic" });
  }
  return found;
}

/** An import clause whose braces name only types and that names nothing outside them (`{ type A, type B }`). */
function onlyTypes(clause: string): boolean {
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, "")
    .trim();
  return (
    braces !== null && !outside && (braces[1] ?? "").split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()))
  );
}

/** Whether the import loads its module when the importing file is evaluated. */
const loadsAtStart = ({ kind }: Import) => kind === "value" || kind === "side-effect";

/** Each file of ours and the files its imports (those `keep` keeps) resolve to. */
function edgesOf(keep: (i: Import) => boolean): Graph {
  return new Map(
    ROOTS.flatMap(walk).map((file) => [
      file,
      importsOf(readFileSync(file, "utf8"))
        .filter(keep)
        .map((i) => resolve(file, i.spec))
        .filter((f): f is string => f !== null),
    ]),
  );
}

export type Graph = Map<string, string[]>;

/** Every import, type-only and `import()` included: the graph the cycle and layer tests hold. */
export function importGraph(): Graph {
  return edgesOf(() => true);
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
export function circles(edges: Graph): string[][] {
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

/** The folder under `app/server/` a file belongs to (its feature), or null for a file outside them. */
export const featureOf = (file: string) => /^app[/\\]server[/\\]([^/\\]+)[/\\]/.exec(file)?.[1] ?? null;

/** Pairs of `app/server` feature folders that import each other, each with the imports that tie it, both ways. */
export function featurePairs(edges: Graph): { pair: string; ties: string[] }[] {
  const between = new Map<string, string[]>();
  for (const [from, targets] of edges)
    for (const to of targets) {
      const a = featureOf(from);
      const b = featureOf(to);
      if (!a || !b || a === b) continue;
      const key = `${a} -> ${b}`;
      between.set(key, [...(between.get(key) ?? []), `${from} -> ${to}`]);
    }
  return [...between.keys()]
    .map((key) => key.split(" -> ") as [string, string])
    .filter(([a, b]) => a < b && between.has(`${b} -> ${a}`))
    .map(([a, b]) => ({
      pair: `${a} <-> ${b}`,
      ties: [...(between.get(`${a} -> ${b}`) ?? []), ...(between.get(`${b} -> ${a}`) ?? [])],
    }))
    .sort((x, y) => x.pair.localeCompare(y.pair));
}

/**
 * Each module and the modules it loads when it is evaluated (static value imports, resolved to files of ours):
 * the start-up and shell tests read what a module costs at run time, where `import()` and types cost nothing.
 */
export const graph: Graph = edgesOf(loadsAtStart);

/** Every module of ours a file loads when it is evaluated (its static imports, transitively). */
export function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop())
    for (const next of graph.get(file) ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
  return seen;
}
