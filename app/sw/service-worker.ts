/**
 * KnowWho's service worker, built by vite.config.ts (pwaServiceWorker) into /sw.js after the app.
 * Registered once per signed-in area (see APP_SCOPES): never for the visitor card pages.
 *
 * - Build assets, icons and the offline page: what offline capture needs precached at install, the other kept
 *   pages' code once a signed-in page says hello (before their pages are kept); served cache-first.
 * - Kept pages (documents and React Router `.data`): network first, the last good answer kept per
 *   signed-in user; offline, or after a few seconds of venue Wi-Fi, the kept copy is served (waiting
 *   longer right after the page sent a change, which the next answer must show).
 * - Any other navigation offline: the offline page. Any other `.data` request offline: a reload
 *   instruction, so React Router loads the document and the offline page shows.
 * - `/__manifest` (route discovery) offline: the build's own route list.
 * - Background Sync replays offline captures through the same queue the capture page uses.
 * - Encoded card links handed out under /card/v/ (inside the /card scope) are never answered here.
 */
import { syncCaptures } from "~/lib/client/capture-queue";
import {
  BACKGROUND_FETCH_HEADER,
  CACHE_PREFIX,
  CAPTURE_SYNC_TAG,
  isKeptData,
  isKeptDocument,
  KEPT_DATA,
  KEPT_DOCUMENTS,
  OFFLINE_PAGE,
  ownCardPaths,
  pagesCachePrefix,
  passesThrough,
  type WorkerMessage,
} from "~/lib/platform/pwa";

declare const __SW_BUILD__: {
  version: string;
  precache: string[];
  later: string[];
  manifestVersion: string;
  routes: unknown;
};

// The DOM library has no worker types; these are the few this file uses.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type MessageEvent = ExtendableEvent & { data: WorkerMessage };
type Worker = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
};
const sw = self as unknown as Worker;

const BUILD = __SW_BUILD__;
const STATIC_CACHE = `${CACHE_PREFIX}static-${BUILD.version}`;
const META_CACHE = `${CACHE_PREFIX}meta`;
const USER_KEY = "/__sw/user";
/** How long a kept page waits for the network before its kept copy is shown. */
const NETWORK_TIMEOUT_MS = 4000;
/**
 * For 30 s after a page of ours sends a change (any request but GET), kept pages wait longer for the
 * network (15 s, not 4): the answer after a change shows it and carries its message ("Interaction
 * logged"), where a kept copy would show the change undone. Offline, the kept copy still shows at once.
 */
const AFTER_CHANGE_MS = 30_000;
const AFTER_CHANGE_TIMEOUT_MS = 15_000;
let lastChange = 0;
const precached = new Set([...BUILD.precache, ...BUILD.later]);

const pagesCache = (user: string) => `${pagesCachePrefix}${BUILD.version}-${user}`;

async function currentUser(): Promise<string | null> {
  const res = await (await caches.open(META_CACHE)).match(USER_KEY);
  return res ? res.text() : null;
}

async function dropPages(keep?: string): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(pagesCachePrefix) && n !== keep).map((n) => caches.delete(n)));
}

async function setUser(user: string | null): Promise<void> {
  const meta = await caches.open(META_CACHE);
  if (user === null) {
    await meta.delete(USER_KEY);
    await dropPages();
    return;
  }
  // A different account on this device: nothing of the previous one may stay readable.
  if ((await currentUser()) !== user) await dropPages(pagesCache(user));
  await meta.put(USER_KEY, new Response(user));
}

/** Puts in the static cache those of `urls` it lacks (several scopes share it); all or none, as addAll does. */
async function precache(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(STATIC_CACHE);
  const missing = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

/**
 * Fetches the other kept pages' code, then the kept pages this user has no copy of yet (the first visit happens
 * before the worker runs): a kept page is only kept once its code is, so it opens offline as soon as it is.
 */
async function warm(user: string): Promise<void> {
  try {
    await precache(BUILD.later);
  } catch {
    return; // the network dropped halfway: tried again at the next hello
  }
  const cache = await caches.open(pagesCache(user));
  const keep = async (path: string) => {
    if (await cache.match(path)) return;
    const res = await fetch(path, { redirect: "manual", headers: { [BACKGROUND_FETCH_HEADER]: "warm" } }).catch(
      () => null,
    );
    // Still the same user when the answer comes back, or it is not kept; nor over a copy a page's own request
    // kept meanwhile (another scope's worker warms at the same time, and the newer answer wins).
    if (res?.status === 200 && (await currentUser()) === user && !(await cache.match(path))) await cache.put(path, res);
  };
  await Promise.all([...KEPT_DOCUMENTS, ...KEPT_DATA.map((p) => `${p}.data`)].map(keep));
  // Each of the owner's cards listed on /card, so the one to show at a venue opens without signal.
  const list = await cache.match("/card");
  const cards = list ? ownCardPaths(await list.text()) : [];
  await Promise.all(cards.flatMap((path) => [keep(path), keep(`${path}.data`)]));
}

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await precache(BUILD.precache);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const user = await currentUser();
      const current = new Set([STATIC_CACHE, META_CACHE, ...(user ? [pagesCache(user)] : [])]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(CACHE_PREFIX) && !current.has(n)).map((n) => caches.delete(n)),
      );
      await sw.clients.claim();
      if (user) await warm(user);
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const message = event.data;
  if (message?.type === "hello" && typeof message.user === "string" && message.user) {
    event.waitUntil(setUser(message.user).then(() => warm(message.user)));
  } else if (message?.type === "signed-out") {
    event.waitUntil(setUser(null));
  }
});

sw.addEventListener("sync", (event) => {
  if (event.tag !== CAPTURE_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const { waiting } = await syncCaptures(await currentUser());
      // Still waiting (the server could not be reached): the browser tries again later.
      if (waiting) throw new Error(`${waiting} captures still waiting`);
    })(),
  );
});

const keptDataPath = (url: URL) => {
  if (!url.pathname.endsWith(".data")) return null;
  const page = url.pathname.slice(0, -".data".length);
  return isKeptData(page) ? page : null;
};

/** Network first; the answer is kept under `key` for this user; the kept copy when the network fails or stalls. */
async function networkFirst(request: Request, key: string, keep: (res: Response) => boolean): Promise<Response> {
  const user = await currentUser();
  const cache = user ? await caches.open(pagesCache(user)) : null;
  const network = fetch(request).then(async (res) => {
    if (cache && keep(res) && (await currentUser()) === user) await cache.put(key, res.clone());
    // Gone (a deleted card): its kept copy goes too, so it never shows offline again.
    else if (cache && res.status === 404) await cache.delete(key);
    return res;
  });
  const kept = cache ? await cache.match(key) : undefined;
  if (!kept) return network;
  const wait = Date.now() - lastChange < AFTER_CHANGE_MS ? AFTER_CHANGE_TIMEOUT_MS : NETWORK_TIMEOUT_MS;
  const stalled = new Promise<Response>((resolve) => setTimeout(() => resolve(kept), wait));
  return Promise.race([network.catch(() => kept), stalled]);
}

async function offlinePage(): Promise<Response> {
  const page = await caches.match(OFFLINE_PAGE);
  // A fresh response: a navigation may not be answered with one that followed a redirect.
  return page
    ? new Response(page.body, { status: 200, headers: page.headers })
    : new Response("You are offline.", { status: 503 });
}

/** React Router loads the document instead, and the navigation handler above answers it. */
function reloadDocument(url: URL): Response {
  const page = `${url.pathname.slice(0, -".data".length) || "/"}${url.search}`;
  const target = new URL(page, url.origin);
  target.searchParams.delete("_routes");
  return new Response(null, {
    status: 204,
    headers: {
      "X-Remix-Redirect": target.pathname + target.search,
      "X-Remix-Status": "302",
      "X-Remix-Reload-Document": "true",
    },
  });
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.method !== "GET") {
    if (request.method !== "HEAD") lastChange = Date.now();
    return;
  }
  // Not ours to answer, online or off: the network (and the server's redirect to /c/v/) decides.
  if (passesThrough(url.pathname)) return;

  // A page's code the worker has not kept (a page not kept offline, or a kept page's before it is): offline, the
  // module React Router imports for it opens the offline page, as a navigation to that page would (0078).
  const code = url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js");
  const network = () =>
    code
      ? fetch(request).catch(
          () =>
            new Response(`location.assign(${JSON.stringify(OFFLINE_PAGE)});`, {
              headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" },
            }),
        )
      : fetch(request);

  if (precached.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname).then((hit) => hit ?? network()));
    return;
  }

  if (code) {
    event.respondWith(network());
    return;
  }

  if (request.mode === "navigate") {
    event.respondWith(
      isKeptDocument(url.pathname)
        ? networkFirst(request, url.pathname, (res) => res.status === 200 && res.type === "basic").catch(offlinePage)
        : fetch(request).catch(offlinePage),
    );
    return;
  }

  if (url.pathname.endsWith(".data")) {
    const page = keptDataPath(url);
    // A full answer (no _routes filter) holds every route's data, so it can stand in for any partial one.
    const keep = (res: Response) => res.status === 200 && !url.searchParams.has("_routes");
    event.respondWith(
      (page ? networkFirst(request, `${page}.data`, keep) : fetch(request)).catch(() => reloadDocument(url)),
    );
    return;
  }

  if (url.pathname === "/__manifest") {
    event.respondWith(
      fetch(request).catch(() =>
        url.searchParams.get("version") === BUILD.manifestVersion
          ? Response.json(BUILD.routes)
          : new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } }),
      ),
    );
  }
});
