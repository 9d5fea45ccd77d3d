import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, guardRequest } from "~/server/security.server";

const req = (path: string, init: RequestInit = {}) => new Request(`https://app.test${path}`, init);

describe("guardRequest", () => {
  it("lets safe and same-origin requests through", () => {
    expect(guardRequest(req("/"))).toBeNull();
    expect(
      guardRequest(
        req("/x", {
          method: "POST",
          headers: { origin: "https://app.test", "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        }),
      ),
    ).toBeNull();
  });

  it("refuses what no route should see", () => {
    expect(guardRequest(req("/%E0%A4%A"))?.status).toBe(400);
    expect(
      guardRequest(req("/x", { method: "POST", headers: { origin: "https://evil.test" }, body: "a" }))?.status,
    ).toBe(403);
    expect(
      guardRequest(req("/x", { method: "POST", headers: { "sec-fetch-site": "cross-site" }, body: "a" }))?.status,
    ).toBe(403);
    expect(
      guardRequest(
        req("/x", { method: "POST", headers: { origin: "https://app.test", "content-length": "2000000" }, body: "a" }),
      )?.status,
    ).toBe(413);
    expect(
      guardRequest(
        req("/x", {
          method: "POST",
          headers: { origin: "https://app.test", "content-type": "application/xml" },
          body: "<a/>",
        }),
      )?.status,
    ).toBe(415);
    // An empty POST, as Chromium sends for a button that saves a card, has no type to check.
    expect(
      guardRequest(
        req("/x", { method: "POST", headers: { origin: "https://app.test", "content-length": "0" }, body: "" }),
      ),
    ).toBeNull();
  });
});

describe("contentSecurityPolicy", () => {
  it("binds scripts to the nonce and closes plugin, base and framing holes", () => {
    const csp = contentSecurityPolicy("abc", false);
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("ws:");
  });
});
