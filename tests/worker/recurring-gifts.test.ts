import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import type { AppContext } from "~/context";
import { addMonths } from "~/lib/follow/rhythm";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { donorToken } from "~/server/fundraising/donor-link.server";
import { EMPTY_ORGANISATION, saveOrganisation } from "~/server/fundraising/organisation.server";
import { changeRecurringGift } from "~/server/fundraising/recurring.server";
import { localWebhookSecret } from "~/server/payments/local.server";
import { parseEnv } from "~/server/platform/env.server";
import type { StripeCall } from "../fixtures/fake-stripe";
import { connectStripe, publishCampaign } from "./fundraising-helpers";
import { call, form, signUp } from "./helpers";

const STRIPE = inject("fakeStripe");
const stripeCalls = async () =>
  (await (await fetch(`${STRIPE}/_stripe/requests?key=sk_test_recurring`)).json()) as StripeCall[];

const app = (overrides: Partial<AppContext["env"]> = {}): AppContext => {
  const parsed = { ...parseEnv(env), ...overrides };
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "t", deliverPaymentEvent };
};
const location = (res: Response) => res.headers.get("location") ?? "";
const page = async (res: Response | Promise<Response>) =>
  (await (await res).text()).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");
const one = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

const CAMPAIGN = {
  intent: "save",
  title: "Night Shelter",
  description: "Beds for winter nights.",
  extendedDescription: "Forty beds from November to March.",
  organization: "Harbour Shelter",
  organizerName: "Sam Reyes",
  location: "Portland, OR",
  category: "community",
  currency: "USD",
  goal: "5000",
  startDate: "2026-01-01",
  endDate: "2030-12-31",
  mission: "Nobody sleeps outside in winter.",
  impact: "25 dollars is a bed for a night.",
  budget: "Beds: 3000\nStaff: 2000",
  team: "Sam Reyes, Director",
  suggested: "25, 50",
  listed: "on",
};

/** A fresh owner with a published campaign on a connected test account. */
async function ownerWithCampaign() {
  const owner = await signUp("Shelter Owner");
  const headers = { cookie: owner.cookie };
  const id = await publishCampaign(headers, CAMPAIGN);
  const account = await connectStripe(headers, owner.email);
  const userId = (await one<{ id: string }>("select id from user where email = ?", owner.email))?.id ?? "";
  return { headers, id, userId, account };
}

/** A monthly gift through the test checkout; answers the receipt's manage link (a path) and the gift row. */
async function giveMonthly(campaignId: string, userId: string, email: string) {
  const start = await call(`/fundraising/${campaignId}/donate`, form({ amount: "2500", frequency: "monthly" }));
  expect(start.status).toBe(303);
  expect((await call(location(start), form({ intent: "pay", email, name: "Robin Giver" }))).status).toBe(302);
  const receipt = await one<{ text: string }>(
    "select text from outbox where kind = 'thank-you' and \"to\" = ? order by id desc",
    email,
  );
  const link = /Manage your monthly gift \(pause, resume or cancel\): (\S+)/.exec(receipt?.text ?? "")?.[1] ?? "";
  const rec = await one<{ id: number; subscription: string; status: string }>(
    "select r.id, r.subscription, r.status from recurring_gift r join gift g on g.recurring_id = r.id where r.user_id = ? and g.donor_email = ?",
    userId,
    email,
  );
  return { link, rec: rec ?? { id: 0, subscription: "", status: "" } };
}

/** The flash toast a redirect carries (React Router's signed cookie: base64 of JSON, a dot, its signature). */
const toastOf = (res: Response) => {
  const value = /toast=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const signed = decodeURIComponent(value);
  return atob(signed.slice(0, signed.lastIndexOf(".")));
};

const statusOf = async (id: number) =>
  (await one<{ status: string }>("select status from recurring_gift where id = ?", id))?.status;

describe("a donor manages a monthly gift from the link in the receipt", () => {
  it("pauses, resumes and cancels; a second cancel says so and records nothing twice", async () => {
    const o = await ownerWithCampaign();
    const email = `robin-${crypto.randomUUID().slice(0, 8)}@donor.example`;
    const { link, rec } = await giveMonthly(o.id, o.userId, email);
    // The link is absolute, on the site the gift was given on, and signed.
    expect(link).toMatch(/^http:\/\/localhost\/fundraising\/gifts\/[\w-]+\.[\w-]+\.[0-9a-z]+\.[\w-]{43}$/);
    const path = new URL(link).pathname;
    const shown = await page(call(path));
    expect(shown).toContain("$25.00 a month to Night Shelter");
    expect(shown).toContain("Active");
    // Named as the charity, never as the owner's own account: the campaign's organisation until a legal name is set.
    expect(shown).toContain("To Harbour Shelter, given as");
    expect(shown).not.toContain("Shelter Owner");
    await saveOrganisation(createDb(env.DB), o.userId, { ...EMPTY_ORGANISATION, legalName: "Harbour Shelter <Trust>" });
    const named = await (await call(path)).text();
    expect(named).not.toContain("<Trust>");
    expect(named.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "")).toContain(
      "To Harbour Shelter &lt;Trust&gt;, given as",
    );

    const paused = await call(path, form({ intent: "pause", gift: String(rec.id) }));
    expect(paused.status).toBe(200);
    expect(await page(paused)).toContain("Your monthly gift is paused. Nothing is charged until it is resumed.");
    expect(await statusOf(rec.id)).toBe("paused");
    expect((await call(path, form({ intent: "pause", gift: String(rec.id) }))).status).toBe(409);

    const resumed = await call(path, form({ intent: "resume", gift: String(rec.id) }));
    expect(await page(resumed)).toContain("Your monthly gift is resumed from the next payment.");
    expect(await statusOf(rec.id)).toBe("active");

    const cancelled = await call(path, form({ intent: "cancel", gift: String(rec.id) }));
    expect(cancelled.status).toBe(200);
    expect(await page(cancelled)).toContain("Your monthly gift is cancelled. Nothing more will be charged.");
    expect(await statusOf(rec.id)).toBe("canceled");

    const again = await call(path, form({ intent: "cancel", gift: String(rec.id) }));
    expect(again.status).toBe(409);
    expect(await page(again)).toContain("This monthly gift is already cancelled.");
    const deleted = await one<{ n: number }>(
      "select count(*) as n from payment_event where type = 'customer.subscription.deleted' and account = ?",
      o.account,
    );
    expect(deleted?.n).toBe(1);
    // Nothing about a cancelled gift can be resumed from the link either.
    expect((await call(path, form({ intent: "resume", gift: String(rec.id) }))).status).toBe(409);
    expect(await statusOf(rec.id)).toBe("canceled");
  });

  it("a link works only as signed and only for that donor's gifts with that owner", async () => {
    const o = await ownerWithCampaign();
    const a = await giveMonthly(o.id, o.userId, `ana-${crypto.randomUUID().slice(0, 8)}@donor.example`);
    const b = await giveMonthly(o.id, o.userId, `ben-${crypto.randomUUID().slice(0, 8)}@donor.example`);
    const aPath = new URL(a.link).pathname;
    // Ana's link cannot touch Ben's gift.
    expect((await call(aPath, form({ intent: "cancel", gift: String(b.rec.id) }))).status).toBe(404);
    expect(await statusOf(b.rec.id)).toBe("active");
    expect(await page(call(aPath))).not.toContain("ben-");
    // A tampered signature, a forged email and a token for another owner are refused.
    const tampered = `${aPath.slice(0, -2)}${aPath.endsWith("AA") ? "BB" : "AA"}`;
    expect((await call(tampered)).status).toBe(404);
    expect((await call(tampered, form({ intent: "cancel", gift: String(a.rec.id) }))).status).toBe(404);
    const forged = aPath.replace(/\.([\w-]+)\./, `.${btoa("ben@donor.example").replace(/=+$/, "")}.`);
    expect((await call(forged)).status).toBe(404);
    const other = await ownerWithCampaign();
    const otherToken = await donorToken(app().env, other.userId, "ana@donor.example");
    expect(
      (await call(`/fundraising/gifts/${otherToken}`, form({ intent: "cancel", gift: String(a.rec.id) }))).status,
    ).toBe(404);
    expect(await statusOf(a.rec.id)).toBe("active");
    // Malformed input is a 400, never a 500.
    expect((await call(aPath, form({ intent: "explode", gift: "x" }))).status).toBe(400);
    expect(
      (await call(aPath, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status,
    ).toBe(415);
  });

  it("opens the test customer portal for that donor's subscription, where it can be paused too", async () => {
    const o = await ownerWithCampaign();
    const { link, rec } = await giveMonthly(o.id, o.userId, `pia-${crypto.randomUUID().slice(0, 8)}@donor.example`);
    const portal = await call(new URL(link).pathname, form({ intent: "portal", gift: String(rec.id) }));
    expect(portal.status).toBe(302);
    const to = new URL(location(portal), "http://localhost");
    expect(to.pathname).toMatch(/^\/pay\/test\/portal\/cus_local_/);
    expect(await page(call(`${to.pathname}${to.search}`))).toContain("Pause subscription");
    await call(`${to.pathname}${to.search}`, form({ intent: "pause", subscription: rec.subscription }));
    expect(await statusOf(rec.id)).toBe("paused");
    // A paused gift's next period charges nothing and records no gift.
    await call(`${to.pathname}${to.search}`, form({ intent: "renew", subscription: rec.subscription }));
    const gifts = await one<{ n: number }>("select count(*) as n from gift where recurring_id = ?", rec.id);
    expect(gifts?.n).toBe(1);
  });
});

describe("a manage link lives an hour and can be switched off, like a portal session", () => {
  it("an expired or switched-off link says so and mails a new one to the donor; a mistyped one has its own words", async () => {
    const o = await ownerWithCampaign();
    const email = `hour-${crypto.randomUUID().slice(0, 8)}@donor.example`;
    const { link, rec } = await giveMonthly(o.id, o.userId, email);
    const path = new URL(link).pathname;
    expect((await call(path)).status).toBe(200);

    // Issued more than an hour ago: refused in its own words, with nothing of the donor's gifts shown.
    const old = `/fundraising/gifts/${await donorToken(app().env, o.userId, email, Date.now() - 3_600_001)}`;
    const expired = await call(old);
    expect(expired.status).toBe(410);
    const expiredText = await page(expired);
    expect(expiredText).toContain("This manage link has expired");
    expect(expiredText).not.toContain("$25.00");
    expect((await call(old, form({ intent: "cancel", gift: String(rec.id) }))).status).toBe(410);
    expect(await statusOf(rec.id)).toBe("active");
    // The new link goes to the donor's address, never to the page that asked.
    const links = async () =>
      (
        await env.DB.prepare("select text from outbox where kind = 'donor-link' and \"to\" = ?").bind(email).all<{
          text: string;
        }>()
      ).results.map((r) => /(http:\/\/localhost\/fundraising\/gifts\/\S+)/.exec(r.text)?.[1] ?? "");
    const asked = await call(old, form({ intent: "new-link" }));
    expect(asked.status).toBe(410);
    expect(await page(asked)).toContain("A new link is on its way");
    const [fresh] = await links();
    expect((await call(new URL(fresh ?? "").pathname)).status).toBe(200);

    // Switching off: this link and every other sent before stop working.
    const off = await call(path, form({ intent: "revoke" }));
    expect(off.status).toBe(410);
    expect(await page(call(path))).toContain("This manage link was switched off");
    expect((await call(new URL(fresh ?? "").pathname)).status).toBe(410);
    expect((await call(path, form({ intent: "pause", gift: String(rec.id) }))).status).toBe(410);
    expect(await statusOf(rec.id)).toBe("active");

    // A link cut off by a mail app: its own words, not the site's "page not found".
    const cut = await call(path.slice(0, -10));
    expect(cut.status).toBe(404);
    const cutText = await page(cut);
    expect(cutText).toContain("This manage link is not complete");
    expect(cutText).not.toMatch(/page not found/i);
  });
});

describe("the owner manages a donor's monthly gift from the person page", () => {
  it("pauses, resumes and cancels; another account gets 404 and changes nothing", async () => {
    const o = await ownerWithCampaign();
    const email = `lee-${crypto.randomUUID().slice(0, 8)}@donor.example`;
    const { rec } = await giveMonthly(o.id, o.userId, email);
    const person = await one<{ connection_id: number }>(
      "select connection_id from recurring_gift where id = ?",
      rec.id,
    );
    const personPage = `/connections/${person?.connection_id}`;
    expect(await page(call(personPage, { headers: o.headers }))).toContain("Cancel monthly gift");
    const change = (c: string, headers = o.headers) =>
      call("/campaigns/gifts", {
        ...form({ intent: "recurring", recurring: String(rec.id), change: c, back: personPage }),
        headers,
      });

    const stranger = await signUp("Someone Else");
    expect((await change("cancel", { cookie: stranger.cookie })).status).toBe(404);
    expect(await statusOf(rec.id)).toBe("active");

    expect((await change("pause")).status).toBe(302);
    expect(await statusOf(rec.id)).toBe("paused");
    expect(await page(call(personPage, { headers: o.headers }))).toContain("Resume");
    await change("resume");
    expect(await statusOf(rec.id)).toBe("active");
    await change("cancel");
    expect(await statusOf(rec.id)).toBe("canceled");
    const again = await change("cancel");
    expect(again.status).toBe(302);
    expect(toastOf(again)).toContain("This monthly gift is already cancelled.");
    expect(
      (
        await one<{ n: number }>(
          "select count(*) as n from payment_event where type = 'customer.subscription.deleted' and account = ?",
          o.account,
        )
      )?.n,
    ).toBe(1);
    expect((await change("sideways")).status).toBe(400);
  });
});

describe("monthly gifts on Stripe", () => {
  async function send(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: await localWebhookSecret(app().env),
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    return call("/api/payments/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
  }

  it("pauses with pause_collection, resumes by unsetting it and cancels, on the connected account", async () => {
    const o = await ownerWithCampaign();
    const sub = `sub_fake_${crypto.randomUUID().slice(0, 8)}`;
    const now = Math.floor(Date.now() / 1000);
    await env.DB.prepare(
      "insert into recurring_gift (user_id, campaign_id, subscription, customer, stripe_account, amount, currency, interval, status, status_at) values (?, ?, ?, 'cus_fake_1', 'acct_on_stripe', 1500, 'USD', 'month', 'active', ?)",
    )
      .bind(o.userId, o.id, sub, now)
      .run();
    const id = (await one<{ id: number }>("select id from recurring_gift where subscription = ?", sub))?.id ?? 0;
    const onStripe = app({ STRIPE_SECRET_KEY: "sk_test_recurring", STRIPE_API_BASE: STRIPE });
    expect(await changeRecurringGift(onStripe, o.userId, id, "pause")).toBe("done");
    expect(await changeRecurringGift(onStripe, o.userId, id, "resume")).toBe("not-paused");
    expect(await changeRecurringGift(onStripe, o.userId, id, "cancel")).toBe("done");
    // Another owner's id is missing, and nothing is sent for it.
    expect(await changeRecurringGift(onStripe, "someone-else", id, "cancel")).toBe("missing");
    const made = (await stripeCalls()).filter((c) => c.path === `/v1/subscriptions/${sub}`);
    expect(made.map((c) => [c.method, c.account])).toEqual([
      ["POST", "acct_on_stripe"],
      ["DELETE", "acct_on_stripe"],
    ]);
    expect(made[0]?.form).toEqual({ "pause_collection[behavior]": "void" });
    // Our status follows Stripe's events only: still active until they come.
    expect(await statusOf(id)).toBe("active");
  });

  it("paused, resumed and deleted events set the gift's status once each, in Stripe's order, and replays change nothing", async () => {
    const o = await ownerWithCampaign();
    const { rec } = await giveMonthly(o.id, o.userId, `sky-${crypto.randomUUID().slice(0, 8)}@donor.example`);
    const base = Math.floor(Date.now() / 1000) + 10;
    const subscription = (status: string, pause: boolean) => ({
      id: rec.subscription,
      status,
      currency: "usd",
      customer: "cus_x",
      pause_collection: pause ? { behavior: "void" } : null,
      metadata: { domain: "donations", owner: o.userId, campaign: o.id },
      items: { data: [{ price: { unit_amount: 2500, recurring: { interval: "month" } } }] },
    });
    const event = (type: string, object: Record<string, unknown>, created: number) => ({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type,
      created,
      livemode: false,
      account: o.account,
      data: { object },
    });
    const paused = event("customer.subscription.paused", subscription("paused", false), base);
    expect((await send(paused)).status).toBe(200);
    expect(await statusOf(rec.id)).toBe("paused");
    const resumed = event("customer.subscription.resumed", subscription("active", false), base + 1);
    expect((await send(resumed)).status).toBe(200);
    expect(await statusOf(rec.id)).toBe("active");
    // The pause replayed: the event id is already stored, so the newer "resumed" stands.
    const replay = await send(paused);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    expect(await statusOf(rec.id)).toBe("active");
    const held = event("customer.subscription.updated", subscription("active", true), base + 2);
    await send(held);
    expect(await statusOf(rec.id)).toBe("paused");
    const deleted = event("customer.subscription.deleted", subscription("canceled", true), base + 3);
    await send(deleted);
    expect(await statusOf(rec.id)).toBe("canceled");
    // An update stamped in the same second as the cancellation never revives it.
    await send(event("customer.subscription.updated", subscription("active", false), base + 3));
    expect(await statusOf(rec.id)).toBe("canceled");
    const stored = await env.DB.prepare("select domain from payment_event where id in (?, ?, ?)")
      .bind(paused.id, resumed.id, deleted.id)
      .all<{ domain: string }>();
    expect(stored.results.map((r) => r.domain)).toEqual(["donations", "donations", "donations"]);
  });
});

describe("the campaign dashboard tells each gift's story", () => {
  it("shows a gift's tribute, the fee its donor covered and its monthly gift's standing", async () => {
    const o = await ownerWithCampaign();
    const email = `tia-${crypto.randomUUID().slice(0, 8)}@donor.example`;
    const { rec, link } = await giveMonthly(o.id, o.userId, email);
    // The donor's page says when the next gift is taken: a month after the last, while it is active.
    const day = (await one<{ date: string }>("select date from gift where donor_email = ?", email))?.date ?? "";
    const next = new Date(`${addMonths(day, 1)}T12:00:00Z`);
    const expected = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(next);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page(call(new URL(link).pathname))).toContain(`Next gift: ${expected}`);
    await env.DB.prepare(
      "update gift set tribute_kind = 'memory', tribute_name = 'Ada Lovelace', fee_covered = 103 where donor_email = ? and user_id = ?",
    )
      .bind(email, o.userId)
      .run();
    await env.DB.prepare("update recurring_gift set status = 'paused' where id = ?").bind(rec.id).run();
    const text = await page(call(`/campaigns/${o.id}`, { headers: o.headers }));
    expect(text).toContain("monthly (paused)");
    expect(text).toContain("In memory of Ada Lovelace");
    expect(text).toContain("incl. $1.03 fee");
    // Paused, nothing is taken: no next gift is promised.
    expect(await page(call(new URL(link).pathname))).not.toContain("Next gift");
  });
});
