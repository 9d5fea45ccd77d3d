import path from "node:path";
import { describe, expect, it } from "vitest";
import { graph, staticClosure } from "../support/import-graph";

/**
 * What the Worker evaluates at start-up is what workers/app.ts imports statically (decision 0187): the
 * route families, the queue consumers and the cron are imported on their first request, so none of their
 * modules (and none of the schemas they build at their top level) may be reached from the entry.
 */
const started = staticClosure(path.join("workers", "app.ts"));
const lazy = [
  path.join("app", "server", "api", "router.server.ts"),
  path.join("app", "server", "api", "card-routes.server.ts"),
  path.join("app", "server", "dav", "routes.server.ts"),
  path.join("app", "server", "mailings", "routes.server.tsx"),
  path.join("app", "server", "mailings", "mailings.server.ts"),
  path.join("app", "server", "mailings", "send.server.ts"),
  path.join("app", "server", "organiser-events", "routes.server.ts"),
  path.join("app", "server", "integrations", "webhooks.server.ts"),
  path.join("app", "server", "composition.server.ts"),
  // The WebP decoder and JPEG encoder (0248): imported when a WebP photo arrives, never at start-up.
  path.join("app", "server", "people", "webp-codec.server.ts"),
];

describe("the Worker's start-up", () => {
  it("knows the modules it checks", () => {
    for (const file of lazy) expect(graph.has(file), file).toBe(true);
  });

  it("evaluates no route family, queue consumer or cron job until a request needs it", () => {
    expect(lazy.filter((file) => started.has(file))).toEqual([]);
    // Nor any payment, wallet, CardDAV or mailing code they reach.
    expect(
      [...started].filter((file) => /[\\/](payments|wallet|dav|mailings|organiser-events)[\\/]/.test(file)),
    ).toEqual([]);
  });
});
