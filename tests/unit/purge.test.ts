import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeEverywhere } from "~/server/platform/purge.server";

/** Answers like Cloudflare's purge_cache endpoint: bearer token, JSON body of at most 30 tags. */
let server: Server;
let base = "";
const seen: { path: string; auth: string | undefined; tags: string[] }[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => resolve(body));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as { tags?: string[] };
    seen.push({ path: req.url ?? "", auth: req.headers.authorization, tags: body.tags ?? [] });
    res.setHeader("content-type", "application/json");
    if (req.headers.authorization !== "Bearer good-token") {
      res.statusCode = 403;
      res.end(JSON.stringify({ success: false, errors: [{ code: 10000, message: "Authentication error" }] }));
      return;
    }
    if ((body.tags ?? []).length > 30) {
      res.statusCode = 400;
      res.end(JSON.stringify({ success: false, errors: [{ code: 1067, message: "Too many tags" }] }));
      return;
    }
    res.end(JSON.stringify({ success: true, errors: [], messages: [], result: { id: "purge-id" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("purgeEverywhere", () => {
  it("sends nothing without a zone and a token (local development has only the local cache)", async () => {
    const before = seen.length;
    expect(await purgeEverywhere({ CF_API_BASE: base }, ["card:ann"])).toEqual({ ok: true, sent: false });
    expect(seen.length).toBe(before);
  });

  it("purges by tag in calls of at most 30 tags, with the bearer token", async () => {
    seen.length = 0;
    const tags = Array.from({ length: 45 }, (_, i) => `card:c${i}`);
    const result = await purgeEverywhere(
      { CF_ZONE_ID: "zone 1", CF_PURGE_TOKEN: "good-token", CF_API_BASE: base },
      tags,
    );
    expect(result).toEqual({ ok: true, sent: true });
    expect(seen.map((s) => s.tags.length)).toEqual([30, 15]);
    expect(seen[0]?.path).toBe("/client/v4/zones/zone%201/purge_cache");
    expect(seen.flatMap((s) => s.tags)).toEqual(tags);
  });

  it("reports the API's error instead of throwing", async () => {
    const result = await purgeEverywhere({ CF_ZONE_ID: "z", CF_PURGE_TOKEN: "bad", CF_API_BASE: base }, ["card:x"]);
    expect(result).toEqual({ ok: false, error: "Authentication error" });
    const down = await purgeEverywhere(
      { CF_ZONE_ID: "z", CF_PURGE_TOKEN: "good-token", CF_API_BASE: "http://127.0.0.1:9/client/v4" },
      ["card:x"],
    );
    expect(down.ok).toBe(false);
  });
});
