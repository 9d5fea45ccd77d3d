import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "~/context";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { featuredCampaigns } from "~/server/fundraising/campaigns.server";
import { localWebhookSecret } from "~/server/payments/local.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, confirmEmail, cookiesOf, form, signUp, TEST_PASSWORD, testAddress } from "./helpers";

const app = (): AppContext => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "t", deliverPaymentEvent };
};
const location = (res: Response) => res.headers.get("location") ?? "";
const text = async (res: Response) =>
  (await res.text())
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const CAMPAIGN = {
  intent: "save",
  title: "Library for Lamu",
  description: "Books for the island school.",
  extendedDescription: "Shelves, books and a reading corner.",
  organization: "Read Lamu",
  organizerName: "Omar Ali",
  location: "Lamu, Kenya",
  category: "education",
  currency: "USD",
  goal: "2000",
  startDate: "2026-01-01",
  endDate: "2030-12-31",
  mission: "A book in every hand.",
  impact: "20 dollars buys five books.",
  budget: "Books: 1500\nShelves: 500",
  team: "Omar Ali, Teacher",
  suggested: "20, 50, 100",
};

/** Asks as an anonymous visitor until the copy stored after the first render is served. */
async function untilHit(path: string) {
  let last: Response | undefined;
  await vi.waitFor(
    async () => {
      last = await call(path);
      expect(last.headers.get("x-edge-cache")).toBe("HIT");
    },
    { timeout: 5000, interval: 100 },
  );
  return last as Response;
}

async function accountUpdated(account: string, chargesEnabled: boolean) {
  const payload = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    object: "event",
    type: "account.updated",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    account,
    data: { object: { id: account, object: "account", charges_enabled: chargesEnabled, details_submitted: true } },
  });
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

describe("a published campaign's public page follows its Stripe connection at once", () => {
  it("opens giving to strangers the moment Stripe is connected, closes it on disconnect, and the dashboard says why", async () => {
    const owner = await signUp("Giving Owner");
    const headers = { cookie: owner.cookie };
    const created = await call("/campaigns/new", { ...form(CAMPAIGN), headers });
    const id = location(created).split("/")[2] ?? "";
    expect(id).toMatch(/^library-for-lamu-/);

    const draft = await text(await call(`/campaigns/${id}`, { headers }));
    expect(draft).toContain("Online giving is closed: publish the campaign to take gifts online.");
    // The owner's preview of the draft: its end date (2030) is ahead, so it "Ends", not "Ended".
    const preview = await text(await call(`/fundraising/${id}`, { headers }));
    expect(preview).toContain("Preview: this draft is visible only to you.");
    expect(preview).toContain("Ends December 31, 2030");
    expect(preview).not.toContain("Ended");

    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);
    const closed = await text(await untilHit(`/fundraising/${id}`));
    expect(closed).toContain("Online giving is not open for this campaign yet.");
    const unconnected = await text(await call(`/campaigns/${id}`, { headers }));
    expect(unconnected).toContain(
      "Online giving is closed: connect Stripe on the Campaigns page to take gifts online.",
    );

    // Stripe's onboarding is started but not finished: the owner is told what is missing.
    const connect = await call("/campaigns", { ...form({ intent: "connect" }), headers });
    const onboard = new URL(location(connect), "http://localhost");
    expect(onboard.pathname).toMatch(/^\/pay\/test\/onboard\/acct_local_/);
    const account = onboard.pathname.split("/").pop() ?? "";
    const pending = await text(await call(`/campaigns/${id}`, { headers }));
    expect(pending).toContain("Online giving is closed: Stripe needs a few more details before gifts can be taken.");

    // Finishing onboarding (Stripe's account.updated) reaches the cached public page with no wait.
    const back = onboard.searchParams.get("return_url") ?? "";
    expect((await call(onboard.pathname, form({ return_url: back }))).status).toBe(302);
    const open = await call(`/fundraising/${id}`);
    expect(open.headers.get("x-edge-cache")).toBe("MISS");
    const openText = await text(open);
    expect(openText).toContain("Donate");
    expect(openText).not.toContain("Online giving is not open");
    expect(await text(await call(`/campaigns/${id}`, { headers }))).toContain("Online giving is open");

    // Stripe turns charges off: strangers stop seeing a Donate form that could only fail.
    await untilHit(`/fundraising/${id}`);
    expect((await accountUpdated(account, false)).status).toBe(200);
    const off = await call(`/fundraising/${id}`);
    expect(off.headers.get("x-edge-cache")).toBe("MISS");
    expect(await text(off)).toContain("Online giving is not open for this campaign yet.");

    // Coming back from Stripe re-reads the account; a change there refreshes the public page too.
    await untilHit(`/fundraising/${id}`);
    expect((await call(new URL(back).pathname, { headers })).status).toBe(302);
    const again = await call(`/fundraising/${id}`);
    expect(again.headers.get("x-edge-cache")).toBe("MISS");
    expect(await text(again)).toContain("Donate");

    // Closing the campaign closes giving, and the dashboard says so.
    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "close" }), headers })).status).toBe(302);
    expect(await text(await call(`/campaigns/${id}`, { headers }))).toContain(
      "Online giving is closed: the campaign is closed. Reopen it to take gifts online.",
    );
  });
});

/** An operator (named in OPERATOR_EMAILS, address confirmed), signed up once or signed in if an earlier test made it. */
async function operator() {
  const email = "operator@example.org";
  for (const intent of ["signup", "signin"]) {
    const res = await call("/auth.data", {
      ...form({ intent, name: "Operator", email, password: TEST_PASSWORD, redirectTo: "/dashboard" }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    const cookie = cookiesOf(res);
    if (!cookie.includes("session_token")) continue;
    // Operator rights follow a confirmed address only: a new operator confirms it once.
    if (intent === "signup") await confirmEmail(cookie, email);
    return { cookie };
  }
  throw new Error("operator could not sign in");
}

const row = (id: string) =>
  env.DB.prepare("select featured, listed, feature_requested_at from campaign where id = ?")
    .bind(id)
    .first<{ featured: number; listed: number; feature_requested_at: number | null }>();

describe("KnowWho's home page and fundraising list show only what was chosen and approved", () => {
  it("turns 'feature on the home page' into a request only an operator decides, and lists only campaigns that chose it", async () => {
    const owner = await signUp("Feature Owner");
    const headers = { cookie: owner.cookie };
    // Ends tomorrow, so it sorts first among the (at most three) campaigns the home page features.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const unlisted = { ...CAMPAIGN, title: "Quiet Orchard Appeal", featured: "on", endDate: tomorrow };
    const created = await call("/campaigns/new", { ...form(unlisted), headers });
    const id = location(created).split("/")[2] ?? "";
    expect(id).toMatch(/^quiet-orchard-appeal-/);
    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);

    // Asked, not granted: nothing on the home page, and not on /fundraising (not chosen to be listed).
    expect(await row(id)).toMatchObject({ featured: 0, listed: 0 });
    expect((await row(id))?.feature_requested_at).toBeGreaterThan(0);
    expect(await (await call("/")).text()).not.toContain("Quiet Orchard Appeal");
    expect(await (await call("/fundraising")).text()).not.toContain("Quiet Orchard Appeal");
    expect((await call(`/fundraising/${id}`)).status).toBe(200); // its own link still works
    expect(await text(await call(`/campaigns/${id}/edit`, { headers }))).toContain("Feature request sent");

    // Neither the owner nor another account reaches the approval list or can approve.
    expect((await call("/admin/campaigns", { headers })).status).toBe(404);
    const approveForm = form({ id, intent: "approve" });
    expect((await call("/admin/campaigns", { ...approveForm, headers })).status).toBe(404);
    expect((await row(id))?.featured).toBe(0);

    // Choosing to be listed lists it at once (the cached list is purged by the edit).
    await untilHit("/fundraising");
    const listed = { ...unlisted, listed: "on" };
    expect((await call(`/campaigns/${id}/edit`, { ...form(listed), headers })).status).toBe(302);
    expect(await (await call("/fundraising")).text()).toContain("Quiet Orchard Appeal");
    expect((await row(id))?.feature_requested_at).toBeGreaterThan(0); // saving again keeps the request

    const op = await operator();
    const queue = await call("/admin/campaigns", { headers: { cookie: op.cookie } });
    expect(queue.status).toBe(200);
    expect(await queue.text()).toContain("Quiet Orchard Appeal");
    expect(
      (await call("/admin/campaigns", { ...form({ id, intent: "maybe" }), headers: { cookie: op.cookie } })).status,
    ).toBe(400);
    await untilHit("/");
    expect((await call("/admin/campaigns", { ...approveForm, headers: { cookie: op.cookie } })).status).toBe(302);
    expect(await row(id)).toMatchObject({ featured: 1, feature_requested_at: null });
    expect(await (await call("/")).text()).toContain("Quiet Orchard Appeal");
    // A second approval (another operator's tab) changes nothing and says so.
    const again = await call("/admin/campaigns", { ...approveForm, headers: { cookie: op.cookie } });
    expect(again.status).toBe(302);

    // Unticking withdraws the feature at once.
    expect((await call(`/campaigns/${id}/edit`, { ...form({ ...listed, featured: "" }), headers })).status).toBe(302);
    expect(await row(id)).toMatchObject({ featured: 0, feature_requested_at: null });
    expect(await (await call("/")).text()).not.toContain("Quiet Orchard Appeal");
  });
});

describe("campaign messages a yen fundraiser reads", () => {
  it("answers one submit with every field in error, in the currency's own decimals", async () => {
    const owner = await signUp("Yen Owner");
    const headers = { cookie: owner.cookie };
    const bad = { ...CAMPAIGN, title: "", currency: "JPY", goal: "25.50", endDate: "2025-01-01", suggested: "" };
    const res = await call("/campaigns/new", { ...form(bad), headers });
    expect(res.status).toBe(400);
    const page = await text(res);
    expect(page).toContain("Title is required");
    expect(page).toContain("Enter a whole amount, such as 2500");
    expect(page).toContain("The end date must be on or after the start date");
    expect(page).not.toContain("such as 25 or 25.50"); // what was typed (25.50) is kept, the example is not

    const created = await call("/campaigns/new", {
      ...form({ ...CAMPAIGN, currency: "JPY", goal: "500000" }),
      headers,
    });
    const id = location(created).split("/")[2] ?? "";
    expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);
    const connect = new URL(
      location(await call("/campaigns", { ...form({ intent: "connect" }), headers })),
      "http://localhost",
    );
    const back = connect.searchParams.get("return_url") ?? "";
    expect((await call(connect.pathname, form({ return_url: back }))).status).toBe(302);
    // The Donate form's own message after an amount it could not read.
    const shown = await text(await call(`/fundraising/${id}?error=amount`));
    expect(shown).toContain("Enter a whole amount, such as 2500");
    expect(shown).not.toContain("such as 25 or 25.50");
  });
});

describe("Stripe's refresh address", () => {
  it("starts a fresh onboarding link for the owner's own account, and makes none on a visit alone", async () => {
    const owner = await signUp("Refreshing Owner");
    const headers = { cookie: owner.cookie };
    const first = new URL(
      location(await call("/campaigns", { ...form({ intent: "connect" }), headers })),
      "http://localhost",
    );
    const refresh = new URL(first.searchParams.get("refresh_url") ?? "");
    expect(refresh.pathname).toBe("/campaigns/connect");

    // The link expired or was used: Stripe sends the owner to refresh_url, which answers a new link.
    const again = await call(refresh.pathname, { headers });
    expect(again.status).toBe(302);
    const fresh = new URL(location(again), "http://localhost");
    expect(fresh.pathname).toBe(first.pathname);
    expect(fresh.searchParams.get("return_url")).toBe(first.searchParams.get("return_url"));

    // Someone who never started onboarding is sent to Campaigns, with no account made by a GET.
    const stranger = await signUp("Never Connected");
    const visit = await call("/campaigns/connect", { headers: { cookie: stranger.cookie } });
    expect(visit.status).toBe(302);
    expect(location(visit)).toBe("/campaigns");
    const made = await env.DB.prepare(
      "select count(*) as n from stripe_connection where user_id = (select id from user where email = ?)",
    )
      .bind(stranger.email)
      .first<{ n: number }>();
    expect(made?.n).toBe(0);
    expect(location(await call("/campaigns/connect"))).toMatch(/^\/(auth|sign-in|login)/);
  });
});

describe("the home page's featured places", () => {
  it("gives every approved campaign its turn, not only the three that end soonest", async () => {
    const owner = await signUp("Featured Turns");
    const headers = { cookie: owner.cookie };
    const ids: string[] = [];
    for (const [i, endDate] of ["2030-01-01", "2030-02-01", "2030-03-01", "2031-12-31"].entries()) {
      const created = await call("/campaigns/new", {
        ...form({ ...CAMPAIGN, title: `Turns ${i} ${crypto.randomUUID().slice(0, 6)}`, endDate }),
        headers,
      });
      const id = location(created).split("/")[2] ?? "";
      expect((await call(`/campaigns/${id}/edit`, { ...form({ intent: "publish" }), headers })).status).toBe(302);
      ids.push(id);
    }
    // Approved as an operator's decision records it; other tests' featured campaigns take their turns too.
    await env.DB.prepare(`update campaign set featured = 1 where id in (${ids.map(() => "?").join(", ")})`)
      .bind(...ids)
      .run();
    const approved = await env.DB.prepare(
      "select count(*) as n from campaign where featured = 1 and status = 'active' and archived_at is null",
    ).first<number>("n");
    const shown = new Set<string>();
    for (let day = 0; day < (approved ?? 0); day++) {
      const places = await featuredCampaigns(app().db, new Date(Date.UTC(2026, 10, 1 + day)));
      expect(places).toHaveLength(3);
      for (const c of places) shown.add(c.id);
    }
    expect(ids.filter((id) => !shown.has(id))).toEqual([]);
    await env.DB.prepare(`update campaign set featured = 0 where id in (${ids.map(() => "?").join(", ")})`)
      .bind(...ids)
      .run();
  });
});
