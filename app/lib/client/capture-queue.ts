import { createStore, del, entries, set } from "idb-keyval";
import type { CaptureInput } from "../capture/capture";
import { CAPTURE_SYNC_TAG } from "../platform/pwa";

/**
 * Captures made while offline wait here, on the device, keyed by their clientId. Sync replays
 * them; the server stores each clientId once, so a replay after a lost answer adds no duplicate.
 * Each carries the id of the account it was made in: the server refuses it from any other session,
 * so a capture queued by one person never lands in the next person's network on a shared device.
 * Used by the capture page and by the service worker (Background Sync).
 */
const store = () => createStore("knowwho-captures", "pending");

type Queued = CaptureInput & { clientId: string; ownerId?: string; rejected?: boolean };

export async function queueCapture(capture: CaptureInput & { clientId: string; ownerId?: string }): Promise<void> {
  await set(capture.clientId, capture, store());
  await requestBackgroundSync();
}

/** Asks the browser to wake the service worker when the network is back, where it can. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    await registration?.sync?.register(CAPTURE_SYNC_TAG);
  } catch {
    // No service worker or no Background Sync: the capture page syncs on reconnect instead.
  }
}

export async function pendingCaptures(ownerId?: string | null): Promise<Queued[]> {
  const all = (await entries<string, Queued>(store())).map(([, v]) => v);
  return ownerId === undefined ? all : all.filter((c) => !c.ownerId || c.ownerId === ownerId);
}

/**
 * Sends every queued capture of this account; returns how many were stored and how many are still
 * waiting. Called from the page and the service worker at once, it sends a capture twice at most,
 * and the server keeps it once.
 */
export async function syncCaptures(ownerId: string | null): Promise<{ synced: number; waiting: number }> {
  let synced = 0;
  const pending = await pendingCaptures(ownerId);
  for (const capture of pending.filter((c) => !c.rejected)) {
    try {
      const res = await fetch("/api/capture", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(capture),
      });
      if (res.ok) {
        await del(capture.clientId, store());
        synced++;
      } else if (res.status === 400) {
        // Kept, not retried: the page offers it back to the person to correct.
        await set(capture.clientId, { ...capture, rejected: true }, store());
      } else if (res.status !== 409) break;
      // 409: made in another account; it waits until that account signs in here again.
    } catch {
      break;
    }
  }
  const left = await pendingCaptures(ownerId);
  return { synced, waiting: left.filter((c) => !c.rejected).length };
}
