import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { longDate } from "~/lib/fundraising/receipt";
import { dayInZone } from "~/lib/time/time";
import { connectStripe, publishCampaign } from "./fundraising-helpers";
import { call, form, signUp } from "./helpers";

const location = (res: Response) => res.headers.get("location") ?? "";
/** A page's text as read: tags and React's text separators removed. */
const page = async (res: Response | Promise<Response>) =>
  (await (await res).text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replace(/<[^>]+>/g, "");
const one = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

const CAMPAIGN = {
  intent: "save",
  title: "Harvest Appeal",
  description: "Meals for every family.",
  extendedDescription: "A year of meals.",
  organization: "Riverside Food",
  organizerName: "Ana Ruiz",
  location: "Portland",
  category: "community",
  currency: "USD",
  goal: "1000",
  startDate: "2025-01-01",
  endDate: "2030-12-31",
  mission: "No one hungry.",
  impact: "50 dollars feeds a family for a month.",
  budget: "Food: 1000",
  team: "Ana Ruiz, Director",
  suggested: "25, 50, 100",
  listed: "on",
};

const PROFILE = {
  legalName: "Riverside Community Food Bank <Inc>",
  taxId: "12-3456789",
  country: "US",
  address: "1 River Road\nPortland, OR 97201",
  receiptWording: "No goods or services were provided in exchange for this contribution.",
  fiscalYearStart: "7",
};

/** An owner with a published campaign and a connected (test) Stripe account. */
async function ownerWithCampaign(name = "Receipt Owner") {
  const owner = await signUp(name);
  const headers = { cookie: owner.cookie };
  const id = await publishCampaign(headers, CAMPAIGN);
  await connectStripe(headers, owner.email);
  const userId = (await one<{ id: string }>("select id from user where email = ?", owner.email))?.id ?? "";
  return { ...owner, headers, id, userId };
}
type Owner = Awaited<ReturnType<typeof ownerWithCampaign>>;

async function give(id: string, fields: Record<string, string>, payer: { email: string; name: string }) {
  const start = await call(`/fundraising/${id}/donate`, form(fields));
  expect(start.status).toBe(303);
  const checkout = location(start);
  expect(checkout).toMatch(/^\/pay\/test\/checkout\/cs_test_local_/);
  const paid = await call(checkout, form({ intent: "pay", ...payer }));
  expect(paid.status).toBe(302);
  return checkout;
}

const lastMail = (to: string, kind: string) =>
  one<{ subject: string; text: string; html: string | null }>(
    'select subject, text, html from outbox where "to" = ? and kind = ? order by id desc',
    to,
    kind,
  );

async function handGift(o: Owner, fields: Record<string, string>) {
  const res = await call(`/campaigns/${o.id}`, {
    ...form({ intent: "gift", nonce: crypto.randomUUID(), currency: "USD", method: "cheque", ...fields }),
    headers: o.headers,
  });
  expect(res.status).toBe(302);
}

describe("the organisation profile for fundraising", () => {
  it("is checked beside each field in the form's words, keeping what was typed", async () => {
    const o = await ownerWithCampaign();
    const res = await call("/campaigns/organisation", {
      ...form({ ...PROFILE, legalName: " ", taxId: "12-3456789 <b>", country: "" }),
      headers: o.headers,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Enter the organisation&#x27;s legal name");
    expect(html).toContain("Use letters, digits, spaces, dots, slashes and dashes only");
    // The typed value comes back escaped, never as markup.
    expect(html).toContain('value="12-3456789 &lt;b&gt;"');
    const noCountry = await call("/campaigns/organisation", {
      ...form({ ...PROFILE, country: "" }),
      headers: o.headers,
    });
    expect(noCountry.status).toBe(400);
    expect(await page(noCountry)).toContain("Choose the country that issued this number");
    for (const [field, value, message] of [
      ["country", "XX", "Choose a country from the list"],
      ["fiscalYearStart", "13", "Choose the month the fiscal year starts"],
      ["legalName", "x".repeat(161), "Must be at most 160 characters"],
    ] as const) {
      const bad = await call("/campaigns/organisation", {
        ...form({ ...PROFILE, [field]: value }),
        headers: o.headers,
      });
      expect(bad.status, field).toBe(400);
      expect(await page(bad), field).toContain(message);
    }
    expect(await one("select count(*) as n from fundraising_org where user_id = ?", o.userId)).toEqual({ n: 0 });
    // A body that is not a form is refused, not a server error.
    const json = await call("/campaigns/organisation", {
      method: "POST",
      headers: { ...o.headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });

  it("names the charity on every receipt: legal name, tax id and country, address; monthly gifts say monthly", async () => {
    const o = await ownerWithCampaign("Owner Person Name");
    // Before a profile exists, receipts name the campaign's organisation, never the owner.
    await give(o.id, { amount: "5000", frequency: "once" }, { email: "first@donor.example", name: "First Donor" });
    const before = await lastMail("first@donor.example", "thank-you");
    expect(before?.text).toContain("Organisation: Riverside Food");
    // The letter may be signed by the owner; the receipt names the charity.
    expect(before?.text.split("\nReceipt\n")[1]).not.toContain("Owner Person Name");

    expect((await call("/campaigns/organisation", { ...form(PROFILE), headers: o.headers })).status).toBe(302);
    const shown = await page(call("/campaigns/organisation", { headers: o.headers }));
    expect(shown).toContain("Registration or tax id: 12-3456789 (United States)");

    await give(o.id, { amount: "5000", frequency: "once" }, { email: "once@donor.example", name: "Once Donor" });
    const once = await lastMail("once@donor.example", "thank-you");
    expect(once?.text).toContain("Organisation: Riverside Community Food Bank <Inc>");
    expect(once?.text).toContain("Registration or tax id: 12-3456789 (United States)");
    expect(once?.text).toContain("Address: 1 River Road, Portland, OR 97201");
    expect(once?.text).toContain("Frequency: One-time gift");
    expect(once?.text).toContain("No goods or services were provided");

    await give(o.id, { amount: "2500", frequency: "monthly" }, { email: "monthly@donor.example", name: "May Monthly" });
    const monthly = await lastMail("monthly@donor.example", "thank-you");
    expect(monthly?.text).toContain("Frequency: Monthly gift");
    expect(monthly?.text).toContain("$25.00 a month");
    // The manage link is a receipt line, so the HTML part carries it too, as a link, with every value escaped.
    const manage = /Manage your monthly gift \(pause, resume or cancel\): (\S+)/.exec(monthly?.text ?? "")?.[1] ?? "";
    expect(manage).toMatch(/^http:\/\/localhost\/fundraising\/gifts\/[\w-]+\.[\w-]+\.[\w-]+\.[\w-]{43}$/);
    expect(monthly?.html).toContain(`<a href="${manage}">${manage}</a>`);
    expect(monthly?.html).toContain("Riverside Community Food Bank &lt;Inc&gt;");
    expect(monthly?.html).not.toContain("<Inc>");

    // The printable receipt of one gift says the same, escaped.
    const giftId = (
      await one<{ id: number }>(
        "select id from gift where user_id = ? and donor_email = ?",
        o.userId,
        "monthly@donor.example",
      )
    )?.id;
    // The dashboard's gift table links each gift to its printable receipt.
    const dashboard = await (await call(`/campaigns/${o.id}`, { headers: o.headers })).text();
    expect(dashboard).toContain(`href="/campaigns/gifts/${giftId}/receipt"`);
    const receipt = await call(`/campaigns/gifts/${giftId}/receipt`, { headers: o.headers });
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain("Riverside Community Food Bank &lt;Inc&gt;");
    expect(html).not.toContain("<Inc>");
    expect(html).toContain("Monthly gift");
    expect(html).toContain("@media print");
  });
});

describe("year-end statements", () => {
  it("list a donor's gifts in the calendar or fiscal year with the charity's legal name and tax id, printable and by email", async () => {
    const o = await ownerWithCampaign();
    expect((await call("/campaigns/organisation", { ...form(PROFILE), headers: o.headers })).status).toBe(302);
    const donor = { donorName: "<img src=x onerror=alert(1)> Dee", donorEmail: "dee@donor.example" };
    await handGift(o, { ...donor, amount: "100", date: "2025-03-01" });
    await handGift(o, { ...donor, amount: "40.50", date: "2025-12-31" });
    await handGift(o, { ...donor, amount: "7", date: "2026-01-01" });
    await handGift(o, { donorName: "Other Donor", donorEmail: "other@donor.example", amount: "9", date: "2025-05-01" });
    const person = (
      await one<{ id: number }>(
        "select connection_id as id from gift where user_id = ? and donor_email = ?",
        o.userId,
        donor.donorEmail,
      )
    )?.id;

    const list = await page(call("/campaigns/statements?year=2025&basis=calendar", { headers: o.headers }));
    expect(list).toContain("Calendar year 2025: 2 donors");
    expect(list).toContain("2 gifts · $140.50");

    const res = await call(`/campaigns/statements/${person}?year=2025&basis=calendar`, { headers: o.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("Riverside Community Food Bank &lt;Inc&gt;");
    expect(html).toContain("12-3456789 (United States)");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Dee");
    expect(html).not.toContain("<img");
    expect(html).toContain("March 1, 2025");
    expect(html).toContain("December 31, 2025");
    expect(html).not.toContain("January 1, 2026");
    expect(html).toContain("$140.50");
    expect(html).not.toContain("<script");

    // The fiscal year starting in July 2025 runs to June 2026.
    const fiscal = await (
      await call(`/campaigns/statements/${person}?year=2025&basis=fiscal`, { headers: o.headers })
    ).text();
    expect(fiscal).toContain("Fiscal year July 1, 2025 to June 30, 2026");
    expect(fiscal).toContain("January 1, 2026");
    expect(fiscal).not.toContain("March 1, 2025");
    expect(fiscal).toContain("$47.50");

    const sent = await call(`/campaigns/statements/${person}`, {
      ...form({ intent: "email", year: "2025", basis: "calendar" }),
      headers: o.headers,
    });
    expect(sent.status).toBe(302);
    expect(location(sent)).toBe("/campaigns/statements?year=2025&basis=calendar");
    const mail = await lastMail("dee@donor.example", "giving-statement");
    expect(mail?.subject).toBe("Your giving statement: Calendar year 2025 (Riverside Community Food Bank <Inc>)");
    expect(mail?.text).toContain("Registration or tax id: 12-3456789 (United States)");
    expect(mail?.text).toContain("Total: $140.50");
    expect(mail?.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("refuses a bad year or body with a message, never a server error", async () => {
    const o = await ownerWithCampaign();
    await handGift(o, { donorName: "Bo", donorEmail: "bo@donor.example", amount: "10", date: "2025-02-01" });
    const person = (await one<{ id: number }>("select connection_id as id from gift where user_id = ?", o.userId))?.id;
    for (const q of ["year=abc", "year=99999", "year=1999", "year=2025&basis=lunar"]) {
      const res = await call(`/campaigns/statements/${person}?${q}`, { headers: o.headers });
      expect(res.status, q).toBe(400);
    }
    expect(await (await call(`/campaigns/statements/${person}?year=abc`, { headers: o.headers })).text()).toBe(
      "Choose a year between 2000 and 2100",
    );
    const json = await call(`/campaigns/statements/${person}`, {
      method: "POST",
      headers: { ...o.headers, "content-type": "application/json" },
      body: '{"intent":"email"}',
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect((await call("/campaigns/statements/abc?year=2025", { headers: o.headers })).status).toBe(404);
    expect((await call("/campaigns/statements?year=abc", { headers: o.headers })).status).toBe(200);
  });
});

describe("another owner never reads the profile, statements or receipts", () => {
  it("answers 404 to another owner's donor and gift, and shows them only their own profile", async () => {
    const a = await ownerWithCampaign("Owner A");
    expect((await call("/campaigns/organisation", { ...form(PROFILE), headers: a.headers })).status).toBe(302);
    await handGift(a, {
      donorName: "Private Donor",
      donorEmail: "private@donor.example",
      amount: "10",
      date: "2025-02-01",
    });
    const row = await one<{ id: number; person: number }>(
      "select id, connection_id as person from gift where user_id = ?",
      a.userId,
    );
    const b = await signUp("Owner B");
    const headers = { cookie: b.cookie };
    expect((await call(`/campaigns/statements/${row?.person}?year=2025`, { headers })).status).toBe(404);
    expect(
      (
        await call(`/campaigns/statements/${row?.person}`, {
          ...form({ intent: "email", year: "2025", basis: "calendar" }),
          headers,
        })
      ).status,
    ).toBe(404);
    expect((await call(`/campaigns/gifts/${row?.id}/receipt`, { headers })).status).toBe(404);
    const profile = await call("/campaigns/organisation", { headers });
    expect(profile.status).toBe(200);
    expect(await profile.text()).not.toContain("Riverside Community Food Bank");
    const list = await page(call("/campaigns/statements?year=2025", { headers }));
    expect(list).not.toContain("Private Donor");
    expect(list).toContain("0 donors");
    expect(
      await one(
        "select count(*) as n from outbox where kind = 'giving-statement' and \"to\" = 'private@donor.example'",
      ),
    ).toEqual({ n: 0 });
    // Signed out, nothing at all.
    expect((await call(`/campaigns/statements/${row?.person}?year=2025`)).status).not.toBe(200);
  });
});

describe("what the donor adds on the Donate form", () => {
  it("covers the fee when asked, shown before paying and recorded on the gift and its receipt", async () => {
    const o = await ownerWithCampaign();
    const form50 = await page(call(`/fundraising/${o.id}`));
    // 50 dollars grossed up for 2.9% + 30 cents: 51.81 leaves 50 after the fee.
    expect(form50).toContain("$1.81 on $50");
    const start = await call(`/fundraising/${o.id}/donate`, form({ amount: "5000", coverFees: "on", currency: "EUR" }));
    expect(start.status).toBe(303);
    const checkout = await page(call(location(start)));
    expect(checkout).toContain("including $1.81 to cover the processing fee");
    expect(checkout).toContain("$51.81");
    expect(
      (await call(location(start), form({ intent: "pay", email: "fee@donor.example", name: "Fay Fee" }))).status,
    ).toBe(302);
    // A currency sent with the form changes nothing: the campaign's currency is charged.
    expect(await one("select amount, fee_covered, currency from gift where user_id = ?", o.userId)).toEqual({
      amount: 5181,
      fee_covered: 181,
      currency: "USD",
    });
    expect((await lastMail("fee@donor.example", "thank-you"))?.text).toContain(
      "Processing fee covered by you: $1.81 (included in the amount)",
    );
    // Without the box, no fee.
    await give(o.id, { amount: "2500" }, { email: "nofee@donor.example", name: "No Fee" });
    expect(await one("select amount, fee_covered from gift where donor_email = 'nofee@donor.example'")).toEqual({
      amount: 2500,
      fee_covered: 0,
    });
  });

  it("refuses a negative, zero, huge or malformed amount, with or without the fee, beside the field and keeping what was typed", async () => {
    const o = await ownerWithCampaign();
    for (const [custom, message] of <const>[
      ["-5", "Enter an amount, such as 25 or 25.50"],
      ["0", "Enter an amount, such as 25 or 25.50"],
      ["0.00", "Enter an amount, such as 25 or 25.50"],
      ["9999999", "Amounts are limited to $999,999.99"],
      ["12.345", "Enter an amount, such as 25 or 25.50"],
      ["1".repeat(40), "Enter an amount, such as 25 or 25.50"],
    ]) {
      const res = await call(
        `/fundraising/${o.id}/donate`,
        form({ amount: "custom", custom, coverFees: "on", tribute: "memory", tributeName: "Grandma <Rose>" }),
      );
      expect(res.status, custom).toBe(400);
      const html = await res.text();
      expect(html.replaceAll("&#x27;", "'"), custom).toContain(message);
      expect(html, custom).toContain('id="donate-amount-error"');
      // What was typed comes back, escaped.
      expect(html, custom).toContain('value="Grandma &lt;Rose&gt;"');
      expect(html, custom).not.toContain("<Rose>");
    }
    expect(await one("select count(*) as n from gift where user_id = ?", o.userId)).toEqual({ n: 0 });
  });

  it("records a gift in memory of someone, tells the person named, and checks the tribute and address", async () => {
    const o = await ownerWithCampaign();
    const missing = await call(
      `/fundraising/${o.id}/donate`,
      form({
        amount: "5000",
        tribute: "honour",
        tributeName: " ",
        tributeNotify: "not-an-email",
        address: "x".repeat(501),
      }),
    );
    expect(missing.status).toBe(400);
    const text = (await missing.text()).replaceAll("&#x27;", "'");
    // Every message at once, each beside its own field.
    expect(text).toContain("Enter the name of the person you are giving for");
    expect(text).toContain("Please enter a valid email address");
    expect(text).toContain("The address must be at most 500 characters");
    expect(text).toContain('value="not-an-email"');

    await give(
      o.id,
      {
        amount: "5000",
        tribute: "memory",
        tributeName: "Rose <b>Ruiz</b>",
        tributeNotify: "Family@Ruiz.example",
        address: "12 Elm St\nSalem, OR",
      },
      { email: "tri@donor.example", name: "Tia Tribute" },
    );
    expect(
      await one(
        "select tribute_kind, tribute_name, tribute_notify_email, donor_address from gift where user_id = ?",
        o.userId,
      ),
    ).toEqual({
      tribute_kind: "memory",
      tribute_name: "Rose <b>Ruiz</b>",
      tribute_notify_email: "family@ruiz.example",
      donor_address: "12 Elm St\nSalem, OR",
    });
    const receipt = (await lastMail("tri@donor.example", "thank-you"))?.text;
    expect(receipt).toContain("In memory of: Rose <b>Ruiz</b>");
    expect(receipt).toContain("Donor address: 12 Elm St, Salem, OR");
    const notice = await lastMail("family@ruiz.example", "tribute-notice");
    expect(notice?.subject).toBe("A gift in memory of Rose <b>Ruiz</b>");
    expect(notice?.text).toContain("Tia Tribute has made a gift in memory of Rose <b>Ruiz</b>");
    expect(notice?.text).not.toContain("$50");
    // The printable receipt escapes what the donor typed.
    const giftId = (await one<{ id: number }>("select id from gift where user_id = ?", o.userId))?.id;
    const html = await (await call(`/campaigns/gifts/${giftId}/receipt`, { headers: o.headers })).text();
    expect(html).toContain("Rose &lt;b&gt;Ruiz&lt;/b&gt;");
    expect(html).not.toContain("<b>Ruiz");
  });

  it("the thank-you page offers share links to the campaign", async () => {
    const o = await ownerWithCampaign();
    const res = await call(`/fundraising/${o.id}/thanks`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const url = encodeURIComponent(`http://localhost/fundraising/${o.id}?src=link`);
    expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(html).toContain("https://wa.me/?text=");
    expect(html).toContain("mailto:?subject=");
    expect(html).toContain("Ask a friend to give too");
  });
});

describe("a gift's day is the organisation's", () => {
  it("dates and receipts a gift on the day it is in the owner's zone, not in UTC", async () => {
    const o = await ownerWithCampaign("Zone Owner");
    // A zone whose day differs from UTC's right now: twelve hours behind before noon UTC, fourteen ahead after.
    const now = new Date();
    const zone = now.getUTCHours() < 12 ? "Etc/GMT+12" : "Pacific/Kiritimati";
    const day = dayInZone(now, zone);
    expect(day).not.toBe(now.toISOString().slice(0, 10));
    await env.DB.prepare(
      "insert into user_settings (user_id, time_zone) values (?, ?) on conflict (user_id) do update set time_zone = excluded.time_zone",
    )
      .bind(o.userId, zone)
      .run();
    const email = `zone.${crypto.randomUUID().slice(0, 8)}@donor.example`;
    await give(o.id, { amount: "2500" }, { email, name: "Zed Zone" });
    await vi.waitFor(async () => {
      const row = await one<{ date: string }>(
        "select date from gift where campaign_id = ? and donor_email = ?",
        o.id,
        email,
      );
      expect(row?.date).toBe(day);
    });
    const mail = await lastMail(email, "thank-you");
    expect(mail?.text).toContain(`Date: ${longDate(day)}`);
  });
});
