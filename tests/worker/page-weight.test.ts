import { gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { LOCALES } from "~/lib/i18n/locales";
import { call, signUp } from "./helpers";

/**
 * The JavaScript a visitor's browser downloads for a public page (issues 18 and 24), read from what the
 * browser is given: every script the server's HTML names (script tags, module preloads, dynamic imports in an
 * inline module), sized from the build's client files gzipped at level 9 as the bench counts them. The light
 * pages' scripts are classic scripts that load no other script (tests/unit/light-scripts.test.ts), so the
 * document's list is the whole download. Moved from the journeys: bytes and
 * script lists need no browser (docs/decisions/0275).
 */
const KB = 1024;
const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength;

async function document(path: string) {
  const res = await call(path, { headers: { accept: "text/html" } });
  expect(res.status, path).toBe(200);
  return res.text();
}

function namedScripts(html: string): string[] {
  const urls = new Set([
    ...[...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...html.matchAll(/import\s*\(?\s*"(\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""),
  ]);
  return [...urls].map((url) => new URL(url, "https://knowwho.test").pathname).sort();
}

async function scriptBytes(path: string) {
  const sizes = inject("clientScriptGzip");
  const html = await document(path);
  const scripts = namedScripts(html);
  for (const url of scripts) expect(sizes[url], `${path} names ${url}, which the build lacks`).toBeTypeOf("number");
  const total = scripts.reduce((sum, url) => sum + (sizes[url] ?? 0), 0);
  return { html, scripts, total };
}

/** React Router's client runtime, as the server's HTML would start it: its context object and module entry. */
const framework = (html: string) => /__reactRouterContext|type="module"/.test(html);

describe("JavaScript budgets of the public pages", () => {
  it("the landing page and the public fundraising and sign-in pages load at most 60 KB gzip", async () => {
    for (const path of [
      "/",
      "/fundraising",
      "/fundraising/books-for-every-child",
      "/auth",
      "/auth?mode=signup",
      "/auth/forgot",
      "/auth/reset?token=not-a-real-token",
    ]) {
      const { total, scripts } = await scriptBytes(path);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(total, `${path}: ${(total / KB).toFixed(1)} KB in ${scripts.join(", ")}`).toBeLessThanOrEqual(60 * KB);
    }
  });

  it("the visitor card is under 10 KB gzip in all, page and scripts, in every language", async () => {
    for (const locale of LOCALES) {
      const { html, scripts, total } = await scriptBytes(`/c/demo?lang=${locale}`);
      expect(scripts, locale).toEqual(["/card.js"]);
      expect(gzip(new TextEncoder().encode(html)) + total, locale).toBeLessThan(10 * KB);
    }
  });

  it("the marketing pages ship no framework JavaScript, only /site.js", async () => {
    for (const path of [
      "/",
      // The landing page in the visitor's language is still static: its words come with the HTML (decision 0283).
      "/?lang=ja",
      "/?lang=ar",
      "/pricing",
      "/features",
      "/about",
      "/guides",
      "/guides/welcome",
      "/docs/krystal-integration",
      "/updates",
      "/privacy",
      "/fundraising",
      "/auth/forgot",
      "/auth/reset?token=not-a-real-token",
      // The sample event and the product tour in the visitor's language: their words come with the HTML.
      "/events/nonprofit-tech-summit?lang=ja",
      "/demo?lang=ar",
    ]) {
      const { html, scripts } = await scriptBytes(path);
      expect(scripts, path).toEqual(["/site.js"]);
      expect(framework(html), path).toBe(false);
    }
  });

  it("sign-in and sign-up add their passkey script, and no framework either", async () => {
    // Decision 0213: the passkey ceremony is a script of its own beside /site.js.
    for (const path of ["/auth", "/auth?mode=signup"]) {
      const { html, scripts } = await scriptBytes(path);
      expect(scripts, path).toEqual(["/passkey.js", "/site.js"]);
      expect(framework(html), path).toBe(false);
    }
  });

  it("a signed-in page does start React Router, so the checks above can fail", async () => {
    const { cookie } = await signUp();
    const html = await (await call("/dashboard", { headers: { cookie, accept: "text/html" } })).text();
    expect(framework(html)).toBe(true);
    expect(namedScripts(html).filter((url) => url.startsWith("/assets/")).length).toBeGreaterThan(3);
  });
});

describe("the Worker's build", () => {
  it("carries one react-dom server renderer, the streaming one", () => {
    // Read from build/server's source maps by the global setup: the journeys and these tests run this build.
    expect(inject("serverRenderers")).toEqual(["react-dom-server.edge.production.js"]);
  });
});
