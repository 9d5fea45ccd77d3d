import { type StatField, statUpserts, type VisitSource } from "./cards.server";
import type { Database } from "./db.server";

/**
 * View and save counts gathered in the isolate and written as one D1 batch a moment later, so a visitor
 * served from the edge cache costs no D1 query. Every request that adds a count keeps the isolate alive
 * (waitUntil) until the flush that carries it has run; only a crash loses the counts of that moment.
 */
export const FLUSH_AFTER_MS = 1000;

type Counts = { views: number; saves: number; shares: number; fromQr: number; fromNfc: number; fromLink: number };
const pending = new Map<string, { cardId: number; day: string; counts: Counts }>();
let flushing: Promise<void> | null = null;

const zero = (): Counts => ({ views: 0, saves: 0, shares: 0, fromQr: 0, fromNfc: 0, fromLink: 0 });

export function countSoon(
  db: Database,
  ctx: ExecutionContext,
  cardId: number,
  field: StatField,
  source: VisitSource = null,
) {
  const day = new Date().toISOString().slice(0, 10);
  const key = `${cardId}|${day}`;
  const entry = pending.get(key) ?? { cardId, day, counts: zero() };
  entry.counts[field]++;
  if (source === "qr") entry.counts.fromQr++;
  if (source === "nfc") entry.counts.fromNfc++;
  if (source === "link") entry.counts.fromLink++;
  pending.set(key, entry);
  flushing ??= new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS))
    .then(() => flush(db))
    .finally(() => {
      flushing = null;
    });
  ctx.waitUntil(flushing);
}

async function flush(db: Database) {
  const rows = [...pending.values()];
  pending.clear();
  const statements = rows.map((r) => statUpserts(db, r.cardId, r.day, r.counts));
  const [first, ...rest] = statements;
  if (!first) return;
  try {
    await db.batch([first, ...rest]);
  } catch (error) {
    console.error("card stats not written", error);
  }
}
