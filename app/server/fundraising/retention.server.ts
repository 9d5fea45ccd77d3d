import { sql } from "drizzle-orm";
import type { DonorYear } from "~/lib/fundraising/retention";
import type { Database } from "../db/db.server";

/**
 * The owner's net giving per donor, year and currency, summed in D1. A donor is the person the gift is
 * attached to, else the donor's email, else their name: the same person counted once across campaigns.
 */
export async function donorYears(db: Database, userId: string): Promise<DonorYear[]> {
  const rows = await db.all<{
    donor: string;
    name: string | null;
    email: string | null;
    year: string;
    currency: string;
    total: number;
  }>(sql`select
      coalesce('p' || g.connection_id, 'e' || lower(nullif(g.donor_email, '')), 'n' || lower(nullif(g.donor_name, '')), 'g' || g.id) as donor,
      max(coalesce(c.name, nullif(g.donor_name, ''), nullif(g.donor_email, ''), 'Anonymous')) as name,
      max(nullif(g.donor_email, '')) as email,
      substr(g.date, 1, 4) as year,
      g.currency as currency,
      sum(g.amount - g.amount_refunded) as total
    from gift g
    left join connection c on c.id = g.connection_id and c.user_id = g.user_id
    where g.user_id = ${userId} and g.amount > g.amount_refunded
    group by 1, 4, 5`);
  return rows.map((r) => ({ ...r, name: r.name ?? "Anonymous", year: Number(r.year) }));
}
