import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { fetchRecording } from "./d1-count";
import { call, form, signUp, TEST_PASSWORD } from "./helpers";
import { publishNow } from "./organiser-helpers";

/**
 * The production Worker with a D1 binding that counts the statements that read the session and its user. The
 * shell's reads in the same batch name the session's owner in a subquery, and read no session of their own.
 */
async function sessionReads(path: string, cookie: string, accept = "text/html") {
  const { status, statements } = await fetchRecording(path, { headers: { cookie, accept } });
  return { status, reads: statements.filter((s) => /^select .* from "session" inner join "user"/i.test(s)).length };
}

/** Every script a document names (module preloads, imports, script tags). */
function namedScripts(html: string): Set<string> {
  return new Set([
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/import\s*\(?\s*"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? ""),
  ]);
}

describe("the signed-in area", () => {
  it("reads the session once per page, however many loaders ask", async () => {
    const { cookie } = await signUp();
    for (const path of ["/dashboard", "/settings", "/connections", "/capture", "/events", "/card"]) {
      const page = await sessionReads(path, cookie);
      expect(page, path).toEqual({ status: 200, reads: 1 });
    }
    // A client navigation (one data request for every loader on the page) reads it once too.
    expect(await sessionReads("/dashboard.data", cookie, "*/*")).toEqual({ status: 200, reads: 1 });
  });

  it("puts the stylesheet first in the head and every script preload after it, at low priority", async () => {
    const { cookie } = await signUp();
    for (const [path, headers] of [
      ["/dashboard", { cookie, accept: "text/html" }],
      ["/connections", { cookie, accept: "text/html" }],
    ] as const) {
      const html = await (await call(path, { headers })).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const preloads = head.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(3);
      // React writes the attribute as the prop is spelled; HTML attribute names are case-insensitive.
      for (const link of preloads) expect(link.toLowerCase(), path).toContain('fetchpriority="low"');
      // None is left outside the head, and none comes before the stylesheet.
      expect(html.slice(head.length).match(/rel="modulepreload"/g), path).toBeNull();
      expect(head.indexOf('rel="stylesheet"'), path).toBeLessThan(head.indexOf('rel="modulepreload"'));
    }
  });

  it("loads at most 140 KB of script (gzip) before the dashboard is interactive, and no form library", async () => {
    // Every script the document names (module preloads, imports, script tags), sized from the build (decision 0262:
    // 175.3 KB before, 136.7 KB after; React and React Router alone are about 108 KB of it).
    const sizes = inject("clientScriptGzip");
    const { cookie } = await signUp();
    const html = await (await call("/dashboard", { headers: { cookie, accept: "text/html" } })).text();
    const named = namedScripts(html);
    for (const url of named) expect(sizes[url], url).toBeTypeOf("number");
    // zod travels in a chunk of its own name (vite.config.ts): none of it before the dashboard is usable.
    expect([...named].filter((url) => /\/zod-/.test(url))).toEqual([]);
    const total = [...named].reduce((sum, url) => sum + (sizes[url] ?? 0), 0);
    expect(total).toBeGreaterThan(50 * 1024);
    expect(total).toBeLessThanOrEqual(140 * 1024);
  });

  it("sends a signed-out visitor to sign in and back, from every private page", async () => {
    for (const path of ["/dashboard", "/card/1", "/connections?q=a", "/events/1", "/settings"]) {
      const res = await call(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("keeps the landing page's sample events public", async () => {
    const res = await call("/events/nonprofit-tech-summit", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Nonprofit");
    // A word that is no sample event is simply not found; a numbered event stays private.
    expect((await call("/events/not-a-sample")).status).toBe(404);
    expect((await call("/events/1")).status).toBe(302);
    expect((await call("/events/new")).status).toBe(302);
  });
});

describe("sign-up", () => {
  it("keeps the browser's time zone when it is a real one, and starts the guide", async () => {
    const email = `zone-${crypto.randomUUID()}@example.org`;
    const res = await call(
      "/auth.data",
      form({ intent: "signup", name: "Zoe", email, password: TEST_PASSWORD, timeZone: "US/Eastern" }),
    );
    expect(res.status).toBe(202);
    const row = await env.DB.prepare(
      "select s.time_zone as zone, s.onboarding from user_settings s join user u on u.id = s.user_id where u.email = ?",
    )
      .bind(email)
      .first();
    expect(row).toEqual({ zone: "America/New_York", onboarding: "card" });
  });
});

describe("a page in the visitor's language", () => {
  it("ships no other language's catalogue: the join page in Japanese names at most 240 KB of script (gzip)", async () => {
    // Decision 0270: every language's catalogue was one 114 KB chunk that every translated page named (325.8 KB here);
    // now each language is a chunk of its own (12-13 KB), loaded beside the page in its language, never named by it.
    const sizes = inject("clientScriptGzip");
    const owner = await signUp("Catalogue Owner");
    const event = await publishNow(owner, "Catalogue Summit");
    const { cookie } = await signUp("Catalogue Visitor");
    const html = await (
      await call(`/e/${event.slug}/join`, { headers: { cookie, accept: "text/html", "accept-language": "ja" } })
    ).text();
    expect(html).toContain('<html lang="ja"');
    const named = [...namedScripts(html)];
    for (const url of named) expect(sizes[url], url).toBeTypeOf("number");
    const total = named.reduce((sum, url) => sum + (sizes[url] ?? 0), 0);
    expect(total).toBeGreaterThan(50 * 1024);
    expect(total).toBeLessThanOrEqual(240 * 1024);
    // Each language's catalogue is its own file, a fraction of what all ten were, and none is named by the page.
    const catalogue = /^\/assets\/(ja|ar|es|fr|de|it|nl|pt-BR|zh-Hans)-[\w-]{8}\.js$/;
    const catalogues = Object.entries(sizes).filter(([url]) => catalogue.test(url));
    expect(catalogues.map(([url]) => catalogue.exec(url)?.[1]).sort()).toEqual([
      "ar",
      "de",
      "es",
      "fr",
      "it",
      "ja",
      "nl",
      "pt-BR",
      "zh-Hans",
    ]);
    for (const [url, bytes] of catalogues) expect(bytes, url).toBeLessThan(20 * 1024);
    expect(named.filter((url) => catalogue.test(url))).toEqual([]);
  });
});
