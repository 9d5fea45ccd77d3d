import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, inject, it } from "vitest";
import type { AppContext } from "~/context";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import type { PaymentEvent } from "~/server/payments/events";
import { localWebhookSecret, readLocal } from "~/server/payments/local.server";
import { completeLocalOnboarding } from "~/server/payments/local-checkout.server";
import { paymentsFor, webhookSecrets } from "~/server/payments/payments.server";
import { stripePayments } from "~/server/payments/stripe.server";
import { PaymentsError } from "~/server/payments/types";
import { type PaymentHandler, receiveStripeWebhook } from "~/server/payments/webhook.server";
import { parseEnv } from "~/server/platform/env.server";
import { paymentLocalObject } from "~db/schema";
import type { StripeCall } from "../fixtures/fake-stripe";
import { call, form } from "./helpers";

const STRIPE = inject("fakeStripe");
const calls = async () =>
  (await (await fetch(`${STRIPE}/_stripe/requests?key=sk_test_contract`)).json()) as StripeCall[];

function app(overrides: Partial<AppContext["env"]> = {}): AppContext {
  const parsed = { ...parseEnv(env), ...overrides };
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "test", deliverPaymentEvent };
}

const crypto = Stripe.createSubtleCryptoProvider();
async function signed(event: Record<string, unknown>, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: crypto,
    timestamp,
  });
  return new Request("http://localhost/api/payments/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
}
const event = (type: string, object: Record<string, unknown> = {}, id = `evt_${globalThis.crypto.randomUUID()}`) => ({
  id,
  object: "event",
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: { id: "obj_1", ...object } },
});

describe("the Stripe adapter against a local stand-in for Stripe's API", () => {
  const stripe = stripePayments({ secretKey: "sk_test_contract", apiBase: STRIPE });

  it("creates a connected account, its hosted onboarding link and reads its status", async () => {
    const { id } = await stripe.createAccount({ email: "org@example.org", type: "express" });
    expect(id).toMatch(/^acct_/);
    const link = await stripe.onboardingLink({
      accountId: id,
      refreshUrl: "https://app.example/fundraising/connect",
      returnUrl: "https://app.example/fundraising/connect/return",
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const status = await stripe.accountStatus(id);
    expect(status).toMatchObject({ id, chargesEnabled: false, detailsSubmitted: false });
    expect(status.currentlyDue).toContain("external_account");

    const made = (await calls()).filter((c) => c.form.email === "org@example.org" || c.form.account === id);
    expect(made[0]).toMatchObject({
      method: "POST",
      path: "/v1/accounts",
      version: Stripe.API_VERSION,
      form: { type: "express", "capabilities[card_payments][requested]": "true" },
    });
    expect(made[1]).toMatchObject({ path: "/v1/account_links", form: { type: "account_onboarding", account: id } });
  });

  it("creates Checkout Sessions on the connected account, in payment and subscription mode", async () => {
    const { id: account } = await stripe.createAccount({ type: "standard" });
    const once = await stripe.createCheckout({
      mode: "payment",
      lines: [{ name: "Gift to Clean Rivers", amount: 2500, currency: "USD" }],
      successUrl: "https://app.example/ok?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://app.example/cancel",
      metadata: { domain: "donations", campaign: "c1" },
      stripeAccount: account,
      submitType: "donate",
      idempotencyKey: "gift-attempt-1",
      locale: "zh-Hans",
    });
    expect(once.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const monthly = await stripe.createCheckout({
      mode: "subscription",
      lines: [{ name: "Monthly gift", amount: 1000, currency: "usd", interval: "month" }],
      successUrl: "https://app.example/ok",
      cancelUrl: "https://app.example/cancel",
      metadata: { domain: "donations", campaign: "c1" },
      stripeAccount: account,
      locale: "ar",
    });
    expect(monthly.id).not.toBe(once.id);
    // The same idempotency key gives the same session back, never a second one.
    const again = await stripe.createCheckout({
      mode: "payment",
      lines: [{ name: "Gift to Clean Rivers", amount: 2500, currency: "USD" }],
      successUrl: "https://app.example/ok",
      cancelUrl: "https://app.example/cancel",
      metadata: { domain: "donations" },
      stripeAccount: account,
      idempotencyKey: "gift-attempt-1",
    });
    expect(again.id).toBe(once.id);

    const sessions = (await calls()).filter((c) => c.path === "/v1/checkout/sessions" && c.account === account);
    expect(sessions[0]?.form).toMatchObject({
      mode: "payment",
      submit_type: "donate",
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][product_data][name]": "Gift to Clean Rivers",
      "metadata[domain]": "donations",
      "payment_intent_data[metadata][campaign]": "c1",
      // Checkout's words follow the donor's language: Stripe's code for Simplified Chinese, and its own
      // choice for Arabic, which Checkout does not have.
      locale: "zh",
    });
    expect(sessions[0]?.idempotencyKey).toBe("gift-attempt-1");
    expect(sessions[1]?.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][recurring][interval]": "month",
      "subscription_data[metadata][domain]": "donations",
      locale: "auto",
    });
    expect(sessions[1]?.form.submit_type).toBeUndefined();
  });

  it("opens the customer portal and asks for refunds on the connected account", async () => {
    const { id: account } = await stripe.createAccount({ type: "express" });
    const portal = await stripe.portalSession({
      customerId: "cus_1",
      returnUrl: "https://app.example",
      stripeAccount: account,
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const refund = await stripe.refund({ paymentIntentId: "pi_123", stripeAccount: account });
    expect(refund.id).toMatch(/^re_/);
    const made = (await calls()).filter((c) => c.account === account);
    expect(made.map((c) => c.path)).toEqual(["/v1/billing_portal/sessions", "/v1/refunds"]);
    expect(made[1]?.form).toEqual({ payment_intent: "pi_123" });
  });

  it("turns Stripe's errors into PaymentsError with Stripe's own message and status", async () => {
    const bad = stripePayments({ secretKey: "sk_test_bad_key", apiBase: STRIPE });
    const refused = await bad.accountStatus("acct_x").catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentsError);
    expect(refused.status).toBe(401);
    expect(refused.message).toMatch(/Invalid API Key/);
    const missing = await stripe.accountStatus("acct_nobody").catch((e) => e);
    expect(missing).toMatchObject({ status: 404, code: "resource_missing" });
  });

  it("answers 502 when Stripe cannot be reached", async () => {
    const down = stripePayments({ secretKey: "sk_test_down", apiBase: "http://127.0.0.1:9" });
    const error = await down.accountStatus("acct_x").catch((e) => e);
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error.status).toBe(502);
  }, 40_000);
});

describe("webhooks: verified, idempotent by event id, dispatched by type to the domain that claims them", () => {
  // A handler whose effect is not idempotent on its own (a fresh row each time): only the event id guards it.
  const effects = (a: AppContext, e: PaymentEvent) =>
    a.db.insert(paymentLocalObject).values({
      id: `effect_${e.id}_${globalThis.crypto.randomUUID()}`,
      kind: "customer",
      data: { id: e.id, effect: true },
    });
  const seen: string[] = [];
  const handler: PaymentHandler = {
    domain: "testing",
    types: ["checkout.session.completed", "charge.refunded"],
    async handle(a, e) {
      if (e.data.object.skip) return null;
      seen.push(e.id);
      if (e.data.object.early) return { retry: "The payment this refund belongs to has not arrived yet" };
      return { statements: [effects(a, e)] };
    },
  };
  const effectCount = async (id: string) =>
    (
      await env.DB.prepare("select count(*) as n from payment_local_object where id like ?")
        .bind(`effect_${id}_%`)
        .first<{ n: number }>()
    )?.n;
  const recorded = (id: string) =>
    env.DB.prepare("select type, domain, account from payment_event where id = ?").bind(id).first();

  it("records a signed event once, however often it is delivered", async () => {
    const a = app();
    const secret = await localWebhookSecret(a.env);
    const e = { ...event("checkout.session.completed"), account: "acct_local_x" };
    const first = await receiveStripeWebhook(a, await signed(e, secret), [handler]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, domain: "testing" });
    // Replayed as Stripe retries it (a fresh signature each time), and twice at once.
    const again = await Promise.all([
      receiveStripeWebhook(a, await signed(e, secret), [handler]),
      receiveStripeWebhook(a, await signed(e, secret), [handler]),
    ]);
    for (const r of again) expect(await r.json()).toMatchObject({ received: true, duplicate: true });
    expect(await effectCount(e.id)).toBe(1);
    expect(await recorded(e.id)).toEqual({
      type: "checkout.session.completed",
      domain: "testing",
      account: "acct_local_x",
    });
  });

  it("refuses forged, tampered, stale and unsigned events and changes nothing", async () => {
    const a = app();
    const secret = await localWebhookSecret(a.env);
    const forged = event("checkout.session.completed");
    expect((await receiveStripeWebhook(a, await signed(forged, "whsec_not_ours"), [handler])).status).toBe(400);

    const tampered = event("checkout.session.completed");
    const good = await signed(tampered, secret);
    const body = (await good.text()).replace('"obj_1"', '"obj_2"');
    const swapped = new Request(good.url, { method: "POST", headers: good.headers, body });
    expect((await receiveStripeWebhook(a, swapped, [handler])).status).toBe(400);

    const stale = event("checkout.session.completed");
    const old = await signed(stale, secret, Math.floor(Date.now() / 1000) - 600);
    expect((await receiveStripeWebhook(a, old, [handler])).status).toBe(400);
    // Stripe's library checks only age; an event signed ten minutes ahead is as suspect as one ten minutes late.
    const ahead = event("checkout.session.completed");
    const future = await signed(ahead, secret, Math.floor(Date.now() / 1000) + 600);
    expect((await receiveStripeWebhook(a, future, [handler])).status).toBe(400);

    const unsigned = new Request("http://localhost/api/payments/webhook", {
      method: "POST",
      body: JSON.stringify(forged),
    });
    expect((await receiveStripeWebhook(a, unsigned, [handler])).status).toBe(400);

    for (const e of [forged, tampered, stale, ahead]) {
      expect(await recorded(e.id)).toBeNull();
      expect(await effectCount(e.id)).toBe(0);
    }
    expect(seen).not.toContain(forged.id);
  });

  it("answers 409 for an event that came before the one it needs, so Stripe sends it again later", async () => {
    const a = app();
    const secret = await localWebhookSecret(a.env);
    const early = event("charge.refunded", { early: true });
    const res = await receiveStripeWebhook(a, await signed(early, secret), [handler]);
    expect(res.status).toBe(409);
    expect(await recorded(early.id)).toBeNull();
  });

  it("records events no domain claims without acting on them, through the real route", async () => {
    const secret = await localWebhookSecret(app().env);
    const e = event("customer.created");
    const req = await signed(e, secret);
    const res = await call("/api/payments/webhook", { method: "POST", headers: req.headers, body: await req.text() });
    expect(res.status).toBe(200);
    expect(await recorded(e.id)).toEqual({ type: "customer.created", domain: null, account: null });
    const unclaimed = event("checkout.session.completed", { skip: true });
    expect((await receiveStripeWebhook(app(), await signed(unclaimed, secret), [handler])).status).toBe(200);
    expect(await recorded(unclaimed.id)).toMatchObject({ domain: null });
  });

  it("trusts only Stripe's endpoint secrets once Stripe is configured, and nothing in production without it", async () => {
    const configured = app({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_platform",
      STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect",
    });
    expect(await webhookSecrets(configured.env)).toEqual(["whsec_platform", "whsec_connect"]);
    const e = event("checkout.session.completed");
    expect((await receiveStripeWebhook(configured, await signed(e, "whsec_connect"), [handler])).status).toBe(200);
    const local = await localWebhookSecret(app().env);
    expect((await receiveStripeWebhook(configured, await signed(event("x.y"), local), [handler])).status).toBe(400);
    expect(paymentsFor(configured)?.kind).toBe("stripe");

    const production = app({ APP_ENV: "production" });
    expect(paymentsFor(production)).toBeNull();
    expect(await webhookSecrets(production.env)).toEqual([]);
  });
});

describe("the built-in test checkout", () => {
  it("onboards, checks out on the connected account and reports it with signed events", async () => {
    const a = app();
    const payments = paymentsFor(a);
    expect(payments?.kind).toBe("local");
    if (!payments) return;
    const { id: account } = await payments.createAccount({ type: "express", email: "org@example.org" });
    const blocked = await payments
      .createCheckout({
        mode: "payment",
        lines: [{ name: "Gift", amount: 500, currency: "usd" }],
        successUrl: "http://localhost/ok",
        cancelUrl: "http://localhost/no",
        metadata: { domain: "nobody" },
        stripeAccount: account,
      })
      .catch((e) => e);
    expect(blocked).toBeInstanceOf(PaymentsError);
    const link = await payments.onboardingLink({
      accountId: account,
      refreshUrl: "http://localhost/r",
      returnUrl: "http://localhost/back",
    });
    expect((await call(link.url)).status).toBe(200);
    expect(await completeLocalOnboarding(a, account)).toBe(true);
    expect((await payments.accountStatus(account)).chargesEnabled).toBe(true);

    const session = await payments.createCheckout({
      mode: "payment",
      lines: [{ name: "Gift to the shelter", amount: 4200, currency: "usd" }],
      successUrl: "http://localhost/ok?s={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost/no",
      metadata: { domain: "nobody" },
      stripeAccount: account,
      submitType: "donate",
    });
    const page = await call(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("$42.00");
    expect(html).not.toMatch(/card number/i);

    const bad = await call(session.url, form({ intent: "pay", email: "not-an-email" }));
    expect(bad.status).toBe(400);
    const paid = await call(session.url, form({ intent: "pay", email: "donor@example.org", name: "Dee Donor" }));
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`http://localhost/ok?s=${session.id}`);
    const events = await env.DB.prepare("select type, account from payment_event where account = ? order by created_at")
      .bind(account)
      .all();
    expect(events.results).toEqual([
      { type: "account.updated", account },
      { type: "checkout.session.completed", account },
    ]);
    // Paying twice is refused: the session is complete.
    expect((await call(session.url, form({ intent: "pay", email: "donor@example.org" }))).status).toBe(409);

    const completed = await readLocal(a, session.id, "checkout_session");
    const pi = String(completed?.payment_intent);
    await payments.refund({ paymentIntentId: pi, stripeAccount: account });
    const refunded = await env.DB.prepare(
      "select count(*) as n from payment_event where account = ? and type = 'charge.refunded'",
    )
      .bind(account)
      .first<{ n: number }>();
    expect(refunded?.n).toBe(1);
    expect(await payments.refund({ paymentIntentId: pi }).catch((e) => e.code)).toBe("charge_already_refunded");
  });

  it("is not served once Stripe is configured or in production", async () => {
    expect((await call("/pay/test/checkout/cs_test_local_nothing")).status).toBe(404);
  });
});
