import { createStore, del, entries, set } from "idb-keyval";

/**
 * Door scans made while the phone is offline wait here, on the device, under the key the page made for each. Sending
 * replays them; the server stores each key once, for one event, so a scan sent twice lets the attendee in once.
 */
const store = () => createStore("knowwho-door", "pending");

type QueuedScan = { key: string; eventId: number; code: string; at: number };

export async function queueScan(scan: QueuedScan): Promise<void> {
  await set(scan.key, scan, store());
}

export async function queuedScans(eventId: number): Promise<QueuedScan[]> {
  return (await entries<string, QueuedScan>(store()))
    .map(([, v]) => v)
    .filter((s) => s.eventId === eventId)
    .sort((a, b) => a.at - b.at);
}

/**
 * Sends this event's queued scans, oldest first, to the door page's action. An answer (let in, already in, or
 * refused) takes the scan off the queue; no answer (still offline) stops, keeping the rest for the next try.
 */
export async function sendScans(
  eventId: number,
  path: string,
): Promise<{ sent: number; refused: number; waiting: number }> {
  let sent = 0;
  let refused = 0;
  for (const scan of await queuedScans(eventId)) {
    const body = new FormData();
    body.set("intent", "scan");
    body.set("code", scan.code);
    body.set("key", scan.key);
    try {
      const res = await fetch(path, { method: "POST", body });
      if (res.status >= 500) break;
      await del(scan.key, store());
      if (res.ok) sent++;
      else refused++;
    } catch {
      break;
    }
  }
  return { sent, refused, waiting: (await queuedScans(eventId)).length };
}
