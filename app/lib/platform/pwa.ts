/**
 * What the service worker controls and keeps. Shared by the page that registers it and the worker
 * itself (app/sw/service-worker.ts), so the two never disagree.
 */
import { OLD_CARD_LINK_PREFIX } from "../card/link";

/**
 * One registration per signed-in area. A scope is a URL prefix and cannot exclude paths, so a
 * single "/" scope would also control the visitor card pages (/c/*); those must stay free of any
 * service worker. "/card" also prefixes the encoded links handed out before they moved to /c/v/
 * (docs/decisions/0017): the worker never answers those (see `passesThrough`), and the server
 * redirects them to /c/v/, outside every scope.
 */
export const APP_SCOPES = ["/dashboard", "/capture", "/card", "/connections", "/events", "/notifications", "/settings"];

/** Pages whose last-seen document is kept for offline use (they are inside a scope above). */
export const KEPT_DOCUMENTS = ["/capture", "/connections", "/dashboard", "/card"];

/** Pages whose route data (React Router's `.data` requests) is kept for client navigation offline. */
export const KEPT_DATA = ["/capture", "/connections", "/dashboard", "/card"];

/** One of the owner's cards in the editor (/card/{id}): kept too, document and data, as each is seen. */
const OWN_CARD = /^\/card\/\d{1,12}$/;

/** Whether the document of `path` is kept for offline use. */
export const isKeptDocument = (path: string) => KEPT_DOCUMENTS.includes(path) || OWN_CARD.test(path);

/** Whether the route data of `page` (the path before `.data`) is kept for offline use. */
export const isKeptData = (page: string) => KEPT_DATA.includes(page) || OWN_CARD.test(page);

/** The owner's card pages linked from the card list's HTML, so a first visit to /card keeps them all. */
export function ownCardPaths(html: string, max = 20): string[] {
  const found = new Set<string>();
  for (const [, path] of html.matchAll(/href="(\/card\/\d{1,12})"/g)) {
    if (path && found.size < max) found.add(path);
  }
  return [...found];
}

/**
 * Requests the worker must leave to the network untouched (no respondWith): an encoded card link
 * handed out before the move, opened on the owner's phone, goes to the server, which redirects it to
 * /c/v/ (no worker there). Offline it fails as any uncontrolled page would, never with our offline page.
 */
export const passesThrough = (path: string) => path.startsWith(OLD_CARD_LINK_PREFIX) || path === "/card/v";

/**
 * Marks the requests the worker makes on its own to keep pages for offline use. They carry the owner's
 * cookies, so the server must not spend one-time state on them: a flash message read by a background
 * fetch would never reach the page the owner is looking at.
 */
export const BACKGROUND_FETCH_HEADER = "X-KnowWho-Background";

/** The static page shown for any other navigation made offline. */
// Served by the static assets at /offline (their HTML handling drops the extension with a redirect).
export const OFFLINE_PAGE = "/offline";

/** The Background Sync tag under which offline captures are replayed. */
export const CAPTURE_SYNC_TAG = "knowwho-captures";

/** Cache names all start here, so sign-out and version changes can find every one of them. */
export const CACHE_PREFIX = "knowwho-";
export const pagesCachePrefix = `${CACHE_PREFIX}pages-`;

/** The area a signed-in page registers its worker for; never for an encoded card link. */
export function scopeFor(pathname: string): string | undefined {
  if (passesThrough(pathname)) return undefined;
  return APP_SCOPES.find((s) => pathname === s || pathname.startsWith(`${s}/`));
}

/** Messages a page sends to its service worker. */
export type WorkerMessage = { type: "hello"; user: string } | { type: "signed-out" };
