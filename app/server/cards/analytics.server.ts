import { and, asc, eq, gte, sql } from "drizzle-orm";
import { DAY_MS } from "~/lib/time/days";
import { card, cardSourceStat, user } from "~db/schema";
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

type Counts = { views: number; saves: number; shares: number };
type Source = (typeof VISIT_SOURCES)[number];
const zero = (): Counts => ({ views: 0, saves: 0, shares: 0 });
const bySourceZero = () => Object.fromEntries(VISIT_SOURCES.map((s) => [s, zero()])) as Record<Source, Counts>;

/**
 * A team's card views, saves and share-backs over the last `days` days (decision 0236's holders): per member who holds
 * cards, the team's own cards (held by nobody) on a row of their own, and the team's totals, each by source. One
 * grouped read of the workspace's cards; counts, never visitors.
 */
export async function teamAnalytics(db: Database, workspaceId: string, days = 30, now = new Date()) {
  const since = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .select({
      holderId: card.holderId,
      holder: user.name,
      source: cardSourceStat.source,
      views: sql<number>`sum(${cardSourceStat.views})`,
      saves: sql<number>`sum(${cardSourceStat.saves})`,
      shares: sql<number>`sum(${cardSourceStat.shares})`,
    })
    .from(cardSourceStat)
    .innerJoin(card, eq(card.id, cardSourceStat.cardId))
    .leftJoin(user, eq(user.id, card.holderId))
    .where(and(eq(card.userId, workspaceId), gte(cardSourceStat.day, since)))
    .groupBy(card.holderId, cardSourceStat.source)
    .limit(10_000);
  const team = { ...zero(), sources: bySourceZero() };
  const members = new Map<
    string,
    { id: string | null; name: string | null } & Counts & { sources: Record<Source, Counts> }
  >();
  for (const r of rows) {
    const key = r.holderId ?? "";
    const m = members.get(key) ?? { id: r.holderId, name: r.holder, ...zero(), sources: bySourceZero() };
    members.set(key, m);
    const source = (VISIT_SOURCES.includes(r.source as Source) ? r.source : "link") as Source;
    for (const into of [m, m.sources[source], team, team.sources[source]]) {
      into.views += r.views;
      into.saves += r.saves;
      into.shares += r.shares;
    }
  }
  const list = (s: Record<Source, Counts>) =>
    VISIT_SOURCES.map((k) => ({ source: k, label: SOURCE_LABEL[k], ...s[k] }));
  return {
    days,
    totals: { views: team.views, saves: team.saves, shares: team.shares, sources: list(team.sources) },
    members: [...members.values()]
      .sort((a, b) => b.views - a.views || (a.name ?? "").localeCompare(b.name ?? ""))
      .map((m) => ({ ...m, sources: list(m.sources) })),
  };
}
