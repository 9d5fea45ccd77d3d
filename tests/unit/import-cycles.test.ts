import path from "node:path";
import { describe, expect, it } from "vitest";
import { circles, importGraph, importsOf } from "../support/import-graph";

/**
 * Import circles among the app's modules: every import counts, type-only and `import()` ones too, so a
 * circle cannot hide behind a type or a lazy load (tests/support/import-graph.ts reads them).
 */
const graph = importGraph();

describe("import circles", () => {
  it("reads every import: values, types, re-exports, side effects and import()", () => {
    const read = (source: string) => importsOf(source).map(({ spec, kind }) => `${spec} ${kind}`);
    expect(
      read(`import type { A } from "./a";\nimport { type B, c } from "./b";\nimport { type H } from "./h";`),
    ).toEqual(["./a type", "./b value", "./h type"]);
    expect(read(`export { d } from "./d";\nimport "./e";\nconst f = await import("./f");`)).toEqual([
      "./d value",
      "./e side-effect",
      "./f dynamic",
    ]);
    expect(
      read(`type G = typeof import("./g");\nexport type { I } from "./i";\nimport J, { type K } from "./j";`),
    ).toEqual(["./g dynamic", "./i type", "./j value"]);
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
    // A lazy load is an import: CardDAV's XML parser is loaded on first use.
    expect(graph.get(path.join("app", "server", "dav", "request.server.ts"))).toContain(
      path.join("app", "server", "dav", "xml-parse.server.ts"),
    );
  });

  it("has none", () => {
    expect(circles(graph)).toEqual([]);
  });
});
