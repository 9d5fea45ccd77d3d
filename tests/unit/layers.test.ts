import { describe, expect, it } from "vitest";
import { featurePairs, type Graph, importGraph } from "../support/import-graph";

/**
 * The layers point one way: pure code (app/lib) knows no server, route or component; a component knows no
 * route; the server knows no component except the `.server.tsx` renderers of whole pages; and feature
 * folders of app/server import each other one way only. Type-only imports and import() count
 * (tests/support/import-graph.ts), so no rule is kept by hiding an import.
 */
const graph = importGraph();

const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
/** Imports from files `from` picks into files `to` picks: "from -> to", one a line. */
const crossing = (edges: Graph, from: (f: string) => boolean, to: (f: string) => boolean) =>
  [...edges].flatMap(([file, targets]) => (from(file) ? targets.filter(to).map((t) => `${file} -> ${t}`) : []));

/**
 * The pairs of feature folders that still import each other, each to be opened by moving what both read
 * below them or by wiring through the composition root (app/server/composition.server.ts). A pair opened
 * comes off this list; a new one fails the test, which prints the imports that tie it.
 */
const KNOWN_PAIRS = [
  "account <-> billing",
  "cards <-> events",
  "cards <-> people",
  "events <-> people",
  "integrations <-> people",
];

describe("layers", () => {
  it("app/lib imports no server module, route or component", () => {
    expect(crossing(graph, under("app/lib"), (t) => /^app\/(server|routes|components)\//.test(t))).toEqual([]);
  });

  it("no component imports a route module, not even its types", () => {
    expect(crossing(graph, under("app/components"), under("app/routes"))).toEqual([]);
  });

  it("the server imports components only from the .server.tsx renderers", () => {
    expect(
      crossing(graph, (f) => under("app/server")(f) && !f.endsWith(".server.tsx"), under("app/components")),
    ).toEqual([]);
  });

  it("feature folders of app/server import each other one way, but for the pairs listed", () => {
    const pairs = featurePairs(graph);
    for (const { pair, ties } of pairs) console.log(`${pair}\n  ${ties.join("\n  ")}`);
    expect(pairs.map((p) => p.pair)).toEqual(KNOWN_PAIRS);
  });

  it("finds what it looks for in a broken copy", () => {
    const broken: Graph = new Map([
      ["app/server/people/add.server.ts", ["app/server/cards/cards.server.ts"]],
      ["app/server/cards/cards.server.ts", ["app/server/people/add.server.ts", "app/components/card/face.tsx"]],
      ["app/components/phone.tsx", ["app/routes/app/_layout.tsx"]],
    ]);
    expect(featurePairs(broken).map((p) => p.pair)).toEqual(["cards <-> people"]);
    expect(crossing(broken, under("app/components"), under("app/routes"))).toEqual([
      "app/components/phone.tsx -> app/routes/app/_layout.tsx",
    ]);
    expect(
      crossing(broken, (f) => under("app/server")(f) && !f.endsWith(".server.tsx"), under("app/components")),
    ).toEqual(["app/server/cards/cards.server.ts -> app/components/card/face.tsx"]);
  });
});
