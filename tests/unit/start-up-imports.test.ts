import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { graph, importsOf, staticClosure } from "../support/import-graph";

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

  it("builds neither the table schema nor any zod schema until the first request (decision 0273)", () => {
    expect(started.has(path.join("database", "schema.ts"))).toBe(false);
    expect(started.has(path.join("app", "server", "platform", "env.server.ts"))).toBe(false);
    const loadsZod = [...started].filter((file) =>
      importsOf(readFileSync(file, "utf8")).some((i) => i.spec === "zod" && i.kind !== "type" && i.kind !== "dynamic"),
    );
    expect(loadsZod).toEqual([]);
  });
});

describe("the session every signed-in request loads", () => {
  it("imports the WebAuthn checks and their certificate parsers only when a passkey ceremony runs", () => {
    const session = staticClosure(path.join("app", "server", "account", "auth.server.ts"));
    const webauthn = [...session].filter((file) =>
      importsOf(readFileSync(file, "utf8")).some(
        (i) => i.spec.startsWith("@simplewebauthn/") && (i.kind === "value" || i.kind === "side-effect"),
      ),
    );
    expect(webauthn).toEqual([]);
  });
});
