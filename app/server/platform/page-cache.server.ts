/**
 * Public pages served to anonymous visitors from the edge cache: the rendered HTML is stored once with
 * its nonce replaced by a slot, and each hit gets the request's own fresh nonce, so the CSP stays
 * nonce-strict. Only requests whose cookies cannot change the page are served or stored here; anyone
 * signed in, holding a flash message, or on a page that reads their visitor id is rendered as before.
 * See docs/decisions/0071-edge-cached-public-pages.md.
 */
import { LANG_COOKIE, langCookie, negotiateLocale } from "~/lib/i18n/locales";
import { themeFromCookie } from "~/lib/platform/theme";
import { queryWithoutTracking } from "~/lib/platform/tracking-params";
import type { PurgeEnv } from "./edge-cache.server";
import { edgeGet, edgePut, fromEdge, purge, tagGeneration } from "./edge-cache.server";

declare const __BUILD_ID__: string;
/** A new deploy starts a new set of keys, so content shipped in the code (guides, docs, updates) is never stale. */
const BUILD = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";
/** Stands in for the nonce in stored copies; unguessable, so page content can never contain it. */
const NONCE_SLOT = `nonce-slot-${BUILD}`;

/** What invalidates what: a review purges "reviews", a campaign change "campaigns". */
export type PageTag = "public" | "reviews" | "campaigns" | "events";

/** Every page is kept once per language: its header and footer speak the visitor's (decisions 0194, 0259). */
type PublicPage = { pattern: RegExp; tags: PageTag[]; readsVisitorId?: boolean };

const PUBLIC_PAGES: PublicPage[] = [
  // The landing page features campaigns.
  { pattern: /^\/$/, tags: ["public", "campaigns", "events"] },
  { pattern: /^\/(pricing|features|about|help|contact|guides|updates|privacy|terms|demo|seo)$/, tags: ["public"] },
  { pattern: /^\/(docs|updates)\/[a-z0-9-]+$/, tags: ["public"] },
  // Each guide shows the visitor's own vote, and the reviews list which reviews they marked helpful.
  { pattern: /^\/guides\/[a-z0-9-]+$/, tags: ["public"], readsVisitorId: true },
  { pattern: /^\/reviews$/, tags: ["public", "reviews"], readsVisitorId: true },
  { pattern: /^\/fundraising\/[a-z0-9-]+$/, tags: ["public", "campaigns"] },
  { pattern: /^\/fundraising$/, tags: ["public", "campaigns"] },
];

/** Pages whose body, not only the header and footer, is written in the visitor's language: their errors too. */
const LOCALIZED_PAGES = [
  /^\/(features)?$/,
  /^\/fundraising\/[^/]+(\/(donate|thanks))?$/,
  /^\/fundraising\/gifts\/[^/]+$/,
  /^\/auth(\/(forgot|reset|two-factor))?$/,
  /^\/translate$/,
];

/** Caches between us and the visitor must keep each language's copy apart. */
export const LANGUAGE_VARY = "Accept-Language, Cookie";

export const isLocalizedPath = (pathname: string) => LOCALIZED_PAGES.some((p) => p.test(pathname));

/** Read only in the browser (the newsletter slide-in), so they never change what the server renders. */
const BROWSER_ONLY_COOKIES = new Set(["kw_newsletter_prompt", "kw_subscribed"]);
const VISITOR_COOKIE = "kw_visitor";

const cookieNames = (header: string | null) =>
  (header ?? "")
    .split(";")
    .map((c) => c.split("=")[0]?.trim() ?? "")
    .filter(Boolean);

/**
 * The cache key of a request every anonymous visitor would get the same answer to, or null. The key
 * holds what the page is rendered from besides data: host, path, query, theme and the day (the landing
 * page and campaigns count days). Tracking parameters (utm_*, fbclid...) never change a page, so they
 * are not part of the key.
 */
export function publicPageKey(request: Request): { key: string; tags: string[] } | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const page = PUBLIC_PAGES.find((p) => p.pattern.test(url.pathname));
  if (!page) return null;
  const cookie = request.headers.get("cookie");
  for (const name of cookieNames(cookie)) {
    if (name === "theme" || BROWSER_ONLY_COOKIES.has(name)) continue;
    if (name === VISITOR_COOKIE && !page.readsVisitorId) continue;
    if (name === LANG_COOKIE) continue;
    return null;
  }
  const day = new Date().toISOString().slice(0, 10);
  const theme = themeFromCookie(cookie);
  // One copy per language; the tag generation retires every language's copy at once.
  const lang = negotiateLocale(request).locale;
  const key = `/${BUILD}/${day}/${theme}/${lang}/${url.host}${url.pathname}${queryWithoutTracking(url)}`;
  return { key, tags: page.tags.map(pageTag) };
}

const pageTag = (tag: PageTag) => `page:${tag}`;

type PageApp = { nonce: string; ctx: ExecutionContext; env: PurgeEnv };

/** Serves `request` from the edge cache when it can, otherwise renders it and keeps a copy when it may. */
export async function servePublicPage(
  request: Request,
  app: PageApp,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const res = await serveFromCache(request, app, render);
  const html = res.headers.get("content-type")?.startsWith("text/html");
  return html || isLocalizedPath(new URL(request.url).pathname) ? withLanguageHeaders(request, res) : res;
}

/**
 * `Vary` on a page in the visitor's language (every page's header and footer are), and the preference
 * cookie when `?lang=` chose one; added after any copy is stored, so no stored copy carries a cookie.
 */
function withLanguageHeaders(request: Request, res: Response): Response {
  const out = new Response(res.body, res);
  // Ours first, then whatever the page already varied on, each name once.
  const seen = new Set<string>();
  const vary = `${LANGUAGE_VARY}, ${res.headers.get("vary") ?? ""}`
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
  out.headers.set("vary", vary.join(", "));
  const { chosen } = negotiateLocale(request);
  if (chosen) out.headers.append("set-cookie", langCookie(chosen, new URL(request.url).protocol === "https:"));
  return out;
}

async function serveFromCache(
  request: Request,
  app: PageApp,
  render: (request: Request) => Promise<Response>,
): Promise<Response> {
  const page = publicPageKey(request);
  if (!page) return render(request);
  // The tags' generation leads the key: a purge here retires every earlier copy without listing them.
  const key = `/__pages/${encodeURIComponent(await tagGeneration(page.tags))}${page.key}`;
  const hit = await edgeGet(key);
  if (hit) return withNonce(fromEdge(hit, true), await hit.text(), app.nonce);

  // Rendered without tracking parameters too, so no visitor's click id is echoed into the copy everyone gets.
  const url = new URL(request.url);
  const clean = `${url.origin}${url.pathname}${queryWithoutTracking(url)}`;
  const res = await render(clean === request.url ? request : new Request(clean, request));
  const type = res.headers.get("content-type") ?? "";
  // Errors, redirects and anything that sets a cookie are never stored.
  if (res.status !== 200 || !type.includes("text/html") || res.headers.has("set-cookie")) return res;
  const html = await res.text();
  const stored = new Response(html.replaceAll(app.nonce, NONCE_SLOT), res);
  // A purge between the key above and this put changed the generation: this copy is never read.
  app.ctx.waitUntil(edgePut(key, stored, page.tags, app.env));
  return fromEdge(new Response(html, res), false);
}

function withNonce(res: Response, stored: string, nonce: string) {
  return new Response(stored.replaceAll(NONCE_SLOT, nonce), res);
}

/** After a change to what public pages show: a new review, a campaign's figures. */
export function purgePublicPages(env: PurgeEnv, tags: PageTag[]): Promise<void> {
  // Keys name the day, theme and query, so they are not listed: the new generation retires them here.
  return purge(env, { paths: [], tags: tags.map(pageTag) });
}
