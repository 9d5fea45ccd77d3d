import { describe, expect, it } from "vitest";
import { edgeGet, edgePut } from "~/server/platform/edge-cache.server";

/** Issue 24 item 7: a copy no purge can reach elsewhere must not outlive a change by a day. */

const page = () => new Response("<p>card</p>", { headers: { "content-type": "text/html" } });

describe("edge copies and how they end", () => {
  it("live a minute when no zone purge is configured, since other data centres only learn of a change by expiry", async () => {
    await edgePut("/c/ttl-local", page(), ["card:ttl-local"], {});
    expect((await edgeGet("/c/ttl-local"))?.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("live a day when every change is purged by tag in every data centre", async () => {
    await edgePut("/c/ttl-zone", page(), ["card:ttl-zone"], { CF_ZONE_ID: "zone", CF_PURGE_TOKEN: "token" });
    expect((await edgeGet("/c/ttl-zone"))?.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});
