import type { StatField, VisitSource } from "./cards.server";

/**
 * View and save counts gathered in the isolate and written as one D1 batch a moment later, so a visitor
 * served from the edge cache costs no D1 query. Every request that adds a count keeps the isolate alive
 * (waitUntil) until the flush that carries it has run; only a crash loses the counts of that moment.
 * Counts go to the card's day (card_stat) and to its day and source (card_source_stat): numbers only,
 * nothing about the visitor.
 */
export const FLUSH_AFTER_MS = 1000;

type Counts = { views: number; saves: number; shares: number; fromQr: number; fromNfc: number; fromLink: number };
type SourceCounts = { views: number; saves: number; shares: number; walletAdds: number };
const pending = new Map<string, { cardId: number; day: string; counts: Counts }>();
const bySource = new Map<string, { cardId: number; day: string; source: string; counts: SourceCounts }>();
let flushing: Promise<void> | null = null;

const zero = (): Counts => ({ views: 0, saves: 0, shares: 0, fromQr: 0, fromNfc: 0, fromLink: 0 });

export function countSoon(
  db: D1Database,
  ctx: ExecutionContext,
  cardId: number,
  field: StatField,
  source: VisitSource = null,
) {
  if (!Number.isSafeInteger(cardId) || cardId < 1) return;
  const day = new Date().toISOString().slice(0, 10);
  const key = `${cardId}|${day}`;
  const entry = pending.get(key) ?? { cardId, day, counts: zero() };
  if (field !== "walletAdds") entry.counts[field]++;
  // The day row's source columns count views, as they always have; per-source detail is below.
  if (field === "views" && source === "qr") entry.counts.fromQr++;
  if (field === "views" && source === "nfc") entry.counts.fromNfc++;
  if (field === "views" && source === "link") entry.counts.fromLink++;
  pending.set(key, entry);
  const where = source ?? "link";
  const sourceKey = `${cardId}|${day}|${where}`;
  const perSource = bySource.get(sourceKey) ?? {
    cardId,
    day,
    source: where,
    counts: { views: 0, saves: 0, shares: 0, walletAdds: 0 },
  };
  perSource.counts[field]++;
  bySource.set(sourceKey, perSource);
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

const UPSERT_SOURCE = `insert into card_source_stat (card_id, day, source, views, saves, shares, wallet_adds)
  select ?1, ?2, ?3, ?4, ?5, ?6, ?7 where exists (select 1 from card where id = ?1)
  on conflict (card_id, day, source) do update set views = views + excluded.views, saves = saves + excluded.saves,
    shares = shares + excluded.shares, wallet_adds = wallet_adds + excluded.wallet_adds`;

async function flush(db: D1Database) {
  const rows = [...pending.values()];
  const sources = [...bySource.values()];
  pending.clear();
  bySource.clear();
  if (rows.length === 0 && sources.length === 0) return;
  const statements = [
    ...rows
      .filter(({ counts: c }) => c.views + c.saves + c.shares + c.fromQr + c.fromNfc + c.fromLink > 0)
      .map(({ cardId, day, counts: c }) =>
        db.prepare(UPSERT).bind(cardId, day, c.views, c.saves, c.shares, c.fromQr, c.fromNfc, c.fromLink),
      ),
    ...sources.map(({ cardId, day, source, counts: c }) =>
      db.prepare(UPSERT_SOURCE).bind(cardId, day, source, c.views, c.saves, c.shares, c.walletAdds),
    ),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    console.error("card stats not written", error);
  }
}
