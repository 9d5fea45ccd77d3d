import { useEffect } from "react";
import { useLocation } from "react-router";
import { APP_SCOPES, CACHE_PREFIX, scopeFor, type WorkerMessage } from "~/lib/platform/pwa";

let registered = false;
/** The account the page is signed in to now: a registration waiting for idle time is dropped if it changed. */
let signedIn: string | null = null;

/** Once the page has loaded and the browser is idle, so the worker's downloads never compete with the page's own (0263). */
function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback: a task after the load event stands in for it.
  const idle = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 0);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

async function register(user: string, own: string): Promise<void> {
  await navigator.serviceWorker.register("/sw.js", { scope: own });
  const ready = await navigator.serviceWorker.ready;
  ready.active?.postMessage({ type: "hello", user } satisfies WorkerMessage);
  // The other areas after this one is active, so their installs find the shared precache filled.
  await Promise.all(
    APP_SCOPES.filter((s) => s !== own).map((scope) => navigator.serviceWorker.register("/sw.js", { scope })),
  );
}

/**
 * Nothing of an account outlives its session on this device (signed out, expired, or revoked elsewhere).
 * Sign-out's Clear-Site-Data does most of it, but a worker of another area still installing then would
 * fill its cache again: so a signed-out page also ends every worker and drops every cache of ours.
 */
async function forgetKeptPages(): Promise<void> {
  registered = false;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((r) => r.unregister()));
  if (!("caches" in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX)).map((n) => caches.delete(n)));
}

/**
 * Makes the signed-in app work offline: registers the service worker on signed-in app pages only
 * (never on marketing or visitor card pages), and drops kept pages whenever a page loads signed out.
 */
export function OfflineSupport({ userId }: { userId: string | null }) {
  const { pathname } = useLocation();
  useEffect(() => {
    signedIn = userId;
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    if (!userId) {
      forgetKeptPages().catch(() => undefined);
      return;
    }
    const own = scopeFor(pathname);
    if (!own || registered) return;
    registered = true;
    whenIdle(() => {
      if (signedIn !== userId) {
        registered = false;
        return;
      }
      register(userId, own).catch(() => {
        registered = false;
      });
    });
  }, [userId, pathname]);
  return null;
}
