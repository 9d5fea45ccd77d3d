import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, guardRequest } from "~/server/platform/security.server";
import { lastUseIsStale } from "~/server/platform/tokens.server";

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

describe("a refusal a person reads", () => {
  const tooLarge = (headers: Record<string, string>, path = "/connections/import") =>
    guardRequest(
      req(path, {
        method: "POST",
        headers: { origin: "https://app.test", "content-length": "2000000", ...headers },
        body: "a",
      }),
    );

  it("is a page with a way back for a form the browser sent itself, JSON for scripts", async () => {
    const page = tooLarge({ "sec-fetch-mode": "navigate", referer: "https://app.test/connections/import?step=1" });
    expect(page?.status).toBe(413);
    expect(page?.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = (await page?.text()) ?? "";
    expect(html).toContain("<h1>That file is too large</h1>");
    expect(html).toContain("This page takes up to 1 MB at once.");
    expect(html).toContain('href="/connections/import?step=1"');
    // React Router's own requests and API clients keep the JSON answer.
    const script = tooLarge({ "sec-fetch-mode": "cors", accept: "text/html" });
    expect(await script?.json()).toEqual({ error: "Request body too large" });
    const api = tooLarge({ "sec-fetch-mode": "navigate" }, "/api/capture");
    expect(api?.headers.get("content-type")).toContain("application/json");
  });

  it("is drawn in the theme the person chose, as the app's pages are", async () => {
    const dark = await tooLarge({ "sec-fetch-mode": "navigate", cookie: "a=1; theme=dark" })?.text();
    expect(dark).toContain('<html lang="en" data-theme="dark">');
    const light = await tooLarge({ "sec-fetch-mode": "navigate", cookie: "theme=light" })?.text();
    expect(light).toContain('<html lang="en" data-theme="light">');
    const system = await tooLarge({ "sec-fetch-mode": "navigate", cookie: 'theme="><script>' })?.text();
    expect(system).toContain('<html lang="en" data-theme="system">');
  });

  it("never offers another site, or anything unescaped, as the way back", async () => {
    const elsewhere = await tooLarge({ "sec-fetch-mode": "navigate", referer: "https://evil.test/x" })?.text();
    expect(elsewhere).toContain('href="/"');
    const crafted = await tooLarge({
      "sec-fetch-mode": "navigate",
      referer: 'https://app.test/a?"><script>alert(1)</script>',
    })?.text();
    expect(crafted).not.toContain("<script>");
    expect(crafted).toContain('href="/a?%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    const broken = await guardRequest(req("/%E0%A4%A", { headers: { "sec-fetch-mode": "navigate" } }))?.text();
    expect(broken).toContain("That address could not be read");
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

describe("lastUseIsStale", () => {
  it("writes a credential's last use once a minute at most, and always the first time", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(lastUseIsStale(null, now)).toBe(true);
    expect(lastUseIsStale(new Date(now.getTime() - 60_000), now)).toBe(false);
    expect(lastUseIsStale(new Date(now.getTime() - 60_001), now)).toBe(true);
  });
});
