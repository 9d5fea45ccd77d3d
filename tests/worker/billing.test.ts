import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import type { AppContext } from "~/context";
import { DAY_MS } from "~/lib/time/days";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { localWebhookSecret, readLocal } from "~/server/payments/local.server";
import { renewLocalSubscription } from "~/server/payments/local-subscriptions.server";
import { stripePayments } from "~/server/payments/stripe.server";
import { parseEnv } from "~/server/platform/env.server";
import type { StripeCall } from "../fixtures/fake-stripe";
import { call, form, signUp } from "./helpers";

type Owner = { cookie: string; email: string; userId: string };

async function owner(name = "Billing Owner"): Promise<Owner> {
  const a = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>();
  return { ...a, userId: row?.id ?? "" };
}

function app(): AppContext {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "test", deliverPaymentEvent };
}

const post = (o: Owner, path: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: o.cookie } });
const get = (o: Owner, path: string) => call(path, { headers: { cookie: o.cookie } });

type Plan = {
  subscription_id: string | null;
  customer_id: string | null;
  subscription_status: string | null;
  billing_interval: string | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  grace_ends_at: number | null;
};
const plan = (o: Owner) =>
  env.DB.prepare("select * from account_plan where user_id = ?").bind(o.userId).first<Plan>() as Promise<Plan>;
const endTrial = (o: Owner) =>
  env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
    .bind(Date.now() - 1000, o.userId)
    .run();
const invoices = (o: Owner) =>
  env.DB.prepare(
    "select amount_due, amount_paid, status, reason from billing_invoice where user_id = ? order by issued_at, created_at",
  )
    .bind(o.userId)
    .all<{ amount_due: number; amount_paid: number; status: string; reason: string }>()
    .then((r) => r.results);

/** Subscribes through the built-in test checkout, as the journey does: Checkout, then "Pay". */
async function subscribe(o: Owner, interval: "month" | "year" = "month") {
  // After the trial: the first payment is taken at once (during it, see "subscribing during the trial").
  await endTrial(o);
  const started = await post(o, "/settings/billing", { intent: "checkout", interval });
  expect(started.status).toBe(302);
  const checkout = started.headers.get("location") ?? "";
  expect(checkout).toMatch(/^\/pay\/test\/checkout\/cs_test_local_/);
  const paid = await call(checkout, { ...form({ intent: "pay", email: o.email, name: "Billing Owner" }) });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("location")).toContain("/settings/billing?checkout=done");
  return plan(o);
}

/** A gate that Basic is refused: the post-event report. */
async function reportStatus(o: Owner) {
  const res = await post(o, "/events/new", {
    title: `Gala ${crypto.randomUUID().slice(0, 6)}`,
    date: "2030-05-01",
    type: "in-person",
  });
  const id = res.headers.get("location")?.split("/").pop();
  return (await get(o, `/events/${id}/report`)).status;
}

describe("billing through the payments adapter's built-in test checkout", () => {
  it("subscribes monthly: Card Pro from the webhook, its period, an invoice; the trial's end changes nothing", async () => {
    const a = await owner();
    const before = Date.now();
    const row = await subscribe(a);
    expect(row.subscription_status).toBe("active");
    expect(row.billing_interval).toBe("month");
    expect(row.subscription_id).toMatch(/^sub_local_/);
    expect(Number(row.current_period_end)).toBeGreaterThan(before + 27 * DAY_MS);
    expect(Number(row.current_period_end)).toBeLessThan(before + 32 * DAY_MS);
    expect(await invoices(a)).toEqual([
      { amount_due: 799, amount_paid: 799, status: "paid", reason: "subscription_create" },
    ]);
    await endTrial(a);
    expect(await reportStatus(a)).toBe(200);
    const page = await (await get(a, "/settings/billing")).text();
    expect(page).toContain("Renews on");
    expect(page).toContain("$7.99");
    expect(page).toContain("Cancel subscription");
    // A second Checkout while subscribed would charge twice: refused.
    const again = await post(a, "/settings/billing", { intent: "checkout", interval: "year" });
    expect(again.headers.get("location")).toBe("/settings/billing");
  });

  it("cancels at the period's end: access stays until then, and Basic after", async () => {
    const a = await owner();
    const { current_period_end: end } = await subscribe(a);
    await endTrial(a);
    const cancelled = await post(a, "/settings/billing", { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    const row = await plan(a);
    expect(row.cancel_at_period_end).toBe(1);
    expect(row.subscription_status).toBe("active");
    expect(row.current_period_end).toBe(end);
    expect(await reportStatus(a)).toBe(200);
    const page = await (await get(a, "/settings/billing")).text();
    expect(page).toContain("Cancelled: Card Pro stays on until");
    expect(page).toContain("Resume subscription");
    expect(
      await env.DB.prepare("select count(*) as n from notification where user_id = ? and title = 'Card Pro cancelled'")
        .bind(a.userId)
        .first("n"),
    ).toBe(1);
    // The period ends (Stripe then deletes the subscription): back to Basic, nothing deleted.
    await env.DB.prepare("update account_plan set current_period_end = ? where user_id = ?")
      .bind(Date.now() - 1000, a.userId)
      .run();
    expect(await reportStatus(a)).toBe(403);
    // Resuming before the end is possible too (on another account, still inside its period).
    const b = await owner();
    await subscribe(b);
    await post(b, "/settings/billing", { intent: "cancel" });
    await post(b, "/settings/billing", { intent: "resume" });
    expect((await plan(b)).cancel_at_period_end).toBe(0);
  });

  it("prorates: monthly to yearly charges the difference, yearly to monthly leaves a credit", async () => {
    const a = await owner();
    await subscribe(a, "month");
    // Switching first shows the amount and the date; nothing is charged until it is confirmed.
    const unconfirmed = await post(a, "/settings/billing", { intent: "switch", interval: "year" });
    expect(unconfirmed.headers.get("location")).toBe("/settings/billing/change?interval=year");
    expect((await plan(a)).billing_interval).toBe("month");
    expect(await invoices(a)).toHaveLength(1);
    const preview = (await (await get(a, "/settings/billing/change?interval=year")).text()).replaceAll("<!-- -->", "");
    const shown = /\$(\d+\.\d\d) will be charged on ([^.<]+)\./.exec(preview);
    expect(shown?.[2]).toContain(String(new Date().getUTCFullYear()));
    const at = /name="confirm" value="(\d+)"/.exec(preview)?.[1] ?? "";
    expect(
      (await post(a, "/settings/billing/change?interval=year", { intent: "switch", interval: "year", confirm: at }))
        .status,
    ).toBe(302);
    let row = await plan(a);
    expect(row.billing_interval).toBe("year");
    expect(Number(row.current_period_end)).toBeGreaterThan(Date.now() + 360 * DAY_MS);
    const [, upgrade] = await invoices(a);
    expect(upgrade?.reason).toBe("subscription_update");
    // 79.00 for the year less the unused part of the month just paid (almost all of 7.99).
    expect(upgrade?.amount_due).toBeGreaterThan(7900 - 800);
    expect(upgrade?.amount_due).toBeLessThan(7900);
    // Charged exactly what the preview showed: the proration is counted from the preview's moment.
    expect((upgrade?.amount_due ?? 0) / 100).toBe(Number(shown?.[1]));
    // A stale or forged confirmation is not a confirmation: shown again, nothing charged.
    const stale = await post(a, "/settings/billing", { intent: "switch", interval: "month", confirm: "12" });
    expect(stale.headers.get("location")).toBe("/settings/billing/change?interval=month");
    const back = (await (await get(a, "/settings/billing/change?interval=month")).text()).replaceAll("<!-- -->", "");
    expect(back).toMatch(/Nothing is charged on [^.]+\./);
    expect(back).toMatch(/is a credit towards your next bills/);
    const confirm = /name="confirm" value="(\d+)"/.exec(back)?.[1] ?? "";
    expect((await post(a, "/settings/billing", { intent: "switch", interval: "month", confirm })).status).toBe(302);
    row = await plan(a);
    expect(row.billing_interval).toBe("month");
    const [, , downgrade] = await invoices(a);
    // 7.99 for the new month less nearly all of the year just paid: a credit, nothing charged.
    expect(downgrade?.amount_due).toBeLessThan(0);
    expect(downgrade?.amount_paid).toBe(0);
    const page = await (await get(a, "/settings/billing")).text();
    expect(page).toMatch(/Credit \$\d+\.\d\d/);
  });

  it("subscribing during the trial charges nothing until the trial ends, as the page promises", async () => {
    const a = await owner();
    const trialEnds = Number(
      await env.DB.prepare("select trial_ends_at from account_plan where user_id = ?")
        .bind(a.userId)
        .first("trial_ends_at"),
    );
    expect(trialEnds).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    const page = (await (await get(a, "/settings/billing")).text()).replaceAll("<!-- -->", "");
    expect(page).toMatch(/Nothing is charged until [^;]+; your first payment is on that day\./);
    const started = await post(a, "/settings/billing", { intent: "checkout", interval: "month" });
    const checkout = started.headers.get("location") ?? "";
    expect((await call(checkout, form({ intent: "pay", email: a.email, name: "Trial Owner" }))).status).toBe(302);
    const row = await plan(a);
    expect(row.subscription_status).toBe("trialing");
    // The first period is the rest of the trial, to the second Stripe was given.
    expect(Math.abs(Number(row.current_period_end) - trialEnds)).toBeLessThan(1000);
    expect(await invoices(a)).toEqual([
      { amount_due: 0, amount_paid: 0, status: "paid", reason: "subscription_create" },
    ]);
    expect(await reportStatus(a)).toBe(200);
    // At the trial's end the first real payment is taken and a full month starts.
    await renewLocalSubscription(app(), String(row.subscription_id), true);
    expect((await plan(a)).subscription_status).toBe("active");
    expect((await invoices(a)).at(-1)).toMatchObject({
      amount_due: 799,
      amount_paid: 799,
      reason: "subscription_cycle",
    });
  });

  it("a failed payment keeps Card Pro through a grace period with a clear banner; paying ends it", async () => {
    const a = await owner();
    const { subscription_id: sub } = await subscribe(a);
    await endTrial(a);
    await renewLocalSubscription(app(), String(sub), false);
    let row = await plan(a);
    expect(row.subscription_status).toBe("past_due");
    const grace = Number(row.grace_ends_at);
    expect(grace).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    expect(await reportStatus(a)).toBe(200);
    expect(await (await get(a, "/dashboard")).text()).toContain("Your last Card Pro payment failed");
    expect(
      await env.DB.prepare("select count(*) as n from outbox where \"to\" = ? and kind = 'payment-failed'")
        .bind(a.email)
        .first("n"),
    ).toBe(1);
    // Grace over without paying: Basic.
    await env.DB.prepare("update account_plan set grace_ends_at = ? where user_id = ?")
      .bind(Date.now() - 1, a.userId)
      .run();
    expect(await reportStatus(a)).toBe(403);
    await renewLocalSubscription(app(), String(sub), true);
    row = await plan(a);
    expect(row.subscription_status).toBe("active");
    expect(row.grace_ends_at).toBeNull();
    expect(await reportStatus(a)).toBe(200);
    expect((await invoices(a)).map((i) => i.status)).toEqual(["paid", "failed", "paid"]);
  });

  it("forged, replayed and out-of-order webhooks change nothing", async () => {
    const a = await owner();
    const row = await subscribe(a);
    const sub = await readLocal(app(), String(row.subscription_id), "subscription");
    const secret = await localWebhookSecret(parseEnv(env));
    const crypto = Stripe.createSubtleCryptoProvider();
    const send = async (event: Record<string, unknown>, key = secret) => {
      const payload = JSON.stringify(event);
      const header = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: key,
        cryptoProvider: crypto,
      });
      return call("/api/payments/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
    };
    const cancelEvent = (id: string, created: number) => ({
      id,
      object: "event",
      type: "customer.subscription.deleted",
      created,
      livemode: false,
      data: { object: { ...sub, status: "canceled" } },
    });
    // Forged: signed with another secret.
    const forged = await send(cancelEvent("evt_forged_1", Math.floor(Date.now() / 1000)), "whsec_not_ours");
    expect(forged.status).toBe(400);
    expect((await plan(a)).subscription_status).toBe("active");
    // A real update, then a replay of an older one that would turn the cancellation back off.
    const now = Math.floor(Date.now() / 1000);
    const update = (id: string, created: number, cancel: boolean) => ({
      id,
      object: "event",
      type: "customer.subscription.updated",
      created,
      livemode: false,
      data: { object: { ...sub, cancel_at_period_end: cancel } },
    });
    expect((await send(update("evt_new_cancel", now + 5, true))).status).toBe(200);
    expect((await plan(a)).cancel_at_period_end).toBe(1);
    expect((await send(update("evt_old_resume", now - 5, false))).status).toBe(200);
    expect((await plan(a)).cancel_at_period_end).toBe(1);
    // Replayed: the same event id again is recorded once and changes nothing.
    const replay = await send(update("evt_new_cancel", now + 5, true));
    expect(await replay.json()).toMatchObject({ duplicate: true });
    // A connected account's event with plans metadata is not ours.
    const other = await send({ ...cancelEvent("evt_connect_1", now + 10), account: "acct_someone" });
    expect(other.status).toBe(200);
    expect((await plan(a)).subscription_status).toBe("active");
  });

  it("another account can neither see nor change a subscription", async () => {
    const a = await owner();
    const b = await owner("Someone Else");
    await subscribe(a);
    for (const intent of ["cancel", "resume", "portal"]) {
      const res = await post(b, "/settings/billing", { intent, interval: "year" });
      expect(res.status, intent).toBe(302);
      expect(res.headers.get("location"), intent).toBe("/settings/billing");
    }
    // A switch, even confirmed, names only the account's own subscription: b has none.
    const confirm = String(Math.floor(Date.now() / 1000));
    const switched = await post(b, "/settings/billing", { intent: "switch", interval: "year", confirm });
    expect(switched.headers.get("location")).toBe("/settings/billing");
    expect(await (await get(b, "/settings/billing/change?interval=year")).text()).toContain("Nothing to change");
    const row = await plan(a);
    expect(row.cancel_at_period_end).toBe(0);
    expect(row.billing_interval).toBe("month");
    const page = await (await get(b, "/settings/billing")).text();
    expect(page).not.toContain("Renews on");
    expect(page).not.toContain("Card Pro, first payment");
    // Anonymous: sign in first.
    const anon = await call("/settings/billing", { ...form({ intent: "checkout", interval: "month" }) });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("the Stripe adapter's billing calls against a local stand-in for Stripe's API", () => {
  const STRIPE = inject("fakeStripe");
  const stripe = stripePayments({ secretKey: "sk_test_billing", apiBase: STRIPE });
  const calls = async () =>
    (await (await fetch(`${STRIPE}/_stripe/requests?key=sk_test_billing`)).json()) as StripeCall[];

  it("checks out a subscription with a recurring price and our metadata", async () => {
    const session = await stripe.createCheckout({
      mode: "subscription",
      lines: [{ name: "KnowWho Card Pro", amount: 7900, currency: "USD", interval: "year" }],
      successUrl: "https://app.example/settings/billing?checkout=done",
      cancelUrl: "https://app.example/settings/billing",
      metadata: { domain: "plans", userId: "u_1", interval: "year" },
      customerEmail: "owner@example.org",
      idempotencyKey: "plans:u_1:year:none:1",
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = (await calls()).findLast((c) => c.path === "/v1/checkout/sessions");
    expect(sent?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "7900",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][recurring][interval]": "year",
      "subscription_data[metadata][domain]": "plans",
      "subscription_data[metadata][userId]": "u_1",
      customer_email: "owner@example.org",
    });
    expect(sent?.account).toBeNull();
  });

  it("cancels at the period's end, and changes the price on the subscription's own product with prorations", async () => {
    await stripe.updateSubscription({ subscriptionId: "sub_contract_1", cancelAtPeriodEnd: true });
    let sent = (await calls()).findLast((c) => c.path === "/v1/subscriptions/sub_contract_1" && c.method === "POST");
    expect(sent?.form).toEqual({ cancel_at_period_end: "true" });
    await stripe.updateSubscription({
      subscriptionId: "sub_contract_1",
      price: { amount: 7900, currency: "USD", interval: "year" },
    });
    const all = await calls();
    expect(all.some((c) => c.method === "GET" && c.path === "/v1/subscriptions/sub_contract_1")).toBe(true);
    sent = all.findLast((c) => c.path === "/v1/subscriptions/sub_contract_1" && c.method === "POST");
    expect(sent?.form).toMatchObject({
      "items[0][price_data][product]": "prod_fake_pro",
      "items[0][price_data][unit_amount]": "7900",
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][recurring][interval]": "year",
      proration_behavior: "always_invoice",
    });
    expect(sent?.form["items[0][id]"]).toMatch(/^si_fake/);
    await expect(stripe.updateSubscription({ subscriptionId: "nope", cancelAtPeriodEnd: true })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("previews a change of price (Stripe's invoice preview) and charges from the same proration date; a trial ends on trial_end", async () => {
    await stripe.updateSubscription({ subscriptionId: "sub_contract_2", cancelAtPeriodEnd: false });
    const at = Math.floor(Date.now() / 1000);
    const preview = await stripe.previewSubscriptionChange({
      subscriptionId: "sub_contract_2",
      price: { amount: 7900, currency: "USD", interval: "year" },
      prorationDate: at,
    });
    expect(preview).toEqual({ amountDue: 7101, total: 7101, currency: "USD", prorationDate: at });
    const sent = (await calls()).findLast((c) => c.path === "/v1/invoices/create_preview");
    expect(sent?.form).toMatchObject({
      subscription: "sub_contract_2",
      "subscription_details[items][0][price_data][unit_amount]": "7900",
      "subscription_details[items][0][price_data][recurring][interval]": "year",
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(at),
    });
    await stripe.updateSubscription({
      subscriptionId: "sub_contract_2",
      price: { amount: 7900, currency: "USD", interval: "year" },
      prorationDate: at,
    });
    const update = (await calls()).findLast(
      (c) => c.path === "/v1/subscriptions/sub_contract_2" && c.method === "POST",
    );
    expect(update?.form.proration_date).toBe(String(at));
    const trialEnd = at + 5 * 86_400;
    await stripe.createCheckout({
      mode: "subscription",
      lines: [{ name: "KnowWho Card Pro", amount: 799, currency: "USD", interval: "month" }],
      successUrl: "https://app.example/settings/billing?checkout=done",
      cancelUrl: "https://app.example/settings/billing",
      metadata: { domain: "plans", userId: "u_2", interval: "month" },
      trialEnd,
    });
    const checkout = (await calls()).findLast((c) => c.path === "/v1/checkout/sessions");
    expect(checkout?.form["subscription_data[trial_end]"]).toBe(String(trialEnd));
  });

  it("opens the customer portal for the platform's customer", async () => {
    const portal = await stripe.portalSession({
      customerId: "cus_1",
      returnUrl: "https://app.example/settings/billing",
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const sent = (await calls()).findLast((c) => c.path === "/v1/billing_portal/sessions");
    expect(sent?.form).toEqual({ customer: "cus_1", return_url: "https://app.example/settings/billing" });
  });
});
