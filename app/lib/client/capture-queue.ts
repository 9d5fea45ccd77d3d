import { createStore, del, entries, set } from "idb-keyval";
import type { CaptureInput } from "../capture";

/**
 * Captures made while offline wait here, on the device, keyed by their clientId. Sync replays
 * them; the server stores each clientId once, so a replay after a lost answer adds no duplicate.
 */
const store = () => createStore("knowwho-captures", "pending");

type Queued = CaptureInput & { clientId: string; rejected?: boolean };

export async function queueCapture(capture: CaptureInput & { clientId: string }): Promise<void> {
  await set(capture.clientId, capture, store());
}

export async function pendingCaptures(): Promise<Queued[]> {
  return (await entries<string, Queued>(store())).map(([, v]) => v);
}

export async function forgetCapture(clientId: string): Promise<void> {
  await del(clientId, store());
}

/** Sends every queued capture; returns how many were stored and how many are still waiting. */
export async function syncCaptures(): Promise<{ synced: number; waiting: number }> {
  let synced = 0;
  const pending = await pendingCaptures();
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
      } else break;
    } catch {
      break;
    }
  }
  const left = await pendingCaptures();
  return { synced, waiting: left.filter((c) => !c.rejected).length };
}
