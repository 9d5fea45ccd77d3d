/**
 * What the service worker controls and keeps. Shared by the page that registers it and the worker
 * itself (app/sw/service-worker.ts), so the two never disagree.
 */

/**
 * One registration per signed-in area. A scope is a URL prefix and cannot exclude paths, so a
 * single "/" scope would also control the visitor card pages (/c/*, /card/v/*); those must stay
 * free of any service worker. "/card" is left out for the same reason (it prefixes /card/v/).
 */
export const APP_SCOPES = ["/dashboard", "/capture", "/connections", "/events", "/notifications", "/settings"];

/** Pages whose last-seen document is kept for offline use (they are inside a scope above). */
export const KEPT_DOCUMENTS = ["/capture", "/connections", "/dashboard"];

/** Pages whose route data (React Router's `.data` requests) is kept for client navigation offline. */
export const KEPT_DATA = ["/capture", "/connections", "/dashboard", "/card"];

/** The static page shown for any other navigation made offline. */
// Served by the static assets at /offline (their HTML handling drops the extension with a redirect).
export const OFFLINE_PAGE = "/offline";

/** The Background Sync tag under which offline captures are replayed. */
export const CAPTURE_SYNC_TAG = "knowwho-captures";

/** Cache names all start here, so sign-out and version changes can find every one of them. */
export const CACHE_PREFIX = "knowwho-";
export const pagesCachePrefix = `${CACHE_PREFIX}pages-`;

export function scopeFor(pathname: string): string | undefined {
  return APP_SCOPES.find((s) => pathname === s || pathname.startsWith(`${s}/`));
}

/** Messages a page sends to its service worker. */
export type WorkerMessage = { type: "hello"; user: string } | { type: "signed-out" };
