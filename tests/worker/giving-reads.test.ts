import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { retention } from "~/lib/fundraising/retention";
import { createDb } from "~/server/db/db.server";
import {
  donorStatement,
  EMPTY_ORGANISATION,
  saveOrganisation,
  statementDonors,
} from "~/server/fundraising/organisation.server";
import { donorYears, givingYears } from "~/server/fundraising/retention.server";
import { observed, rowsRead, type Trip } from "./d1-count";
import { call, signUp, userIdOf } from "./helpers";

vi.setConfig({ testTimeout: 120_000 });

/**
 * Statements and donor retention read the gifts of their period (decision 0272), not the workspace's whole giving:
 * the same period read over N gifts, and over N plus ten times N in other years, reads the same rows.
 */

const N = 60;
const DONORS = 6;

/** A workspace with `DONORS` people, N gifts among them in 2025, and `others` gifts in 2026 and 2018. */
async function giving(name: string, others: number) {
  const session = await signUp(name);
  const id = await userIdOf(session.email);
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email) select ?, 'Donor ' || i, 'donor' || i || '-' || ? || '@giving.example.org' from n`,
  )
    .bind(DONORS, id, id.slice(0, 8))
    .run();
  const gifts = (count: number, year: number, tag: string) =>
    env.DB.prepare(
      `insert into gift (user_id, connection_id, amount, currency, date, method, source, external_key)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ?),
         d(id, k) as (select id, row_number() over (order by id) - 1 from connection where user_id = ?)
       select ?, d.id, 1000 + i, 'USD',
         ? || '-' || printf('%02d', 1 + i % 12) || '-' || printf('%02d', 1 + i % 28), 'cheque', 'manual', ? || i
       from n join d on d.k = i % ?`,
    )
      .bind(count, id, id, String(year), tag, DONORS)
      .run();
  await gifts(N, 2025, "in-");
  if (others) {
    await gifts(others / 2, 2026, "later-");
    await gifts(others / 2, 2018, "earlier-");
  }
  const person = await env.DB.prepare("select id from connection where user_id = ? order by id limit 1")
    .bind(id)
    .first<{ id: number }>();
  return { id, person: person?.id ?? 0 };
}

/** What `read` asked of D1, and the rows D1 read to answer it. */
async function measured<T>(read: (db: ReturnType<typeof createDb>) => Promise<T>) {
  const trips: Trip[] = [];
  const out = await read(createDb(observed(env.DB, { before: (t) => trips.push(t) })));
  return { out, read: await rowsRead(env.DB, trips, (sql) => /\bgift\b/.test(sql)) };
}

describe("reading a period's giving (decision 0272)", () => {
  it("a year's statements read the year's gifts, however much else the workspace was given", async () => {
    const small = await giving("Statement Small", 0);
    const large = await giving("Statement Large", 10 * N);
    const period = { from: "2025-01-01", to: "2025-12-31" };
    const [a, b] = [
      await measured((db) => statementDonors(db, small.id, period)),
      await measured((db) => statementDonors(db, large.id, period)),
    ];
    // The same donors and totals; the rows read are the year's gifts (and their people), not the other 600.
    expect(b.out.map((d) => [d.name, d.gifts, d.totals])).toEqual(a.out.map((d) => [d.name, d.gifts, d.totals]));
    expect(a.out.reduce((n, d) => n + d.gifts, 0)).toBe(N);
    // About three a gift: its index entry, its row and its person's, and a few the plan reads whatever the
    // size (one more in a full run, where other files' workspaces share the tables; 787 before the index).
    expect(a.read).toBeLessThanOrEqual(3 * N + DONORS + 4);
    expect(b.read).toBeLessThanOrEqual(a.read + 2);

    // One donor's statement: their gifts of the year alone.
    const one = await measured((db) => donorStatement(db, large.id, large.person, 2025, "calendar"));
    expect(one.out?.gifts.length).toBe(N / DONORS);
    expect(one.read).toBeLessThanOrEqual(3 * (N / DONORS) + 2);
  });

  it("retention for a year reads gifts up to that year, summed in D1, and its years from one index entry", async () => {
    const small = await giving("Retention Small", 0);
    const large = await giving("Retention Large", 10 * N);
    const [a, b] = [
      await measured((db) => donorYears(db, small.id, 2025)),
      await measured((db) => donorYears(db, large.id, 2025)),
    ];
    // Rows answered: one per donor, year and currency, not one per gift.
    expect(a.out).toHaveLength(DONORS);
    expect(retention(a.out, 2025).firstTime).toHaveLength(DONORS);
    // The large workspace's 2018 gifts count (lifetime, first gift); its 2026 gifts are not read at all.
    expect(b.out).toHaveLength(2 * DONORS);
    expect(retention(b.out, 2025).firstTime).toHaveLength(0);
    expect(a.read).toBeLessThanOrEqual(3 * N + DONORS);
    expect(b.read - a.read).toBeLessThanOrEqual(3 * 5 * N + DONORS);
    const years = await measured((db) => givingYears(db, large.id, new Date("2026-06-01T00:00:00Z")));
    expect(years.out).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
    expect(years.read).toBeLessThanOrEqual(1);
  });

  it("counts donors by the organisation's fiscal year when it set one, on the page and in the CSV", async () => {
    const session = await signUp("Fiscal Owner");
    const id = await userIdOf(session.email);
    await saveOrganisation(createDb(env.DB), id, { ...EMPTY_ORGANISATION, fiscalYearStart: 7 });
    const gift = (email: string, date: string, amount: number) =>
      env.DB.prepare(
        `insert into gift (user_id, amount, currency, date, method, source, external_key, donor_email, donor_name)
         values (?, ?, 'USD', ?, 'cheque', 'manual', ?, ?, ?)`,
      )
        .bind(id, amount, date, crypto.randomUUID(), email, email.split("@")[0])
        .run();
    // July 2025 to June 2026 is fiscal 2025: Ana's two gifts count in it; Ben's August 2026 gift is fiscal 2026.
    await gift("ana@fiscal.example.org", "2025-08-01", 1000);
    await gift("ana@fiscal.example.org", "2026-03-01", 2000);
    await gift("ben@fiscal.example.org", "2026-08-01", 5000);
    const rows = await donorYears(createDb(env.DB), id, 2025, 7);
    const segments = retention(rows, 2025);
    expect(segments.current.map((d) => [d.name, d.thisYear])).toEqual([["ana", { USD: 3000 }]]);
    expect(segments.firstTime.map((d) => d.name)).toEqual(["ana"]);
    const html = await (await call("/campaigns/retention?year=2025", { headers: { cookie: session.cookie } })).text();
    expect(html.replaceAll("<!-- -->", "")).toContain("by fiscal year (");
    const csv = await (
      await call("/campaigns/retention.csv?year=2025", { headers: { cookie: session.cookie } })
    ).text();
    expect(csv).toContain(`"Gave this year","ana","ana@fiscal.example.org","USD","30.00"`);
    expect(csv).not.toContain("ben@fiscal.example.org");
  });
});

describe("the nonprofit application", () => {
  it("starts from the organisation profile: its legal name, country and registration number", async () => {
    const session = await signUp("Prefill Owner");
    const id = await userIdOf(session.email);
    const legalName = `Harbour Shelter ${crypto.randomUUID().slice(0, 6)}, Inc.`;
    await saveOrganisation(createDb(env.DB), id, {
      ...EMPTY_ORGANISATION,
      legalName,
      country: "US",
      taxId: "12-3456789",
    });
    const html = await (await call("/settings/billing/nonprofit", { headers: { cookie: session.cookie } })).text();
    const inputValue = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
    expect(inputValue("organisation")).toBe(legalName);
    expect(inputValue("registrationNumber")).toBe("12-3456789");
    expect(html).toMatch(/<option value="US" selected/);
  });
});
