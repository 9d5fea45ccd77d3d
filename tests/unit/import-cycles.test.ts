import path from "node:path";
import { describe, expect, it } from "vitest";
import { graph, runtimeImports } from "../support/import-graph";

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
