import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, inject, it, vi } from "vitest";
import type { AppContext } from "~/context";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { requestRefund } from "~/server/fundraising/gifts.server";
import { addEndpoint } from "~/server/integrations/webhooks.server";
import { localWebhookSecret } from "~/server/payments/local.server";
import { cancelLocalCheckout, payLocalCheckout } from "~/server/payments/local-checkout.server";
import { parseEnv } from "~/server/platform/env.server";
import { connectStripe, publishCampaign } from "./fundraising-helpers";
import { call, form, signUp } from "./helpers";

const app = (): AppContext => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "t", deliverPaymentEvent };
};
const location = (res: Response) => res.headers.get("location") ?? "";
/** A page's text as read: tags and React's text separators removed. */
const page = async (res: Response | Promise<Response>) =>
  (await (await res).text()).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

const CAMPAIGN = {
  intent: "save",
  title: "Wells for Wamba",
  description: "Clean water for four villages.",
  extendedDescription: "Four wells, pumps and training.",
  organization: "Water First",
  organizerName: "Ana Ruiz",
  location: "Wamba, Kenya",
  category: "community",
  currency: "USD",
  goal: "1000",
  startDate: "2026-01-01",
  endDate: "2030-12-31",
  mission: "Water within walking distance.",
  impact: "50 dollars gives a family water for a year.",
  budget: "Drilling: 600\nPumps: 400",
  team: "Ana Ruiz, Director",
  suggested: "25, 50, 100",
  listed: "on",
};

/** An owner with a published campaign and a connected (test) Stripe account. */
async function ownerWithCampaign(name = "Fund Owner") {
  const owner = await signUp(name);
  const headers = { cookie: owner.cookie };
  const id = await publishCampaign(headers, CAMPAIGN);
  expect(id).toMatch(/^wells-for-wamba-/);
  const account = await connectStripe(headers, owner.email);
  const userId = (await one<{ id: string }>("select id from user where email = ?", owner.email))?.id ?? "";
  return { ...owner, headers, id, userId, account };
}

async function give(
  id: string,
  fields: Record<string, string>,
  payer = { email: "dee@donor.example", name: "Dee Donor" },
) {
  const start = await call(`/fundraising/${id}/donate`, form(fields));
  expect(start.status).toBe(303);
  const checkout = location(start);
  expect(checkout).toMatch(/^\/pay\/test\/checkout\/cs_test_local_/);
  const paid = await call(checkout, form({ intent: "pay", ...payer }));
  expect(paid.status).toBe(302);
  return checkout.split("/").pop() ?? "";
}

async function signedEvent(type: string, object: Record<string, unknown>, account: string, created?: number) {
  const event = {
    id: `evt_test_${crypto.randomUUID()}`,
    object: "event",
    type,
    created: created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    account,
    data: { object },
  };
  return send(event);
}
async function send(event: Record<string, unknown>, secret?: string) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: secret ?? (await localWebhookSecret(app().env)),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return call("/api/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}

describe("campaigns the owner runs", () => {
  it("creates a draft only its owner can preview, publishes it, and shows real figures", async () => {
    const owner = await signUp("Campaign Owner");
    const headers = { cookie: owner.cookie };
    // The public list is every owner's: a title of its own, as other tests publish the same campaign.
    const title = `Wells for Wamba ${crypto.randomUUID().slice(0, 8)}`;
    const bad = await call("/campaigns/new", { ...form({ ...CAMPAIGN, goal: "-5", endDate: "2025-01-01" }), headers });
    expect(bad.status).toBe(400);
    const created = await call("/campaigns/new", { ...form({ ...CAMPAIGN, title }), headers });
    const id = location(created).split("/")[2] ?? "";
    expect((await call(`/fundraising/${id}`)).status).toBe(404);
    const preview = await call(`/fundraising/${id}`, { headers });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Preview: this draft is visible only to you.");
    const list = await (await call("/fundraising")).text();
    expect(list).not.toContain(title);

    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);
    const published = await call(`/fundraising/${id}`);
    expect(published.status).toBe(200);
    const raw = await published.text();
    const html = raw.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");
    expect(html).toContain(title);
    expect(html).toContain("$0 raised of $1,000 (0%)");
    expect(html).toContain("Drilling");
    expect(raw).not.toContain("/campaigns/"); // no Edit link for visitors
    expect(raw).not.toContain("__reactRouterContext"); // still free of framework JavaScript
    expect(await (await call("/fundraising")).text()).toContain(title);
  });

  it("takes images checked as avatars are", async () => {
    const o = await ownerWithCampaign();
    const upload = (type: string, bytes: Uint8Array) => {
      const body = new FormData();
      body.set("intent", "image");
      body.set("image", new File([bytes as BufferSource], "x", { type }));
      return call(`/campaigns/${o.id}/edit`, { method: "POST", body, headers: o.headers });
    };
    expect((await upload("image/png", new TextEncoder().encode("<svg onload=alert(1)>"))).status).toBe(400);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload("image/png", png)).status).toBe(302);
    const key = (await one<{ image_key: string }>("select image_key from campaign where id = ?", o.id))?.image_key;
    const served = await call(`/api/campaign-images/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
  });
});

describe("donations through the payments adapter", () => {
  it("records a one-time gift, links the donor as a person, thanks them, and a refund reverses it", async () => {
    const o = await ownerWithCampaign();
    const session = await give(o.id, { amount: "5000", frequency: "once", src: "qr" });
    const gift = await one<Record<string, unknown>>(
      "select id, amount, currency, source, connection_id, acknowledged_at, payment_intent, public_name from gift where user_id = ?",
      o.userId,
    );
    expect(gift).toMatchObject({ amount: 5000, currency: "USD", source: "qr", public_name: 0 });
    const person = await one<{ name: string; tags: string }>(
      "select name, tags from connection where id = ?",
      gift?.connection_id,
    );
    expect(person?.name).toBe("Dee Donor");
    expect(JSON.parse(person?.tags ?? "[]")).toContain("Donor");
    expect(gift?.acknowledged_at).not.toBeNull();
    const mail = await one<{ subject: string; text: string }>(
      "select subject, text from outbox where \"to\" = 'dee@donor.example' and kind = 'thank-you' order by id desc",
    );
    expect(mail?.subject).toBe("Thank you for your gift to Wells for Wamba");
    expect(mail?.text).toContain("$50.00");
    expect(mail?.text).toContain("No goods or services");
    const html = await page(call(`/fundraising/${o.id}`));
    expect(html).toContain("$50 raised of $1,000 (5%)");
    expect(html).not.toContain("Dee Donor"); // not named publicly unless they chose it

    // The donor's person page shows their giving.
    const personPage = await page(call(`/connections/${gift?.connection_id}`, { headers: o.headers }));
    expect(personPage).toContain("Giving");
    expect(personPage).toContain("$50.00");
    // And on their timeline, once.
    expect(
      await one(
        "select count(*) as n, text from interaction where connection_id = ? and kind = 'gift'",
        gift?.connection_id,
      ),
    ).toEqual({ n: 1, text: "Gave $50.00 online to “Wells for Wamba”" });

    // The checkout cannot be paid twice.
    expect((await call(`/pay/test/checkout/${session}`, form({ intent: "pay", email: "x@y.org" }))).status).toBe(409);

    // A refund is never one click: the review shows the amount, the confirmation asks for it.
    const refundPath = `/campaigns/gifts/${gift?.id}/refund`;
    const review = await call(refundPath, { ...form({ intent: "review", amount: "50.00" }), headers: o.headers });
    expect(review.status).toBe(200);
    expect(await one("select amount_refunded from gift where id = ?", gift?.id)).toEqual({ amount_refunded: 0 });
    const refund = await call(refundPath, {
      ...form({ intent: "refund", amount: "50.00", key: crypto.randomUUID() }),
      headers: o.headers,
    });
    expect(refund.status).toBe(302);
    expect(await one("select amount_refunded from gift where id = ?", gift?.id)).toEqual({ amount_refunded: 5000 });
    expect(await page(call(`/fundraising/${o.id}`))).toContain("$0 raised of $1,000 (0%)");
  });

  it("names a donor publicly only when they chose it, and validates the amount", async () => {
    const o = await ownerWithCampaign();
    const tooBig = await call(`/fundraising/${o.id}/donate`, form({ amount: "custom", custom: "9999999" }));
    expect(tooBig.status).toBe(400);
    expect(await page(tooBig)).toContain("Amounts are limited to $999,999.99");
    const zero = await call(`/fundraising/${o.id}/donate`, form({ amount: "custom", custom: "0" }));
    expect(zero.status).toBe(400);
    expect(await page(zero)).toContain("Enter an amount, such as 25 or 25.50");
    await give(
      o.id,
      { amount: "custom", custom: "12.34", publicName: "on", src: "link" },
      { email: "pat@x.example", name: "Pat Public" },
    );
    expect(await one("select amount, public_name from gift where user_id = ?", o.userId)).toEqual({
      amount: 1234,
      public_name: 1,
    });
    expect(await page(call(`/fundraising/${o.id}`))).toContain("Pat Public");
  });

  it("keeps monthly gifts: first payment, a failed renewal, and late events that change nothing", async () => {
    const o = await ownerWithCampaign();
    await give(o.id, { amount: "2500", frequency: "monthly" });
    const rec = await one<{ subscription: string; status: string; status_at: number; customer: string }>(
      "select subscription, status, status_at, customer from recurring_gift where user_id = ?",
      o.userId,
    );
    expect(rec?.status).toBe("active");
    expect(
      await one(
        "select count(*) as n, sum(amount) as total from gift where user_id = ? and recurring_id is not null and recurring",
        o.userId,
      ),
    ).toEqual({
      n: 1,
      total: 2500,
    });
    const portal = `/pay/test/portal/${rec?.customer}`;
    await call(portal, form({ intent: "fail", subscription: rec?.subscription ?? "" }));
    expect(await one("select status from recurring_gift where user_id = ?", o.userId)).toEqual({ status: "past_due" });
    // An "active" update from before the failure arrives late: the newer status stands.
    const late = await signedEvent(
      "customer.subscription.updated",
      {
        id: rec?.subscription,
        status: "active",
        currency: "usd",
        customer: rec?.customer,
        metadata: { domain: "donations", owner: o.userId, campaign: o.id },
        items: { data: [{ price: { unit_amount: 2500, recurring: { interval: "month" } } }] },
      },
      o.account,
      (rec?.status_at ?? 0) - 100,
    );
    expect(late.status).toBe(200);
    expect(await one("select status from recurring_gift where user_id = ?", o.userId)).toEqual({ status: "past_due" });
    await call(portal, form({ intent: "renew", subscription: rec?.subscription ?? "" }));
    expect(await one("select status from recurring_gift where user_id = ?", o.userId)).toEqual({ status: "active" });
    expect(await one("select count(*) as n from gift where user_id = ?", o.userId)).toEqual({ n: 2 });
    await call(portal, form({ intent: "cancel", subscription: rec?.subscription ?? "" }));
    expect(await one("select status from recurring_gift where user_id = ?", o.userId)).toEqual({ status: "canceled" });
  });

  it("forged, replayed and reordered events change nothing", async () => {
    const o = await ownerWithCampaign();
    const session = (pi: string, email = "rae@x.example") => ({
      id: `cs_test_${pi}`,
      object: "checkout.session",
      mode: "payment",
      payment_status: "paid",
      amount_total: 7000,
      currency: "usd",
      payment_intent: pi,
      customer_details: { email, name: "Rae" },
      metadata: { domain: "donations", owner: o.userId, campaign: o.id, source: "card" },
    });
    // Forged: signed with a secret that is not ours.
    const forged = await send(
      {
        id: "evt_forged",
        object: "event",
        type: "checkout.session.completed",
        created: 1,
        livemode: false,
        account: o.account,
        data: { object: session("pi_forged") },
      },
      "whsec_attacker",
    );
    expect(forged.status).toBe(400);
    // From another connected account than the owner's: not this owner's gift.
    expect(
      (await signedEvent("checkout.session.completed", session("pi_other"), "acct_local_someone_else")).status,
    ).toBe(200);
    expect(await one("select count(*) as n from gift where user_id = ?", o.userId)).toEqual({ n: 0 });

    // Reordered: the refund comes first and is refused for now (Stripe retries it).
    const refund = { id: "ch_1", object: "charge", amount: 7000, amount_refunded: 7000, payment_intent: "pi_real" };
    expect((await signedEvent("charge.refunded", refund, o.account)).status).toBe(409);
    // The payment, delivered twice.
    const paid = {
      id: `evt_test_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      account: o.account,
      data: { object: session("pi_real") },
    };
    expect((await send(paid)).status).toBe(200);
    expect(await (await send(paid)).json()).toMatchObject({ duplicate: true });
    expect(await one("select count(*) as n, sum(amount) as total from gift where user_id = ?", o.userId)).toEqual({
      n: 1,
      total: 7000,
    });
    // The refund's retry now applies; a stale partial refund after it changes nothing.
    expect((await signedEvent("charge.refunded", refund, o.account)).status).toBe(200);
    expect((await signedEvent("charge.refunded", { ...refund, amount_refunded: 2000 }, o.account)).status).toBe(200);
    expect(await one("select amount_refunded from gift where user_id = ?", o.userId)).toEqual({
      amount_refunded: 7000,
    });
  });
});

describe("gifts and pledges by hand", () => {
  it("records a cash gift once however often the form is sent, and a pledge with reminders", async () => {
    const o = await ownerWithCampaign();
    // A webhook listening for gifts hears this one once, however often the form is sent.
    const added = await addEndpoint(app(), o.userId, {
      url: `${inject("fakeServices")}/hooks/gift-${crypto.randomUUID()}`,
      events: ["gift.received"],
    });
    expect(added).not.toHaveProperty("error");
    const nonce = crypto.randomUUID();
    const cash = {
      intent: "gift",
      nonce,
      donorName: "Cass Cash",
      donorEmail: "cass@x.example",
      amount: "200",
      currency: "USD",
      date: "2026-02-01",
      method: "cash",
    };
    expect((await call(`/campaigns/${o.id}`, { ...form(cash), headers: o.headers })).status).toBe(302);
    expect((await call(`/campaigns/${o.id}`, { ...form(cash), headers: o.headers })).status).toBe(302);
    expect(
      await one("select count(*) as n, sum(amount) as t, acknowledged_at from gift where user_id = ?", o.userId),
    ).toEqual({
      n: 1,
      t: 20000,
      acknowledged_at: null,
    });
    await vi.waitFor(async () => {
      const rows = await env.DB.prepare("select event_type, payload from webhook_delivery where user_id = ?")
        .bind(o.userId)
        .all<{ event_type: string; payload: string }>();
      expect(rows.results.map((r) => r.event_type)).toEqual(["gift.received"]);
      expect(JSON.parse(rows.results[0]?.payload ?? "{}").data).toMatchObject({
        gift: { amount: 20000, currency: "USD", method: "cash", date: "2026-02-01" },
        campaign: { id: o.id, title: "Wells for Wamba" },
        person: { name: "Cass Cash" },
      });
    });
    // One timeline entry for one gift, dated the day it was given.
    expect(
      await one(
        "select count(*) as n, text, occurred_at as at from interaction where user_id = ? and kind = 'gift'",
        o.userId,
      ),
    ).toEqual({ n: 1, text: "Gave $200.00 to “Wells for Wamba”", at: Date.parse("2026-02-01T12:00:00Z") });
    const eur = await call(`/campaigns/${o.id}`, {
      ...form({ ...cash, nonce: crypto.randomUUID(), currency: "EUR" }),
      headers: o.headers,
    });
    expect(eur.status).toBe(400);
    const future = await call(`/campaigns/${o.id}`, {
      ...form({ ...cash, nonce: crypto.randomUUID(), date: "2999-01-01" }),
      headers: o.headers,
    });
    expect(future.status).toBe(400);
    // A standing order's payment, recorded by hand, counts as recurring; the cash gift as one-time.
    const standing = { ...cash, nonce: crypto.randomUUID(), method: "bank_transfer", amount: "15", recurring: "on" };
    expect((await call(`/campaigns/${o.id}`, { ...form(standing), headers: o.headers })).status).toBe(302);
    expect(
      (await env.DB.prepare("select method, recurring from gift where user_id = ? order by id").bind(o.userId).all())
        .results,
    ).toEqual([
      { method: "cash", recurring: 0 },
      { method: "bank_transfer", recurring: 1 },
    ]);
    // Cass gave twice: added to the network once, so her timeline says "Added" once.
    expect(
      await one(
        `select count(*) as n from interaction i join connection c on c.id = i.connection_id
          where c.user_id = ? and c.email = 'cass@x.example' and i.kind = 'added'`,
        o.userId,
      ),
    ).toEqual({ n: 1 });
    const dash = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(dash).toContain("Waiting for a thank-you (2)");
    expect(dash).toContain("One-time: $200, Recurring: $15.");

    const pledge = {
      intent: "pledge",
      nonce: crypto.randomUUID(),
      donorName: "Penny Pledger",
      donorEmail: "penny@x.example",
      amount: "300",
      currency: "USD",
      instalments: "3",
      firstDue: "2027-01-15",
    };
    // The owner works in New York: each instalment's reminder comes at 09:00 there, not at 09:00 UTC (4 AM).
    await env.DB.prepare(
      "insert into user_settings (user_id, time_zone) values (?, 'America/New_York') on conflict (user_id) do update set time_zone = excluded.time_zone",
    )
      .bind(o.userId)
      .run();
    expect((await call(`/campaigns/${o.id}`, { ...form(pledge), headers: o.headers })).status).toBe(302);
    expect(
      await one(
        "select min(due_at) as at from reminder where user_id = ? and notes like 'Pledge instalment due%'",
        o.userId,
      ),
    ).toEqual({ at: Date.parse("2027-01-15T14:00:00Z") });
    const instalments = await env.DB.prepare(
      "select i.due_date, i.amount from pledge_instalment i join pledge p on p.id = i.pledge_id where p.user_id = ? order by due_date",
    )
      .bind(o.userId)
      .all();
    expect(instalments.results).toEqual([
      { due_date: "2027-01-15", amount: 10000 },
      { due_date: "2027-02-15", amount: 10000 },
      { due_date: "2027-03-15", amount: 10000 },
    ]);
    expect(
      await one(
        "select count(*) as n from reminder where user_id = ? and notes like 'Pledge instalment due%'",
        o.userId,
      ),
    ).toEqual({ n: 3 });
    expect(
      await one("select text from interaction where user_id = ? and kind = 'gift' and text like 'Pledged%'", o.userId),
    ).toEqual({ text: "Pledged $300.00 for Wells for Wamba in 3 instalments" });
  });
});

describe("another owner never sees or changes fundraising data", () => {
  it("answers 404 to every private campaign route and gift action", async () => {
    const a = await ownerWithCampaign("Owner A");
    await give(a.id, { amount: "5000" });
    const giftId = (await one<{ id: number }>("select id from gift where user_id = ?", a.userId))?.id ?? 0;
    const b = await signUp("Owner B");
    const headers = { cookie: b.cookie };
    for (const p of [`/campaigns/${a.id}`, `/campaigns/${a.id}/edit`, `/campaigns/${a.id}/gifts.csv`])
      expect((await call(p, { headers })).status, p).toBe(404);
    for (const intent of ["thank", "thanked"])
      expect(
        (await call("/campaigns/gifts", { ...form({ intent, gift: String(giftId) }), headers })).status,
        intent,
      ).toBe(404);
    expect(
      (
        await call(`/campaigns/${a.id}`, {
          ...form({
            intent: "gift",
            nonce: crypto.randomUUID(),
            donorName: "X",
            amount: "5",
            currency: "USD",
            date: "2026-01-01",
            method: "cash",
          }),
          headers,
        })
      ).status,
    ).toBe(404);
    expect((await call(`/campaigns/${a.id}/edit`, { ...form({ intent: "archive" }), headers })).status).toBe(404);
    expect((await call(`/campaigns/${a.id}/edit`, { ...form(CAMPAIGN), headers })).status).toBe(404);
    // B's own campaigns page shows nothing of A's, and B's Stripe connection is not A's.
    const list = await (await call("/campaigns", { headers })).text();
    expect(list).not.toContain("Wells for Wamba");
    expect(list).not.toContain("Dee Donor");
    expect(await one("select count(*) as n from gift where user_id = ?", a.userId)).toEqual({ n: 1 });
  });
});

describe("donors in the network", () => {
  it("filters connections by donor status and giving range, and lists unthanked gifts on the dashboard", async () => {
    const o = await ownerWithCampaign();
    const gift = (donorName: string, amount: string) =>
      call(`/campaigns/${o.id}`, {
        ...form({
          intent: "gift",
          nonce: crypto.randomUUID(),
          donorName,
          amount,
          currency: "USD",
          date: "2026-03-01",
          method: "cheque",
        }),
        headers: o.headers,
      });
    await gift("Small Giver", "20");
    await gift("Big Giver", "900");
    await call("/connections/new", { ...form({ name: "Never Gave", email: "never@x.example" }), headers: o.headers });
    const list = (q: string) => page(call(`/connections?${q}`, { headers: o.headers }));
    const donors = await list("donor=donor");
    expect(donors).toContain("Small Giver");
    expect(donors).toContain("Big Giver");
    expect(donors).not.toContain("Never Gave");
    expect(await list("donor=non-donor")).toContain("Never Gave");
    const big = await list("givenMin=100");
    expect(big).toContain("Big Giver");
    expect(big).not.toContain("Small Giver");
    expect(await list("givenMax=50")).not.toContain("Big Giver");
    const dashboard = await page(call("/dashboard", { headers: o.headers }));
    expect(dashboard).toContain("Waiting for a thank-you (2)");
  });
});

describe("networking meets fundraising", () => {
  it("a card features the campaign, an event raises for it, and its report shows gifts from people met there", async () => {
    const o = await ownerWithCampaign("Networker");
    const cardId = Number(
      location(await call("/card", { method: "POST", headers: o.headers }))
        .split("/")
        .pop(),
    );
    const slug = `fund-${crypto.randomUUID().slice(0, 8)}`;
    await call(`/card/${cardId}`, {
      ...form({
        intent: "publish",
        slug,
        label: "Work",
        name: "Net Worker",
        template: "classic",
        colour: "#4f46e5",
        website: "https://net.example.org",
      }),
      headers: o.headers,
    });
    const eventId = Number(
      location(
        await call("/events/new", {
          ...form({ title: "Spring Gala", date: "2026-05-01", type: "in-person" }),
          headers: o.headers,
        }),
      )
        .split("/")
        .pop(),
    );
    const before = await page(call(`/c/${slug}`));
    expect(before).not.toContain("Support Wells for Wamba");

    const saved = await call(`/campaigns/${o.id}/edit`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "networking"],
        ["card", String(cardId)],
        ["event", String(eventId)],
      ]),
      headers: o.headers,
    });
    expect(saved.status).toBe(302);
    const raw = await (await call(`/c/${slug}`)).text();
    expect(raw).toContain(`href="/fundraising/${o.id}?src=card&amp;card=${cardId}"`);
    expect(raw.replaceAll("<!-- -->", "")).toContain("Support Wells for Wamba");
    expect(new TextEncoder().encode(raw).byteLength).toBeLessThan(10 * 1024 + 2048);

    // Someone met at the gala gives through the card's button.
    await give(
      o.id,
      { amount: "10000", src: "card", card: String(cardId) },
      { email: "gala@x.example", name: "Gala Guest" },
    );
    await env.DB.prepare("update connection set event_name = 'Spring Gala' where user_id = ? and name = 'Gala Guest'")
      .bind(o.userId)
      .run();
    const report = await page(call(`/events/${eventId}/report`, { headers: o.headers }));
    expect(report).toContain("Gifts from people met here");
    expect(report).toContain("$100.00 from 1 person");
    const dash = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(dash).toContain("From your cards");
    expect(dash).toContain("People met at each event who gave (%)");

    // Closing the campaign takes the button off the card.
    await call(`/campaigns/${o.id}/edit`, { ...form({ intent: "close" }), headers: o.headers });
    expect(await page(call(`/c/${slug}`))).not.toContain("Support Wells for Wamba");

    // Another owner cannot point their card or events at it.
    const b = await signUp("Other Networker");
    const stolen = await call(`/campaigns/${o.id}/edit`, {
      ...form({ intent: "networking", card: String(cardId) }),
      headers: { cookie: b.cookie },
    });
    expect(stolen.status).toBe(404);
  });
});

describe("the test checkout under a double click", () => {
  it("three concurrent Pay on one checkout record one gift; the others are told it was completed", async () => {
    const o = await ownerWithCampaign("Triple Pay Owner");
    const start = await call(`/fundraising/${o.id}/donate`, form({ amount: "2500", frequency: "once" }));
    const session = location(start).split("/").pop() ?? "";
    expect(session).toMatch(/^cs_test_local_/);
    const payer = { email: "tri@donor.example", name: "Tri Payer" };
    const paid = await Promise.all([1, 2, 3].map(() => payLocalCheckout(app(), session, payer)));
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect(await one("select count(*) as n, sum(amount) as total from gift where user_id = ?", o.userId)).toEqual({
      n: 1,
      total: 2500,
    });
    // Pay and Cancel at once: one of them wins.
    const again = location(await call(`/fundraising/${o.id}/donate`, form({ amount: "1000", frequency: "once" })));
    const id = again.split("/").pop() ?? "";
    const [payOutcome, cancelOutcome] = await Promise.all([
      payLocalCheckout(app(), id, payer),
      cancelLocalCheckout(app(), id),
    ]);
    expect([payOutcome, cancelOutcome].filter(Boolean)).toHaveLength(1);
    expect((await call(again, form({ intent: "pay", ...payer }))).status).toBe(409);
  });
});

describe("a partial refund, confirmed with its amount", () => {
  it("reviews, confirms, refunds part then the rest; refuses more than is left; a resubmitted confirmation refunds once", async () => {
    const o = await ownerWithCampaign("Partial Refund Owner");
    await give(o.id, { amount: "5000", frequency: "once" });
    const giftId = (await one<{ id: number }>("select id from gift where user_id = ?", o.userId))?.id ?? 0;
    const refundPath = `/campaigns/gifts/${giftId}/refund`;
    const post = (values: Record<string, string>) => call(refundPath, { ...form(values), headers: o.headers });
    const refunded = async () =>
      (await one<{ amount_refunded: number }>("select amount_refunded from gift where id = ?", giftId))
        ?.amount_refunded;

    const shown = await page(call(refundPath, { headers: o.headers }));
    expect(shown).toContain("$50.00 from Dee Donor on");
    expect(shown).toContain("Up to $50.00");

    // Too much, nonsense, zero: told beside the amount, what was typed kept, nothing refunded.
    const tooMuch = await post({ intent: "review", amount: "60" });
    expect(tooMuch.status).toBe(400);
    const tooMuchHtml = await tooMuch.text();
    expect(tooMuchHtml).toContain("A refund can be at most $50.00, what is left of this gift");
    expect(tooMuchHtml).toContain('value="60"');
    for (const amount of ["abc", "0", "-5", "12.345"])
      expect(await page(post({ intent: "review", amount }))).toContain("Enter an amount, such as 25 or 25.50");

    const review = await post({ intent: "review", amount: "12.50" });
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(reviewHtml.replaceAll("<!-- -->", "")).toContain("Refund $12.50 to Dee Donor?");
    expect(await refunded()).toBe(0);
    const key = /name="key" value="([^"]+)"/.exec(reviewHtml)?.[1] ?? "";
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const confirmed = await post({ intent: "refund", amount: "12.50", key });
    expect(confirmed.status).toBe(302);
    expect(location(confirmed)).toBe(`/campaigns/${o.id}`);
    expect(await refunded()).toBe(1250);
    // The same confirmation sent again (a double click, a reload) refunds nothing more.
    expect((await post({ intent: "refund", amount: "12.50", key })).status).toBe(302);
    expect(await refunded()).toBe(1250);
    expect(await page(call(`/campaigns/${o.id}`, { headers: o.headers }))).toContain("$12.50 refunded");

    // Two confirmations racing for more than is left: one refunds, the other is told, never both.
    const race = await Promise.all([
      post({ intent: "refund", amount: "30", key: crypto.randomUUID() }),
      post({ intent: "refund", amount: "30", key: crypto.randomUUID() }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([302, 400]);
    expect(await refunded()).toBe(4250);
    const over = await post({ intent: "refund", amount: "10", key: crypto.randomUUID() });
    expect(over.status).toBe(400);
    expect(await page(over)).toContain("A refund can be at most $7.50, what is left of this gift");
    expect((await post({ intent: "refund", amount: "7.50", key: crypto.randomUUID() })).status).toBe(302);
    expect(await refunded()).toBe(5000);
    expect(await page(call(refundPath, { headers: o.headers }))).toContain("This gift has already been refunded");

    // Another account: the page and its action do not exist, and nothing moves.
    const b = await signUp("Refund Stranger");
    expect((await call(refundPath, { headers: { cookie: b.cookie } })).status).toBe(404);
    const stranger = await call(refundPath, {
      ...form({ intent: "refund", amount: "1", key: crypto.randomUUID() }),
      headers: { cookie: b.cookie },
    });
    expect(stranger.status).toBe(404);
    expect((await call("/campaigns/gifts/abc/refund", { headers: o.headers })).status).toBe(404);
  });
});

describe("a refund pressed twice at once", () => {
  it("refunds the gift once; the second press is refused as already refunded", async () => {
    const o = await ownerWithCampaign("Double Refund Owner");
    await give(o.id, { amount: "4000", frequency: "once" });
    const giftId = (await one<{ id: number }>("select id from gift where user_id = ?", o.userId))?.id ?? 0;
    const outcomes = await Promise.allSettled([1, 2].map(() => requestRefund(app(), o.userId, giftId)));
    expect(outcomes.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((x) => x.status === "rejected");
    expect(refused?.status === "rejected" && String(refused.reason)).toContain("already been refunded");
    expect(await one("select amount_refunded from gift where id = ?", giftId)).toEqual({ amount_refunded: 4000 });
    expect(
      await one(
        "select json_extract(data, '$.amount_refunded') as refunded from payment_local_object where id = (select payment_intent from gift where id = ?)",
        giftId,
      ),
    ).toEqual({ refunded: 4000 });
  });
});
