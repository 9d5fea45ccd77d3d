import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import donorbox from "../fixtures/gifts/donorbox-donations.csv?raw";
import stripe from "../fixtures/gifts/stripe-unified_payments.csv?raw";
import { call, cookieOf, form, signUp } from "./helpers";

const location = (res: Response) => res.headers.get("location") ?? "";
const page = async (res: Response | Promise<Response>) =>
  (await (await res).text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replace(/<[^>]+>/g, "");
const count = async (sql: string, ...binds: unknown[]) =>
  Number(
    await env.DB.prepare(sql)
      .bind(...binds)
      .first("n"),
  );

const CAMPAIGN = {
  intent: "save",
  title: "Autumn Appeal",
  description: "Coats for winter.",
  extendedDescription: "Warm coats for every child.",
  organization: "Warm Hands",
  organizerName: "Ada Obi",
  location: "Leeds",
  category: "education",
  currency: "USD",
  goal: "5000",
  startDate: "2026-01-01",
  endDate: "2030-12-31",
  mission: "No child cold.",
  impact: "40 dollars buys a coat.",
  budget: "Coats: 5000",
  team: "Ada Obi, Director",
  suggested: "25, 50",
};

async function owner() {
  const o = await signUp("Export Owner");
  const headers = { cookie: o.cookie };
  const created = await call("/campaigns/new", { ...form(CAMPAIGN), headers });
  expect(created.status).toBe(302);
  const id = location(created).split("/")[2] ?? "";
  const userId = String(await env.DB.prepare("select id from user where email = ?").bind(o.email).first("id"));
  return { ...o, headers, id, userId };
}
type Owner = Awaited<ReturnType<typeof owner>>;

/** Uploads a file and returns the preview id the import redirects to. */
async function preview(o: Owner, text: string, name: string) {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", new File([text], name, { type: "text/csv" }));
  const res = await call(`/campaigns/${o.id}/import`, { method: "POST", body, headers: o.headers });
  expect(res.status).toBe(302);
  return new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
}
const confirm = (o: Owner, id: string, extra: Record<string, string> = {}) =>
  call(`/campaigns/${o.id}/import`, { ...form({ intent: "confirm", preview: id, ...extra }), headers: o.headers });
const gifts = (o: Owner) => count("select count(*) as n from gift where user_id = ?", o.userId);

describe("our gift export carries each gift's key", () => {
  it("re-imported, it adds nothing: every gift, imported, by hand or online, is found already recorded", async () => {
    const o = await owner();
    const hand = {
      intent: "gift",
      nonce: crypto.randomUUID(),
      donorName: 'Cass "Cash" =Lee',
      donorEmail: "cass@x.example",
      amount: "200",
      currency: "USD",
      date: "2026-02-01",
      method: "cash",
      note: "Given at the fair, line one\nline two",
    };
    expect((await call(`/campaigns/${o.id}`, { ...form(hand), headers: o.headers })).status).toBe(302);
    expect((await confirm(o, await preview(o, stripe, "stripe.csv"))).status).toBe(302);
    const before = await gifts(o);
    expect(before).toBe(3);

    const csv = await call(`/campaigns/${o.id}/gifts.csv`, { headers: o.headers });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain('"Gift key"');
    const id = await preview(o, text, `${o.id}-gifts.csv`);
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown).toContain("read as KnowWho gift export");
    expect(shown.match(/Row \d: Imported before; skipped/g)).toHaveLength(3);
    expect(shown).toContain("Nothing to import");
    // The one column no field reads is named, not dropped without a word.
    expect(shown).toContain("Not imported: 1 column no field above reads (Source)");
    const refused = await confirm(o, id);
    expect(refused.status).toBe(400);
    expect(await page(refused)).toContain("Nothing in this file is left to import");
    expect(await gifts(o)).toBe(before);

    // Another account importing the same file records its own copies: keys are per account.
    const other = await owner();
    expect((await confirm(other, await preview(other, text, "theirs.csv"))).status).toBe(302);
    expect(await gifts(other)).toBe(3);
    expect(await gifts(o)).toBe(before);
  });

  it("the export is the owner's alone", async () => {
    const o = await owner();
    const stranger = await owner();
    expect((await call(`/campaigns/${o.id}/gifts.csv`, { headers: stranger.headers })).status).toBe(404);
  });
});

describe("the gift import names every column it does not keep", () => {
  it("a Donorbox export's address, employer and fee columns are listed in the preview", async () => {
    const o = await owner();
    const id = await preview(o, donorbox, "donorbox.csv");
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    const line = shown.slice(shown.indexOf("Not imported:"), shown.indexOf("Choose a field for any you want kept"));
    for (const column of ["Address", "Address 2", "City", "Postal Code", "Employer", "Occupation", "Processing Fee"])
      expect(line).toContain(column);
    expect(line).not.toContain("Donor Email");
  });
});

describe("thank-you status in bulk", () => {
  const file = [
    "Date,Donor,Email,Amount,Currency,Thanked",
    "2025-03-01,Ann Past,ann@x.example,50,USD,2025-03-04",
    "2025-04-01,Bo Past,bo@x.example,60,USD,yes",
    "2025-05-01,Cy Past,cy@x.example,70,USD,",
  ].join("\n");
  const thanked = (o: Owner) =>
    count("select count(*) as n from gift where user_id = ? and acknowledged_at is not null", o.userId);

  it("an imported file's Thanked column is kept, and 'already thanked' marks the rest", async () => {
    const o = await owner();
    expect((await confirm(o, await preview(o, file, "past.csv"))).status).toBe(302);
    expect(await thanked(o)).toBe(2);
    expect(
      await env.DB.prepare("select acknowledged_at as a from gift where user_id = ? and donor_name = 'Ann Past'")
        .bind(o.userId)
        .first("a"),
    ).toBe(Date.parse("2025-03-04T12:00:00Z"));

    const p = await owner();
    expect((await confirm(p, await preview(p, file, "past.csv"), { alreadyThanked: "on" })).status).toBe(302);
    expect(await thanked(p)).toBe(3);
  });

  it("ticked gifts are marked thanked in one submit; another account's ids and thanked ones are left alone", async () => {
    const o = await owner();
    const other = await owner();
    const plain = file.replace(/,Thanked|,2025-03-04|,yes|,$/gm, "");
    expect((await confirm(o, await preview(o, plain, "past.csv"))).status).toBe(302);
    expect((await confirm(other, await preview(other, plain, "past.csv"))).status).toBe(302);
    const ids = (
      await env.DB.prepare("select id from gift where user_id = ? order by id").bind(o.userId).all<{ id: number }>()
    ).results.map((r) => r.id);
    const theirs = Number(await env.DB.prepare("select id from gift where user_id = ?").bind(other.userId).first("id"));
    const dashboard = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(dashboard).toContain("Waiting for a thank-you (3)");
    expect(dashboard).toContain("Mark all 3 as thanked");

    const body = new URLSearchParams({ intent: "thanked-many", back: `/campaigns/${o.id}` });
    for (const id of [ids[0], ids[1], ids[1], theirs]) body.append("gifts", String(id));
    const res = await call("/campaigns/gifts", { method: "POST", body, headers: o.headers });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/campaigns/${o.id}`);
    expect(await thanked(o)).toBe(2);
    expect(await thanked(other)).toBe(0);
    // The toast counts what changed: one gift left, one already thanked, is one.
    const again = new URLSearchParams({ intent: "thanked-many", back: `/campaigns/${o.id}` });
    for (const id of [ids[1], ids[2]]) again.append("gifts", String(id));
    const second = await call("/campaigns/gifts", { method: "POST", body: again, headers: o.headers });
    const flash = cookieOf(second, "toast");
    const next = await page(
      call(location(second), { headers: { cookie: `${o.cookie}; ${flash}`, accept: "text/html" } }),
    );
    expect(next).toContain("Marked 1 gift as thanked");
    expect(await thanked(o)).toBe(3);

    const bad = new URLSearchParams({ intent: "thanked-many" });
    bad.append("gifts", "abc");
    expect((await call("/campaigns/gifts", { method: "POST", body: bad, headers: o.headers })).status).toBe(400);
  });
});

describe("the donor retention view", () => {
  const year = new Date().getUTCFullYear();
  const file = [
    "Date,Donor,Email,Amount,Currency,Refunded",
    `${year}-01-05,Ann Again,ann@x.example,70,USD,0`,
    `${year - 1}-03-01,Ann Again,ANN@x.example,50,USD,0`,
    `${year}-01-06,Bo First,bo@x.example,10,USD,0`,
    `${year - 1}-05-01,Cy Lapsed,cy@x.example,20,USD,0`,
    `${year - 3}-05-01,"=Di <b>Old</b>",di@x.example,30,USD,0`,
    `${year - 1}-06-01,Ed Refunded,ed@x.example,40,USD,40`,
  ].join("\n");

  it("lists this year's, first-time, LYBUNT and SYBUNT donors with amounts, exportable, for the owner alone", async () => {
    const o = await owner();
    expect((await confirm(o, await preview(o, file, "years.csv"))).status).toBe(302);
    // A second campaign's gift from the same donor counts for the same person.
    const second = await call("/campaigns/new", { ...form({ ...CAMPAIGN, title: "Second" }), headers: o.headers });
    const secondId = location(second).split("/")[2] ?? "";
    const more = await preview({ ...o, id: secondId }, `Date,Email,Amount\n${year}-02-01,cy@x.example,5`, "more.csv");
    expect((await confirm({ ...o, id: secondId }, more)).status).toBe(302);

    const res = await call(`/campaigns/retention?year=${year}`, { headers: o.headers });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("=Di &lt;b&gt;Old&lt;/b&gt;");
    expect(html).not.toContain("<b>Old</b>");
    const text = html
      .replaceAll("<!-- -->", "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Gave this year (3)");
    expect(text).toContain("First-time donors (1)");
    expect(text).toContain("LYBUNT: last year but not this year (0)");
    expect(text).toContain("SYBUNT: some year but not last year or this year (1)");

    const csv = await call(`/campaigns/retention.csv?year=${year}`, { headers: o.headers });
    expect(csv.headers.get("content-disposition")).toContain(`donor-retention-${year}.csv`);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      `"Segment","Donor","Email","Currency","${year}","${year - 1}","Lifetime","First gift year","Last gift year"`,
    );
    expect(lines).toContain(
      `"Gave this year","Ann Again","ann@x.example","USD","70.00","50.00","120.00","${year - 1}","${year}"`,
    );
    expect(lines).toContain(
      `"First-time donors","Bo First","bo@x.example","USD","10.00","0.00","10.00","${year}","${year}"`,
    );
    expect(lines).toContain(
      `"Gave this year","Cy Lapsed","cy@x.example","USD","5.00","20.00","25.00","${year - 1}","${year}"`,
    );
    // A formula in a name is written so a spreadsheet shows it as text.
    expect(lines.some((l) => l.includes(`"'=Di <b>Old</b>"`))).toBe(true);
    expect(lines.some((l) => l.includes("Ed Refunded"))).toBe(false);
    expect(lines).toHaveLength(6);

    // Last year's view: Cy and Ann gave then; Di is SYBUNT.
    const last = await page(call(`/campaigns/retention?year=${year - 1}`, { headers: o.headers }));
    expect(last).toContain("LYBUNT: last year but not this year (0)");

    // Another account sees none of it.
    const stranger = await owner();
    const theirs = await page(call(`/campaigns/retention?year=${year}`, { headers: stranger.headers }));
    expect(theirs).toContain("Gave this year (0)");
    const theirCsv = await (await call(`/campaigns/retention.csv?year=${year}`, { headers: stranger.headers })).text();
    expect(theirCsv.trim().split("\r\n")).toHaveLength(1);
    // A year that is not one answers this year's view, never an error.
    expect((await call("/campaigns/retention?year=abc", { headers: o.headers })).status).toBe(200);
  });
});

describe("the gift export has every gift", () => {
  it("streams past 20,000 gifts, newest first, each once", async () => {
    const o = await owner();
    const total = 20_250;
    // Gifts written straight to D1: a file this size would take the import minutes.
    await env.DB.prepare(
      `insert into gift (user_id, campaign_id, amount, currency, date, method, source, external_key, donor_name)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       select ?, ?, 100 + i, 'USD', date('2020-01-01', '+' || (i % 2000) || ' days'), 'cash', 'manual', 'bulk-' || i, 'Donor ' || i from n`,
    )
      .bind(total, o.userId, o.id)
      .run();
    const res = await call(`/campaigns/${o.id}/gifts.csv`, { headers: o.headers });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    const keys = lines.slice(1).map((l) => l.slice(l.lastIndexOf(',"') + 2, -1));
    expect(new Set(keys).size).toBe(total);
    const dates = lines.slice(1).map((l) => l.slice(1, 11));
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
