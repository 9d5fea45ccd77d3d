import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { graph, importsOf } from "../support/import-graph";

/** What a module brings to the browser: its static imports, transitively, less server-only modules. */
function clientClosure(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const todo = [entry];
  for (let file = todo.pop(); file !== undefined; file = todo.pop())
    for (const next of graph.get(file) ?? [])
      if (!seen.has(next) && !/\.server\.tsx?$/.test(next)) {
        seen.add(next);
        todo.push(next);
      }
  return seen;
}

describe("the script every signed-in page loads first", () => {
  it("carries no phone library and no other field's schema: the newsletter form needs only the email rule", () => {
    for (const entry of [path.join("app", "root.tsx"), path.join("app", "routes", "app", "_layout.tsx")]) {
      const shipped = clientClosure(entry);
      expect(shipped.has(path.join("app", "components", "newsletter-form.tsx")), entry).toBe(true);
      expect(shipped.has(path.join("app", "lib", "forms", "phone.ts")), entry).toBe(false);
      expect(shipped.has(path.join("app", "lib", "forms", "fields.ts")), entry).toBe(false);
    }
  });

  it("carries no form library to the dashboard: its one-tap forms are plain, the newsletter's rule loads on focus", () => {
    const shipped = new Set([
      ...clientClosure(path.join("app", "root.tsx")),
      ...clientClosure(path.join("app", "routes", "app", "_layout.tsx")),
      ...clientClosure(path.join("app", "routes", "app", "dashboard.tsx")),
    ]);
    // What a shipped module loads when it runs (a package's values; types and import() cost nothing at first paint).
    const libraries = [...shipped].flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((i) => (i.kind === "value" || i.kind === "side-effect") && /^(zod|@conform-to\/)/.test(i.spec))
        .map((i) => `${file} -> ${i.spec}`),
    );
    expect(libraries).toEqual([]);
  });
});
