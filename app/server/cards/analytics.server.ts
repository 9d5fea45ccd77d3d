import { and, asc, eq, gte } from "drizzle-orm";
import { DAY_MS } from "~/lib/time/days";
import { card, cardSourceStat } from "~db/schema";
import type { Database } from "../db/db.server";
import { VISIT_SOURCES } from "./cards.server";

export const SOURCE_LABEL: Record<(typeof VISIT_SOURCES)[number], string> = {
  qr: "QR code",
  nfc: "NFC tag",
  link: "Link",
  signature: "Email signature",
  wallet: "Wallet pass",
};

export type Day = { day: string; views: number; saves: number; shares: number; walletAdds: number };

/**
 * One card's counts per day (UTC days, as they are counted) and per source over the last `days` days;
 * the owner's card only, null otherwise. Counts, never visitors: the share who shared back is share-backs
 * over views.
 */
export async function cardAnalytics(db: Database, userId: string, cardId: number, days = 30, now = new Date()) {
  const [owned] = await db
    .select({ id: card.id, label: card.label, name: card.name, slug: card.slug, published: card.published })
    .from(card)
    .where(and(eq(card.id, cardId), eq(card.userId, userId)));
  if (!owned) return null;
  const since = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .select()
    .from(cardSourceStat)
    .where(and(eq(cardSourceStat.cardId, cardId), gte(cardSourceStat.day, since)))
    .orderBy(asc(cardSourceStat.day))
    .limit(days * 10);
  const series: Day[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    series.push({ day, views: 0, saves: 0, shares: 0, walletAdds: 0 });
  }
  const byDay = new Map(series.map((d) => [d.day, d]));
  const sources = Object.fromEntries(
    VISIT_SOURCES.map((s) => [s, { views: 0, saves: 0, shares: 0, walletAdds: 0 }]),
  ) as Record<(typeof VISIT_SOURCES)[number], Omit<Day, "day">>;
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (d) {
      d.views += r.views;
      d.saves += r.saves;
      d.shares += r.shares;
      d.walletAdds += r.walletAdds;
    }
    const s = sources[r.source as keyof typeof sources] ?? sources.link;
    s.views += r.views;
    s.saves += r.saves;
    s.shares += r.shares;
    s.walletAdds += r.walletAdds;
  }
  const totals = series.reduce(
    (t, d) => ({
      views: t.views + d.views,
      saves: t.saves + d.saves,
      shares: t.shares + d.shares,
      walletAdds: t.walletAdds + d.walletAdds,
    }),
    { views: 0, saves: 0, shares: 0, walletAdds: 0 },
  );
  return {
    card: owned,
    days,
    series,
    sources: VISIT_SOURCES.map((s) => ({ source: s, label: SOURCE_LABEL[s], ...sources[s] })),
    totals,
    shareBackRate: totals.views ? Math.min(1, totals.shares / totals.views) : null,
  };
}
