import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The app's import graph, read from the source itself (no tool in the toolchain does it): every static
 * import or re-export that survives compilation (not `import type`), resolved like tsconfig's paths. The
 * import-circles test and the start-up test read it.
 */
export const ROOTS = ["app", "database", "workers"];
export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : walk(full);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}
export const files = ROOTS.flatMap((root) => walk(root));

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

/** The modules a file loads when it runs: type-only imports and specifier lists of only types are erased. */
export function runtimeImports(source: string): string[] {
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

/** Each module and the modules it loads at run time, resolved to files of ours (packages are left out). */
export const graph = new Map(
  files.map((file) => [
    file,
    runtimeImports(readFileSync(file, "utf8"))
      .map((spec) => resolve(file, spec))
      .filter((f): f is string => f !== null),
  ]),
);

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
