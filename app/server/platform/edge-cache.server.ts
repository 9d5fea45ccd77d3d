/**
 * Rendered responses kept in the data centre's cache (the Workers Cache API), so a hit costs one cache
 * read: no D1, no KV, no rendering. Every entry carries Cache-Tag headers; a change purges its tags
 * here at once and, in production, in every data centre through the zone purge API (purge.server.ts).
 * See docs/decisions/0070-edge-cached-card-pages.md.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/lib/i18n/locales";
import { purgeEverywhere } from "./purge.server";

/**
 * Keys live under one fixed origin, whatever host the visitor used, so a purge needs no request and
 * reaches the copies made for every host name of the site.
 */
export const CACHE_ORIGIN = "https://edge-cache.knowwho.app";

/** How long an entry may stand at the edge; purges end it sooner. Browsers always revalidate. */
const EDGE_TTL_SECONDS = 60 * 60 * 24;
/** Without a zone purge, other data centres learn of a change only when their copy expires. */
const UNPURGEABLE_TTL_SECONDS = 60;

/** The lifetime of a stored copy: a day when a change is purged everywhere, a minute when it cannot be. */
export const edgeTtl = (env: PurgeEnv) =>
  env.CF_ZONE_ID && env.CF_PURGE_TOKEN ? EDGE_TTL_SECONDS : UNPURGEABLE_TTL_SECONDS;

export type PurgeEnv = { CF_ZONE_ID?: string; CF_PURGE_TOKEN?: string; CF_API_BASE?: string };

/** The cache key of a path: query strings and cookies never reach it. */
export const edgeKey = (path: string) => new Request(`${CACHE_ORIGIN}${path}`);

/** The tags that name one card's pages; the card's slug is unique among published cards. */
export const cardTag = (slug: string) => `card:${slug}`;

/** The cache key of a card's page in one language: English keeps the plain path. */
export const cardPagePath = (slug: string, locale: Locale) =>
  locale === DEFAULT_LOCALE ? `/c/${slug}` : `/c/${slug}?lang=${locale}`;

/** Every cached copy of a card: its page (English first), its vCard, then its page in each other language. */
export const cardPaths = (slug: string) => [
  `/c/${slug}`,
  `/c/${slug}/contact.vcf`,
  `/c/${slug}/contact.vcf?version=4.0`,
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).map((l) => cardPagePath(slug, l)),
];

function cache(): Cache | null {
  // Absent outside workerd (the unit tests); on workers.dev it exists but stores nothing.
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

export async function edgeGet(path: string): Promise<Response | null> {
  return (await cache()?.match(edgeKey(path))) ?? null;
}

/** When each tag was last purged here (a random id); read only on a miss, so a hit never pays for it. */
const purgeMark = (tag: string) => edgeKey(`/__purged/${encodeURIComponent(tag)}`);

async function marks(store: Cache, tags: string[]): Promise<string> {
  const found = await Promise.all(tags.map((t) => store.match(purgeMark(t))));
  return (await Promise.all(found.map((r) => r?.text() ?? ""))).join(",");
}

/** Marks remembered by this isolate for a moment, so a page hit costs one cache read, not one per tag. */
const MARK_MEMO_MS = 1000;
const memo = new Map<string, { value: string; at: number }>();

/**
 * The purge marks of `tags` as one string, to put in a cache key: a purge here changes them, so keys
 * that cannot be listed (pages keyed by theme, day and query) stop being read at once in this isolate and
 * within a second in the others of this data centre; other data centres drop them by tag.
 */
export async function tagGeneration(tags: string[]): Promise<string> {
  const store = cache();
  if (!store) return "";
  const now = Date.now();
  const parts = await Promise.all(
    tags.map(async (tag) => {
      const known = memo.get(tag);
      if (known && now - known.at < MARK_MEMO_MS) return known.value;
      const value = (await (await store.match(purgeMark(tag)))?.text()) ?? "";
      memo.set(tag, { value, at: now });
      return value;
    }),
  );
  return parts.join(",");
}

/**
 * Taken before a miss reads the data it will render. A purge that runs between this and the put below
 * changes the marks, and the put then drops its copy: it may have been rendered from data read before
 * the change. Ordering, not clocks, so machines whose clocks differ cannot keep a stale copy alive.
 */
export async function edgeTicket(tags: string[]): Promise<string> {
  const store = cache();
  return store ? marks(store, tags) : "";
}

/**
 * Stores a copy of `response` under `path`, tagged. Responses that set cookies or vary per visitor must
 * never come here: the caller passes only what every anonymous visitor would get.
 */
export async function edgePut(path: string, response: Response, tags: string[], env: PurgeEnv, ticket?: string) {
  const store = cache();
  if (!store) return;
  if (response.headers.has("set-cookie")) throw new Error(`refusing to cache ${path}: it sets a cookie`);
  const stored = new Response(response.body, response);
  stored.headers.set("cache-control", `public, max-age=${edgeTtl(env)}`);
  stored.headers.set("cache-tag", tags.join(","));
  await store.put(edgeKey(path), stored);
  if (ticket !== undefined && (await marks(store, tags)) !== ticket) await store.delete(edgeKey(path));
}

/**
 * Drops what changed: `paths` in this data centre now, and everything tagged `tags` in every data centre
 * through the zone purge API when it is configured. Resolves once the local copies are gone; a failed
 * global purge is logged, since the write that caused it has already happened.
 */
export async function purge(env: PurgeEnv, { paths, tags }: { paths: string[]; tags: string[] }): Promise<void> {
  const store = cache();
  if (store) {
    const id = crypto.randomUUID();
    const mark = () => new Response(id, { headers: { "cache-control": `public, max-age=${EDGE_TTL_SECONDS}` } });
    await Promise.all(tags.map((t) => store.put(purgeMark(t), mark())));
    for (const tag of tags) memo.set(tag, { value: id, at: Date.now() });
    await Promise.all(paths.map((p) => store.delete(edgeKey(p))));
  }
  const result = await purgeEverywhere(env, tags);
  if (!result.ok) console.error(`global cache purge failed: ${result.error}`);
}

/** The response a visitor gets from a stored copy: browsers and shared proxies must ask again each time. */
export function fromEdge(stored: Response, hit: boolean): Response {
  const res = new Response(stored.body, stored);
  res.headers.delete("cache-tag");
  res.headers.set("cache-control", "public, max-age=0, must-revalidate");
  res.headers.set("x-edge-cache", hit ? "HIT" : "MISS");
  return res;
}

/**
 * Takes cards' visitor pages (every language, the vCards) out of every edge cache, so the next visitor anywhere
 * reads D1. Here, below the features, so any feature that changes a card (a team's member removal too) purges alike.
 */
export async function purgeCards(env: PurgeEnv, slugs: (string | null)[]) {
  const known = slugs.filter((s): s is string => Boolean(s));
  await purge(env, { paths: known.flatMap(cardPaths), tags: known.map(cardTag) });
}
