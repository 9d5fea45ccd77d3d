import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Papa from "papaparse";
import { describe, expect, inject, it, vi } from "vitest";
import type { AppContext } from "~/context";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import {
  confirmGiftImport,
  GIFTS_ALREADY_IMPORTED,
  readGiftFile,
  type StoredGiftFile,
} from "~/server/fundraising/gift-import.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { parseEnv } from "~/server/platform/env.server";
import givebutter from "../fixtures/gifts/givebutter-transactions.csv?raw";
import problems from "../fixtures/gifts/problems.csv?raw";
import stripe from "../fixtures/gifts/stripe-unified_payments.csv?raw";
import { call, form, json, signUp } from "./helpers";

const app = (): AppContext => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "t", deliverPaymentEvent };
};
const location = (res: Response) => res.headers.get("location") ?? "";
const page = async (res: Response | Promise<Response>) =>
  (await (await res).text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replace(/<[^>]+>/g, "");
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
// The Worker has no file system: the UTF-8 fixtures come in through Vite as text.
const FIXTURES: Record<string, string> = {
  "givebutter-transactions.csv": givebutter,
  "stripe-unified_payments.csv": stripe,
  "problems.csv": problems,
};
const fixture = (name: string) => new TextEncoder().encode(FIXTURES[name]);

const CAMPAIGN = {
  intent: "save",
  title: "Spring Appeal",
  description: "Books for the library.",
  extendedDescription: "Shelves, books and a reading corner.",
  organization: "Reading Friends",
  organizerName: "Ana Ruiz",
  location: "Portland",
  category: "education",
  currency: "USD",
  goal: "5000",
  startDate: "2026-01-01",
  endDate: "2030-12-31",
  mission: "A book for every child.",
  impact: "25 dollars buys five books.",
  budget: "Books: 5000",
  team: "Ana Ruiz, Director",
  suggested: "25, 50",
};

async function owner(name = "Import Owner") {
  const o = await signUp(name);
  const headers = { cookie: o.cookie };
  const created = await call("/campaigns/new", { ...form(CAMPAIGN), headers });
  expect(created.status).toBe(302);
  const id = location(created).split("/")[2] ?? "";
  const userId = (await one<{ id: string }>("select id from user where email = ?", o.email))?.id ?? "";
  return { ...o, headers, id, userId };
}

async function upload(o: { headers: { cookie: string } }, campaignId: string, bytes: Uint8Array, name: string) {
  const body = new FormData();
  body.set("intent", "upload");
  body.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "text/csv" }));
  return call(`/campaigns/${campaignId}/import`, { method: "POST", body, headers: o.headers });
}

async function preview(o: { headers: { cookie: string } }, campaignId: string, name: string) {
  const res = await upload(o, campaignId, fixture(name), name);
  expect(res.status).toBe(302);
  const id = new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return id;
}

const confirm = (o: { headers: { cookie: string } }, campaignId: string, id: string, extra = {}) =>
  call(`/campaigns/${campaignId}/import`, {
    ...form({ intent: "confirm", preview: id, ...extra }),
    headers: o.headers,
  });

const gifts = (userId: string) =>
  env.DB.prepare(
    "select external_key, amount, amount_refunded, source, method, connection_id, donor_name from gift where user_id = ? order by id",
  )
    .bind(userId)
    .all<{
      external_key: string;
      amount: number;
      amount_refunded: number;
      source: string;
      method: string;
      connection_id: number;
      donor_name: string;
    }>();

describe("importing gifts from a CSV export", () => {
  it("previews a Givebutter file, then imports it whole: gifts, donors matched by email, timeline, totals", async () => {
    const o = await owner();
    // Ana is already in the network, with a note the import must keep.
    const ana = await call(
      "/api/capture",
      json({ name: "Ana Lima", email: "ANA.LIMA@example.org", notes: "Board member" }, o.cookie),
    );
    expect(ana.status).toBeLessThan(300);
    const anaId = (await one<{ id: number }>("select id from connection where user_id = ?", o.userId))?.id;
    const added = await addEndpoint(app(), o.userId, {
      url: `${inject("fakeServices")}/hooks/import-${crypto.randomUUID()}`,
      events: ["gift.received"],
    });
    expect(added).not.toHaveProperty("error");

    const id = await preview(o, o.id, "givebutter-transactions.csv");
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown).toContain("read as Givebutter transactions export");
    expect(shown).toContain("In your network: Ana Lima");
    expect(shown).toContain("New donor");
    expect(shown).toContain("Row 5: Refunded; skipped");
    expect(shown).toContain("Row 6: Status “failed”, not a completed gift; skipped");
    expect(shown).toContain("Import 4 gifts");
    expect(shown).toContain("$1,200.00");
    // The preview wrote nothing.
    expect((await gifts(o.userId)).results).toHaveLength(0);

    const done = await confirm(o, o.id, id);
    expect(done.status).toBe(302);
    expect(location(done)).toBe(`/campaigns/${o.id}`);
    const rows = (await gifts(o.userId)).results;
    expect(rows.map((r) => [r.external_key, r.amount, r.source, r.method])).toEqual([
      ["import:givebutter:GBT-1001", 5000, "import", "card"],
      ["import:givebutter:GBT-1002", 2500, "import", "card"],
      ["import:givebutter:GBT-1003", 120000, "import", "bank_transfer"],
      ["import:givebutter:GBT-1006", 3000, "import", "cheque"],
    ]);
    // Ana's two gifts are hers: matched by email, tagged Donor, her note kept.
    expect(rows[0]?.connection_id).toBe(anaId);
    expect(rows[3]?.connection_id).toBe(anaId);
    const anaRow = await one<{ tags: string; notes: string }>("select tags, notes from connection where id = ?", anaId);
    expect(JSON.parse(anaRow?.tags ?? "[]")).toContain("Donor");
    expect(anaRow?.notes).toBe("Board member");
    const people = await env.DB.prepare("select name, source, tags from connection where user_id = ? order by id")
      .bind(o.userId)
      .all<{ name: string; source: string; tags: string }>();
    expect(people.results.map((p) => [p.name, p.source])).toEqual([
      ["Ana Lima", expect.any(String)],
      ["Ben Okafor", "import"],
      ["Chloé Durand", "import"],
    ]);
    expect(JSON.parse(people.results[1]?.tags ?? "[]")).toContain("Donor");
    // One timeline entry per gift, dated the day it was given.
    const entries = await one<{ n: number }>(
      "select count(*) as n from interaction where user_id = ? and kind = 'gift'",
      o.userId,
    );
    expect(entries?.n).toBe(4);
    // The campaign, its analytics and the donor's page count the gifts.
    const dashboard = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(dashboard).toContain("$1,305");
    expect(dashboard).toContain("Imported");
    // Ben's monthly gift counts as recurring, in the chart and the export; the others as one-time.
    expect(dashboard).toContain("One-time: $1,280, Recurring: $25.");
    const exported = await (await call(`/campaigns/${o.id}/gifts.csv`, { headers: o.headers })).text();
    const cells = Papa.parse<string[]>(exported.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(cells.map((row) => [row[1], row[8]])).toEqual([
      ["Donor", "Recurring"],
      ["Ana Lima", "no"],
      ["Chloé Durand", "no"],
      ["Ben Okafor", "yes"],
      ["Ana Lima", "no"],
    ]);
    expect(await one<{ n: string }>("select count(*) as n from gift where campaign_id = ?", o.id)).toEqual({ n: 4 });
    const ben = rows[1]?.connection_id;
    const person = await page(call(`/connections/${ben}`, { headers: o.headers }));
    expect(person).toContain("$25.00");
    // Announced once each, after the commit.
    await vi.waitFor(async () => {
      const sent = await env.DB.prepare("select payload from webhook_delivery where user_id = ?")
        .bind(o.userId)
        .all<{ payload: string }>();
      expect(sent.results).toHaveLength(4);
      expect(JSON.parse(sent.results[0]?.payload ?? "{}").data.gift).toMatchObject({ source: "import" });
    });
  });

  it("imports the same file once: a second preview skips every gift and a second confirm adds nothing", async () => {
    const o = await owner();
    const first = await preview(o, o.id, "stripe-unified_payments.csv");
    const second = await preview(o, o.id, "stripe-unified_payments.csv");
    // Two confirms at once (two tabs): the unique key keeps one of each gift; the later one may find
    // nothing left to import.
    const [a, b] = await Promise.all([confirm(o, o.id, first), confirm(o, o.id, second)]);
    expect([
      [302, 302],
      [302, 400],
    ]).toContainEqual([a.status, b.status].sort());
    const rows = (await gifts(o.userId)).results;
    expect(rows.map((r) => [r.external_key, r.amount, r.amount_refunded])).toEqual([
      ["import:stripe:ch_3Ora001", 6000, 0],
      ["import:stripe:ch_3Ora002", 8000, 2000],
    ]);
    const again = await preview(o, o.id, "stripe-unified_payments.csv");
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${again}`, { headers: o.headers }));
    expect(shown).toContain("Imported before; skipped");
    expect(shown).toContain("Nothing to import");
    const refused = await confirm(o, o.id, again);
    expect(refused.status).toBe(400);
    expect(await page(refused)).toContain("Nothing in this file is left to import");
    expect((await gifts(o.userId)).results).toHaveLength(2);
    // The key is the database's own: a second row with it cannot be written, whatever a check said.
    await expect(
      env.DB.prepare(
        "insert into gift (user_id, amount, currency, date, method, source, external_key) values (?, 1, 'USD', '2026-10-01', 'card', 'import', ?)",
      )
        .bind(o.userId, "import:stripe:ch_3Ora001")
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    // A refund counts for its net only: 60 + (80 - 20).
    const dashboard = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(dashboard).toContain("$120");
  });

  it("shows a donor the people core will match by phone as already in the network", async () => {
    const o = await owner();
    await call("/api/capture", json({ name: "Ana from the gala", phone: "(503) 555-0101" }, o.cookie));
    const id = await preview(o, o.id, "givebutter-transactions.csv");
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown.match(/In your network: Ana from the gala/g)).toHaveLength(2);
    expect((await confirm(o, o.id, id)).status).toBe(302);
    const owners = await env.DB.prepare(
      "select distinct g.connection_id as id, c.name from gift g join connection c on c.id = g.connection_id where g.user_id = ? and g.donor_email like 'ana.lima%'",
    )
      .bind(o.userId)
      .all<{ id: number; name: string }>();
    expect(owners.results.map((r) => r.name)).toEqual(["Ana from the gala"]);
  });

  it("refuses a file with problem rows until the owner chooses to leave them out", async () => {
    const o = await owner();
    const id = await preview(o, o.id, "problems.csv");
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown).toContain("Row 3: Amount “-5.00” is not positive");
    expect(shown).toContain("Row 8: A gift's date cannot be in the future");
    expect(shown).toContain("Row 10: No email and no name: the gift needs a donor");
    const refused = await confirm(o, o.id, id);
    expect(refused.status).toBe(400);
    expect(await page(refused)).toContain("8 rows have problems: fix the file, or choose to leave those rows out");
    expect((await gifts(o.userId)).results).toHaveLength(0);
    const done = await confirm(o, o.id, id, { skipErrors: "on" });
    expect(done.status).toBe(302);
    expect((await gifts(o.userId)).results.map((r) => r.donor_name)).toEqual(["Paula Good"]);
  });

  it("lets the owner map the columns of a file it does not recognise", async () => {
    const o = await owner();
    const csv = "Gift,When,Who,Mail\n12.00,2026-10-01,Rosa Park,rosa@example.org\n";
    const res = await upload(o, o.id, new TextEncoder().encode(csv), "ledger.csv");
    const id = new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
    expect(await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }))).toContain(
      "No gifts in this file can be imported",
    );
    const bad = await call(`/campaigns/${o.id}/import`, {
      ...form({ intent: "map", preview: id, amount: "0" }),
      headers: o.headers,
    });
    expect(bad.status).toBe(400);
    expect(await page(bad)).toContain("Choose the column that holds the date");
    const mapped = await call(`/campaigns/${o.id}/import`, {
      ...form({ intent: "map", preview: id, amount: "0", date: "1", name: "2", email: "3" }),
      headers: o.headers,
    });
    expect(mapped.status).toBe(302);
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown).toContain("Rosa Park");
    expect(shown).toContain("Import 1 gift");
    expect((await confirm(o, o.id, id)).status).toBe(302);
    expect((await gifts(o.userId)).results[0]?.external_key).toMatch(/^import:file:row-[0-9a-f]{24}$/);
  });

  it("never lets another account see or confirm a preview, or import into someone else's campaign", async () => {
    const a = await owner("Owner A");
    const b = await owner("Owner B");
    const id = await preview(a, a.id, "givebutter-transactions.csv");
    expect((await call(`/campaigns/${a.id}/import?preview=${id}`, { headers: b.headers })).status).toBe(404);
    expect((await confirm(b, a.id, id)).status).toBe(404);
    expect((await upload(b, a.id, fixture("givebutter-transactions.csv"), "g.csv")).status).toBe(404);
    // B's own campaign with A's preview id finds nothing: the preview is kept under A's id.
    const peek = await page(call(`/campaigns/${b.id}/import?preview=${id}`, { headers: b.headers }));
    expect(peek).toContain("This preview has expired; choose the file again.");
    expect(peek).not.toContain("Ana Lima");
    const refused = await confirm(b, b.id, id);
    expect(refused.status).toBe(400);
    expect((await gifts(a.userId)).results).toHaveLength(0);
    expect((await gifts(b.userId)).results).toHaveLength(0);
    // Signed out: no page at all.
    expect((await call(`/campaigns/${a.id}/import`)).status).toBeGreaterThanOrEqual(300);
  });

  it("answers malformed and oversized files with a message, never a 5xx", async () => {
    const o = await owner();
    const garbage = await upload(o, o.id, crypto.getRandomValues(new Uint8Array(2048)), "gifts.csv");
    expect(garbage.status).toBe(400);
    const noHeader = await upload(o, o.id, new TextEncoder().encode("hello"), "gifts.csv");
    expect(noHeader.status).toBe(400);
    expect(await page(noHeader)).toContain("No header row");
    const pdf = await upload(o, o.id, new TextEncoder().encode("a,b\n1,2\n"), "gifts.pdf");
    expect(pdf.status).toBe(400);
    const many = await upload(
      o,
      o.id,
      new TextEncoder().encode(`Email,Amount,Date\n${"a@b.org,1,2026-01-01\n".repeat(20_001)}`),
      "many.csv",
    );
    expect(many.status).toBe(400);
    expect(await page(many)).toContain("more than 20,000 gifts");
    const big = new Uint8Array(5_050_000).fill(0x61);
    const tooBig = await upload(o, o.id, big, "big.csv");
    expect(tooBig.status).toBe(400);
    expect(await page(tooBig)).toContain("larger than 5 MB");
    const huge = await upload(o, o.id, new Uint8Array(6_000_000).fill(0x61), "huge.csv");
    expect(huge.status).toBe(413);
    const broken = await call(`/campaigns/${o.id}/import`, {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { ...o.headers, "content-type": "multipart/form-data; boundary=y" },
    });
    expect(broken.status).toBe(400);
    // Other pages keep the 1 MB cap.
    const elsewhere = await call("/campaigns/new", {
      method: "POST",
      body: new Uint8Array(1_500_000).fill(0x61),
      headers: { ...o.headers, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(elsewhere.status).toBe(413);
  });

  it("imports 20,000 gifts from 2,000 donors in one confirm (the people core's joins stay linear)", async () => {
    const o = await owner();
    const lines = [
      "Transaction ID,Campaign Title,First Name,Last Name,Email,Amount,Currency,Status,Transaction Date (UTC)",
    ];
    for (let i = 0; i < 20_000; i++)
      lines.push(
        `T${i},Spring Appeal,Donor,N${i % 2000},donor${i % 2000}@example.org,${(i % 90) + 10}.00,USD,succeeded,2026-10-01 10:00:00`,
      );
    const res = await upload(o, o.id, new TextEncoder().encode(lines.join("\n")), "big.csv");
    const id = new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
    expect((await confirm(o, o.id, id)).status).toBe(302);
    expect(
      await one("select count(*) as n, count(distinct connection_id) as d from gift where user_id = ?", o.userId),
    ).toEqual({
      n: 20_000,
      d: 2_000,
    });
    expect(await one("select count(*) as n from interaction where user_id = ? and kind = 'gift'", o.userId)).toEqual({
      n: 20_000,
    });
  });
});

describe("confirming one gift import preview several times at once", () => {
  it("stores each gift and each new donor once; a later confirm is told it was already imported", async () => {
    const o = await owner("Double Confirm Owner");
    const id = await preview(o, o.id, "givebutter-transactions.csv");
    const file = await readGiftFile(app(), o.userId, id);
    expect(file).not.toBeNull();
    const c = { id: o.id, title: CAMPAIGN.title, currency: "USD" };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        confirmGiftImport(app(), o.userId, c, file as StoredGiftFile, { skipErrors: true, previewId: id }),
      ),
    );
    expect(outcomes.filter((x) => x.ok)).toHaveLength(1);
    expect(outcomes.filter((x) => !x.ok).map((x) => x.ok === false && x.message)).toEqual([
      GIFTS_ALREADY_IMPORTED,
      GIFTS_ALREADY_IMPORTED,
    ]);
    const stored = (await gifts(o.userId)).results;
    expect(stored.length).toBeGreaterThan(0);
    expect(new Set(stored.map((g) => g.external_key)).size).toBe(stored.length);
    // Every person the import made is a donor of a stored gift: no copies left without gifts or contact points.
    const people = await env.DB.prepare("select id from connection where user_id = ?")
      .bind(o.userId)
      .all<{ id: number }>();
    const giving = new Set(stored.map((g) => g.connection_id));
    expect(people.results.filter((p) => !giving.has(p.id))).toEqual([]);
  });
});

describe("a gift export's opt-in column is the donor's consent to email (decision 0232)", () => {
  // A Donorbox donations export as it comes: "Join Mailing List" yes or no on each gift, an SMS column beside it.
  const DONORBOX = [
    "Name,Donor's First Name,Donor's Last Name,Donor Email,Amount,Currency,Donated At,Stripe Charge Id,Join Mailing List,SMS Opt In,Status",
    "Lena Vogt,Lena,Vogt,lena.vogt@example.org,40.00,USD,2026-09-01 10:00:00 UTC,ch_optin_1,yes,no,paid",
    "Lena Vogt,Lena,Vogt,lena.vogt@example.org,15.00,USD,2026-10-05 10:00:00 UTC,ch_optin_2,yes,no,paid",
    "Omar Haddad,Omar,Haddad,omar.haddad@example.org,25.00,USD,2026-10-02 10:00:00 UTC,ch_optin_3,no,yes,paid",
    "Pia Sund,Pia,Sund,pia.sund@example.org,30.00,USD,2026-10-03 10:00:00 UTC,ch_optin_4,,yes,paid",
  ].join("\n");
  const records = (userId: string) =>
    env.DB.prepare(
      `select c.email, r.purpose, r.state, r.shown, r.source, r.sender_name, r.created_at from consent_record r
       join connection c on c.id = r.connection_id where r.sender_workspace_id = ? order by c.email, r.created_at`,
    )
      .bind(userId)
      .all<{ email: string; purpose: string; state: string; shown: string; source: string; created_at: number }>();

  it("records a yes once per donor with the column's words and Donorbox as its source; a no, an empty cell or an SMS yes records nothing", async () => {
    const o = await owner("Opt-in Owner");
    const res = await upload(o, o.id, new TextEncoder().encode(DONORBOX), "donorbox-donations.csv");
    expect(res.status).toBe(302);
    const id = new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
    const shown = await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }));
    expect(shown).toContain("read as Donorbox donations export");
    expect(shown).toContain("1 donor agreed to email in the file's opt-in column");
    expect(shown).toContain("Agreed to email (Join Mailing List: yes)");
    // The preview wrote nothing.
    expect((await records(o.userId)).results).toHaveLength(0);

    expect((await confirm(o, o.id, id)).status).toBe(302);
    expect((await records(o.userId)).results).toEqual([
      {
        email: "lena.vogt@example.org",
        purpose: "email",
        state: "yes",
        shown: "Join Mailing List: yes",
        source: "import:donorbox",
        sender_name: "Opt-in Owner",
        // Dated on the donor's latest gift that said yes, not on the day of the import.
        created_at: Date.parse("2026-10-05T12:00:00Z"),
      },
    ]);
  });

  it("never overturns a withdrawal recorded after the gift that said yes, and is mapped by hand in any other file", async () => {
    const o = await owner("Withdrawn Owner");
    const first = await upload(o, o.id, new TextEncoder().encode(DONORBOX.split("\n").slice(0, 2).join("\n")), "a.csv");
    const firstId = new URL(location(first), "http://localhost").searchParams.get("preview") ?? "";
    expect((await confirm(o, o.id, firstId)).status).toBe(302);
    const lena = await one<{ id: number }>(
      "select id from connection where user_id = ? and email = 'lena.vogt@example.org'",
      o.userId,
    );
    // Lena unsubscribed today, after the gift that said yes.
    await env.DB.prepare(
      "insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source) values (?, ?, 'email', 'no', '', 'Unsubscribe link', 'unsubscribe')",
    )
      .bind(o.userId, lena?.id)
      .run();
    // A ledger of the same donor's older gift: nothing here is an opt-in until the owner maps the column.
    const ledger = "Gift,When,Mail,Wants news\n10.00,2026-08-01,lena.vogt@example.org,yes\n";
    const res = await upload(o, o.id, new TextEncoder().encode(ledger), "ledger.csv");
    const id = new URL(location(res), "http://localhost").searchParams.get("preview") ?? "";
    expect(await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }))).not.toContain(
      "agreed to email",
    );
    const mapped = await call(`/campaigns/${o.id}/import`, {
      ...form({ intent: "map", preview: id, amount: "0", date: "1", email: "2", optIn: "3" }),
      headers: o.headers,
    });
    expect(mapped.status).toBe(302);
    expect(await page(call(`/campaigns/${o.id}/import?preview=${id}`, { headers: o.headers }))).toContain(
      "Agreed to email (Wants news: yes)",
    );
    expect((await confirm(o, o.id, id)).status).toBe(302);
    const all = (await records(o.userId)).results;
    expect(all.map((r) => [r.state, r.source, r.shown])).toEqual([
      ["yes", "import", "Wants news: yes"],
      ["yes", "import:donorbox", "Join Mailing List: yes"],
      ["no", "unsubscribe", "Unsubscribe link"],
    ]);
    // The latest word is still the withdrawal: the older yes sits behind it.
    expect(all.at(-1)?.state).toBe("no");
  });
});
