import type { StatField, VisitSource } from "./cards.server";

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
  db: D1Database,
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

/** Adds a day's counts to the card's row; a card deleted meanwhile adds nothing rather than failing the batch. */
const UPSERT = `insert into card_stat (card_id, day, views, saves, shares, from_qr, from_nfc, from_link)
  select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 where exists (select 1 from card where id = ?1)
  on conflict (card_id, day) do update set views = views + excluded.views, saves = saves + excluded.saves,
    shares = shares + excluded.shares, from_qr = from_qr + excluded.from_qr,
    from_nfc = from_nfc + excluded.from_nfc, from_link = from_link + excluded.from_link`;

async function flush(db: D1Database) {
  const rows = [...pending.values()];
  pending.clear();
  if (rows.length === 0) return;
  const statements = rows.map(({ cardId, day, counts: c }) =>
    db.prepare(UPSERT).bind(cardId, day, c.views, c.saves, c.shares, c.fromQr, c.fromNfc, c.fromLink),
  );
  try {
    await db.batch(statements);
  } catch (error) {
    console.error("card stats not written", error);
  }
}
