import { sql } from "drizzle-orm";
import { type DonorYear, fiscalYearOf } from "~/lib/fundraising/retention";
import type { Database } from "../db/db.server";

/**
 * The workspace's net giving per donor, year and currency up to the end of `year` (later gifts are not read: the
 * (user_id, date) index bounds the scan), summed in D1. A donor is the person the gift is attached to, else the
 * donor's email, else their name: the same person counted once across campaigns.
 */
export async function donorYears(db: Database, userId: string, year: number, startMonth = 1): Promise<DonorYear[]> {
  // The year a gift counts in starts in the organisation's fiscal month (1 is the calendar year).
  const end = `${year + 1}-${String(startMonth).padStart(2, "0")}-01`;
  const rows = await db.all<{
    donor: string;
    name: string | null;
    email: string | null;
    year: number | string;
    currency: string;
    total: number;
  }>(sql`select
      coalesce('p' || g.connection_id, 'e' || lower(nullif(g.donor_email, '')), 'n' || lower(nullif(g.donor_name, '')), 'g' || g.id) as donor,
      max(coalesce(c.name, nullif(g.donor_name, ''), nullif(g.donor_email, ''), 'Anonymous')) as name,
      max(nullif(g.donor_email, '')) as email,
      cast(substr(g.date, 1, 4) as integer) - (cast(substr(g.date, 6, 2) as integer) < ${startMonth}) as year,
      g.currency as currency,
      sum(g.amount - g.amount_refunded) as total
    from gift g
    left join connection c on c.id = g.connection_id and c.user_id = g.user_id
    where g.user_id = ${userId} and g.date < ${end} and g.amount > g.amount_refunded
    group by 1, 4, 5`);
  return rows.map((r) => ({ ...r, name: r.name ?? "Anonymous", year: Number(r.year) }));
}

/** The years the retention view offers: from the workspace's first gift (one index entry read) to this year. */
export async function givingYears(db: Database, userId: string, now = new Date(), startMonth = 1): Promise<number[]> {
  const [first] = await db.all<{ date: string | null }>(
    sql`select min(date) as date from gift where user_id = ${userId}`,
  );
  const current = fiscalYearOf(now.toISOString().slice(0, 10), startMonth);
  const from = Math.max(2000, Math.min(current, first?.date ? fiscalYearOf(first.date, startMonth) : current));
  return Array.from({ length: current - from + 1 }, (_, i) => current - i);
}
