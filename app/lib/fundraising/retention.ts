/**
 * Donor retention as a development director reads it (no I/O here): for one calendar or fiscal year, who gave
 * this year, who gave for the first time, who gave last year but not this year (LYBUNT) and who gave
 * in an earlier year but neither last year nor this one (SYBUNT). Amounts are net of refunds, kept
 * per currency (a donor giving in dollars and euros has two amounts, never one converted sum).
 */

/** One donor's net giving in one year and one currency, as the database sums it. */
export type DonorYear = {
  donor: string;
  name: string;
  email: string | null;
  year: number;
  currency: string;
  total: number;
};

export type Amounts = Record<string, number>;

export type RetentionDonor = {
  donor: string;
  name: string;
  email: string | null;
  thisYear: Amounts;
  lastYear: Amounts;
  lifetime: Amounts;
  firstGiftYear: number;
  lastGiftYear: number;
};

export const SEGMENTS = ["current", "firstTime", "lybunt", "sybunt"] as const;
export type Segment = (typeof SEGMENTS)[number];

export const SEGMENT_LABELS: Record<Segment, string> = {
  current: "Gave this year",
  firstTime: "First-time donors",
  lybunt: "LYBUNT: last year but not this year",
  sybunt: "SYBUNT: some year but not last year or this year",
};

const add = (to: Amounts, currency: string, n: number) => {
  to[currency] = (to[currency] ?? 0) + n;
};

/** Each donor in every segment it belongs to (first-time donors are also among this year's), by name. */
export function retention(rows: DonorYear[], year: number): Record<Segment, RetentionDonor[]> {
  const donors = new Map<string, RetentionDonor>();
  for (const r of rows) {
    if (r.total <= 0 || r.year > year) continue;
    let d = donors.get(r.donor);
    if (!d) {
      d = {
        donor: r.donor,
        name: r.name,
        email: r.email,
        thisYear: {},
        lastYear: {},
        lifetime: {},
        firstGiftYear: r.year,
        lastGiftYear: r.year,
      };
      donors.set(r.donor, d);
    }
    if (!d.email && r.email) d.email = r.email;
    d.firstGiftYear = Math.min(d.firstGiftYear, r.year);
    d.lastGiftYear = Math.max(d.lastGiftYear, r.year);
    add(d.lifetime, r.currency, r.total);
    if (r.year === year) add(d.thisYear, r.currency, r.total);
    if (r.year === year - 1) add(d.lastYear, r.currency, r.total);
  }
  const out: Record<Segment, RetentionDonor[]> = { current: [], firstTime: [], lybunt: [], sybunt: [] };
  for (const d of donors.values()) {
    if (d.lastGiftYear === year) {
      out.current.push(d);
      if (d.firstGiftYear === year) out.firstTime.push(d);
    } else if (d.lastGiftYear === year - 1) out.lybunt.push(d);
    else out.sybunt.push(d);
  }
  for (const s of SEGMENTS) out[s].sort((a, b) => a.name.localeCompare(b.name) || a.donor.localeCompare(b.donor));
  return out;
}

/** The sum of a segment's amounts in one column (this year's, last year's or lifetime), per currency. */
export function segmentTotal(donors: RetentionDonor[], column: "thisYear" | "lastYear" | "lifetime"): Amounts {
  const total: Amounts = {};
  for (const d of donors) for (const [c, n] of Object.entries(d[column])) add(total, c, n);
  return total;
}

/**
 * The year a day counts in: its calendar year, or with a fiscal year starting in `startMonth` (1-12) the year that
 * fiscal year starts in, as statements name it (a July-start organisation's 2026-03-01 counts in 2025).
 */
export const fiscalYearOf = (day: string, startMonth = 1): number =>
  Number(day.slice(0, 4)) - (Number(day.slice(5, 7)) < startMonth ? 1 : 0);

/** The year a page or export asks for: a plain year from 2000 to next year, else this (fiscal) year. */
export function retentionYear(value: string | null, now = new Date(), startMonth = 1): number {
  const current = fiscalYearOf(now.toISOString().slice(0, 10), startMonth);
  const n = value && /^\d{4}$/.test(value) ? Number(value) : current;
  return n >= 2000 && n <= current + 1 ? n : current;
}

/** "$1,200 + €50": a donor's or a segment's amounts, one per currency, largest first. */
export function amountsText(amounts: Amounts, format: (minor: number, currency: string) => string): string {
  const parts = Object.entries(amounts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return parts.length ? parts.map(([c, n]) => format(n, c)).join(" + ") : "—";
}
