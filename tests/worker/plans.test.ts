import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import type { AppContext } from "~/context";
import { DAY_MS } from "~/lib/time/days";
import { decideApplication } from "~/server/billing/nonprofit.server";
import { remindPlanEndings } from "~/server/billing/plans.server";
import { syncSeats } from "~/server/billing/seats.server";
import { deliverPaymentEvent, runScheduled } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { stripePayments } from "~/server/payments/stripe.server";
import { parseEnv } from "~/server/platform/env.server";
import type { StripeCall } from "../fixtures/fake-stripe";
import { call, confirmEmail, cookiesOf, form, joinTeam, signUp, TEST_PASSWORD } from "./helpers";
import { account, teamOf } from "./team-helpers";

type Owner = { cookie: string; email: string; userId: string };

async function owner(name = "Plan Owner"): Promise<Owner> {
  const a = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>();
  if (!row) throw new Error("no user");
  return { ...a, userId: row.id };
}

const post = (o: Owner, path: string, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: o.cookie } });
const get = (o: Owner, path: string) => call(path, { headers: { cookie: o.cookie } });

/** The trial ran out: what every account becomes after 7 days without a subscription. */
const expireTrial = (o: Owner) =>
  env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
    .bind(Date.now() - 1000, o.userId)
    .run();
/** A paid subscription, as billing's webhooks store it. */
const subscribe = (o: Owner) =>
  env.DB.prepare(
    "update account_plan set trial_ends_at = ?, subscription_status = 'active', billing_interval = 'month', current_period_end = ? where user_id = ?",
  )
    .bind(Date.now() - 1000, Date.now() + 30 * DAY_MS, o.userId)
    .run();

async function createEvent(o: Owner, title = `Gala ${crypto.randomUUID().slice(0, 6)}`) {
  const res = await post(o, "/events/new", { title, date: "2030-05-01", type: "in-person" });
  expect(res.status).toBe(302);
  return Number(res.headers.get("location")?.split("/").pop());
}

async function createCard(o: Owner) {
  const res = await call("/card", { method: "POST", headers: { cookie: o.cookie } });
  return Number(res.headers.get("location")?.split("/").pop());
}

const publish = (o: Owner, id: number, slug: string) =>
  post(o, `/card/${id}`, {
    intent: "publish",
    slug,
    label: "Work",
    name: "Plan Owner",
    template: "classic",
    colour: "#4f46e5",
    website: "https://plans.example.org",
  });

const planRow = (o: Owner) =>
  env.DB.prepare("select * from account_plan where user_id = ?").bind(o.userId).first<Record<string, unknown>>();

describe("a new account", () => {
  it("starts a 7-day Card Pro trial at sign-up, with no card asked", async () => {
    const before = Date.now();
    const a = await owner();
    const row = await planRow(a);
    const ends = Number(row?.trial_ends_at);
    expect(ends).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(row?.subscription_status).toBeNull();
    const page = await (await get(a, "/settings/billing")).text();
    expect(page).toContain("Card Pro trial");
    expect(page).toContain("Your free trial ends on");
  });

  it("the seeded demo account is on Card Pro", async () => {
    const row = await env.DB.prepare(
      "select p.complimentary from account_plan p join user u on u.id = p.user_id where u.email = 'demo@knowwho.app'",
    ).first<{ complimentary: number }>();
    expect(row?.complimentary).toBe(1);
  });
});

describe("gates: Basic refused, trial and Pro allowed, expiry falls back", () => {
  it("post-event analysis and lead prioritisation", async () => {
    const a = await owner();
    const event = await createEvent(a);
    expect((await get(a, `/events/${event}/report`)).status).toBe(200);
    await expireTrial(a);
    const refused = await get(a, `/events/${event}/report`);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    // Explained, with the way to get it: never a dead end.
    expect(html).toContain("Post-event analysis");
    expect(html).toContain("Upgrade to Card Pro");
    expect(html).toContain('href="/settings/billing#nonprofit"');
    const remind = await post(a, `/events/${event}/report`, { intent: "remind", connectionId: "1" });
    expect(remind.status).toBe(403);
    await subscribe(a);
    expect((await get(a, `/events/${event}/report`)).status).toBe(200);
  });

  it("strategy plans and the attendee list; a plan made earlier stays readable on Basic", async () => {
    const a = await owner();
    const event = await createEvent(a);
    const made = await post(a, `/events/${event}`, { intent: "generate-plan", goals: "Meet two sponsors" });
    expect(made.status).toBe(302);
    await expireTrial(a);
    const refusedIntents: Record<string, string>[] = [
      { intent: "generate-plan", goals: "Again" },
      { intent: "save-plan", goals: "x", targets: "", talkingPoints: "", checklist: "" },
    ];
    for (const values of refusedIntents) {
      const res = await post(a, `/events/${event}.data`, values);
      expect(res.status, values.intent).toBe(403);
    }
    const upload = new FormData();
    upload.set("intent", "import-attendees");
    upload.set("attendees", new File(["Name\nAda Lovelace\n"], "a.csv", { type: "text/csv" }));
    expect(
      (await call(`/events/${event}`, { method: "POST", body: upload, headers: { cookie: a.cookie } })).status,
    ).toBe(403);
    const page = await (await get(a, `/events/${event}`)).text();
    expect(page).toContain("Meet two sponsors");
    expect(page).toContain("Smart strategy plans");
    expect(page).not.toContain("Generate a new plan");
    // Basic event tagging stays: setting the event active works on Basic.
    expect((await post(a, `/events/${event}`, { intent: "toggle-active" })).status).toBe(302);
    const plan = await env.DB.prepare("select plan from event where id = ?").bind(event).first<{ plan: string }>();
    expect(plan?.plan).toContain("Meet two sponsors");
  });

  it("AI-enriched contact data", async () => {
    const a = await owner();
    await post(a, "/connections/new", { name: "Rae Guess", email: "rae@riverbendliteracy.org" });
    const id = (
      await env.DB.prepare("select id from connection where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    expect(await (await get(a, `/connections/${id}`)).text()).toContain("Accept suggestion");
    await expireTrial(a);
    const page = await (await get(a, `/connections/${id}`)).text();
    expect(page).not.toContain("Accept suggestion");
    expect(page).toContain("Card Pro suggests a company and website");
    expect((await post(a, `/connections/${id}`, { intent: "accept-suggestion" })).status).toBe(403);
    const row = await env.DB.prepare("select company, website from connection where id = ?").bind(id).first();
    expect(row).toEqual({ company: null, website: null });
  });

  it("CRM sync, webhooks and the personal API; removing what was set up stays allowed", async () => {
    const a = await owner();
    const res = await post(a, "/settings/integrations", { intent: "create-token", name: "Script", scope: "read" });
    const token = (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0];
    expect(token).toBeTruthy();
    const api = () => call("/api/v1/people", { headers: { authorization: `Bearer ${token}` } });
    expect((await api()).status).toBe(200);
    await expireTrial(a);
    const refused = await api();
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(((await refused.json()) as { detail: string }).detail).toContain("Card Pro");
    const add = await post(a, "/settings/integrations", {
      intent: "add-webhook",
      url: "https://hooks.example.org/x",
      events: "person.created",
    });
    expect(add.status).toBe(403);
    const page = await (await get(a, "/settings/integrations")).text();
    expect(page).toContain("CRM sync and webhooks");
    expect(page).toContain("Script");
    const tokenId = (
      await env.DB.prepare("select id from api_token where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    expect(
      (await post(a, "/settings/integrations", { intent: "revoke-token", id: String(tokenId), confirmed: "yes" }))
        .status,
    ).toBe(302);
    await subscribe(a);
    expect((await api()).status).toBe(401);
  });

  it("several published cards on Pro, one on Basic; published cards stay published when the plan ends", async () => {
    const a = await owner();
    const slug = () => `pl-${crypto.randomUUID().slice(0, 8)}`;
    const [one, two, three] = [await createCard(a), await createCard(a), await createCard(a)];
    expect((await publish(a, one, slug())).status).toBe(302);
    expect((await publish(a, two, slug())).status).toBe(302);
    await expireTrial(a);
    const refused = await publish(a, three, slug());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Basic includes one published card");
    const published = await env.DB.prepare("select count(*) as n from card where user_id = ? and published = 1")
      .bind(a.userId)
      .first<{ n: number }>();
    expect(published?.n).toBe(2);
    // Re-publishing a card that is already live (a new link) is not a new card.
    expect((await publish(a, one, slug())).status).toBe(302);
    await subscribe(a);
    expect((await publish(a, three, slug())).status).toBe(302);
  });
});

describe("the trial", () => {
  it("starts once from the plan page for an account that never had one, and never twice", async () => {
    const a = await owner();
    await env.DB.prepare("update account_plan set trial_ends_at = null where user_id = ?").bind(a.userId).run();
    expect(await (await get(a, "/settings/billing")).text()).toContain("Start Free Trial");
    const [first, second] = await Promise.all([
      post(a, "/settings/billing", { intent: "start-trial" }),
      post(a, "/settings/billing", { intent: "start-trial" }),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const ends = Number((await planRow(a))?.trial_ends_at);
    expect(ends).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    await expireTrial(a);
    const again = await post(a, "/settings/billing", { intent: "start-trial" });
    expect(again.status).toBe(302);
    expect(Number((await planRow(a))?.trial_ends_at)).toBeLessThan(Date.now());
    expect((await get(a, "/settings/billing")).status).toBe(200);
    expect(await (await get(a, "/settings/billing")).text()).toContain("Your Card Pro trial ended on");
  });

  it("reminds before it ends (notification and mail) once, and says when it has ended", async () => {
    const a = await owner();
    const db = createDb(env.DB);
    await env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
      .bind(Date.now() + DAY_MS, a.userId)
      .run();
    const now = new Date();
    await Promise.all([remindPlanEndings(db, now), remindPlanEndings(db, now)]);
    await remindPlanEndings(db, now);
    const notes = await env.DB.prepare("select title, action_url from notification where user_id = ?")
      .bind(a.userId)
      .all<{ title: string; action_url: string }>();
    expect(notes.results.filter((n) => n.title === "Your Card Pro trial ends soon")).toHaveLength(1);
    expect(notes.results[0]?.action_url).toBe("/settings/billing");
    const mails = await env.DB.prepare("select subject, text from outbox where \"to\" = ? and kind = 'trial-ending'")
      .bind(a.email)
      .all<{ subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]?.text).toContain("Nothing you made is deleted");
    // The layout says so on every page in the last days.
    expect(await (await get(a, "/dashboard")).text()).toContain("Your Card Pro trial ends on");

    await expireTrial(a);
    await remindPlanEndings(db, new Date());
    await remindPlanEndings(db, new Date());
    const ended = await env.DB.prepare(
      "select count(*) as n from notification where user_id = ? and title = 'Your Card Pro trial has ended'",
    )
      .bind(a.userId)
      .first<{ n: number }>();
    expect(ended?.n).toBe(1);
    expect(
      await env.DB.prepare("select count(*) as n from outbox where \"to\" = ? and kind = 'trial-ended'")
        .bind(a.email)
        .first("n"),
    ).toBe(1);
  });

  it("comes from the cron trigger too", async () => {
    const a = await owner();
    await env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
      .bind(Date.now() + DAY_MS, a.userId)
      .run();
    await runScheduled(parseEnv(env as unknown as Env), new Date(), createExecutionContext());
    expect(Number((await planRow(a))?.trial_reminded_at)).toBeGreaterThan(0);
  });
});

describe("the nonprofit offer", () => {
  const application = {
    intent: "apply-nonprofit",
    organisation: "Riverbend Literacy <Project>",
    country: "US",
    registrationNumber: "12-3456789",
    website: "riverbendliteracy.org",
  };

  it("validates the application and keeps what was typed", async () => {
    const a = await owner();
    const bad = await post(a, "/settings/billing.data", {
      ...application,
      organisation: "",
      country: "XX",
      registrationNumber: "<script>",
    });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const m of [
      "Enter your organisation's name",
      "Choose the country where it is registered",
      "Use letters, digits, spaces, dots, slashes and dashes only",
    ])
      expect(text).toContain(m);
    expect(text).toContain("riverbendliteracy.org");
    expect(
      await env.DB.prepare("select count(*) as n from nonprofit_application where user_id = ?")
        .bind(a.userId)
        .first("n"),
    ).toBe(0);
  });

  it("an operator approves: 3 months of Pro, a notification, a mail, and a reminder before it ends; once", async () => {
    const a = await owner("Nonprofit Owner");
    await expireTrial(a);
    expect((await post(a, "/settings/billing", application)).status).toBe(302);
    const again = await post(a, "/settings/billing.data", application);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already waiting for a decision");
    const id = (
      await env.DB.prepare("select id from nonprofit_application where user_id = ?")
        .bind(a.userId)
        .first<{ id: number }>()
    )?.id;

    // Not an operator: the page and its action do not exist, and nothing changes.
    expect((await get(a, "/admin/nonprofits")).status).toBe(404);
    expect((await post(a, "/admin/nonprofits", { id: String(id), intent: "approve" })).status).toBe(404);
    expect((await planRow(a))?.nonprofit_ends_at).toBeNull();

    const op = await signUpAs("operator@example.org");
    const list = await (await get(op, "/admin/nonprofits")).text();
    // Escaped like every user field.
    expect(list).toContain("Riverbend Literacy &lt;Project&gt;");
    expect(list).not.toContain("<Project>");
    expect((await post(op, "/admin/nonprofits.data", { id: "abc", intent: "approve" })).status).toBe(400);
    // A double click raced deterministically: the same operator, the same millisecond, both batches sent.
    const moment = new Date();
    const raced = await Promise.all([
      decideApplication(createDb(env.DB), Number(id), "approve", "operator@example.org", moment),
      decideApplication(createDb(env.DB), Number(id), "approve", "operator@example.org", moment),
    ]);
    expect(raced.filter((r) => r !== null)).toHaveLength(1);
    // Through the page, a late second approval is answered as done and changes nothing.
    expect((await post(op, "/admin/nonprofits", { id: String(id), intent: "approve" })).status).toBe(302);
    const ends = Number((await planRow(a))?.nonprofit_ends_at);
    expect(ends).toBeGreaterThan(Date.now() + 88 * DAY_MS);
    expect(ends).toBeLessThan(Date.now() + 93 * DAY_MS);
    expect(
      await env.DB.prepare(
        "select count(*) as n from notification where user_id = ? and title = 'Nonprofit offer approved'",
      )
        .bind(a.userId)
        .first("n"),
    ).toBe(1);
    expect(
      await env.DB.prepare("select count(*) as n from outbox where \"to\" = ? and kind = 'nonprofit-approved'")
        .bind(a.email)
        .first("n"),
    ).toBe(1);
    // A decided application cannot be decided again.
    await post(op, "/admin/nonprofits", { id: String(id), intent: "decline" });
    expect(await env.DB.prepare("select status from nonprofit_application where id = ?").bind(id).first("status")).toBe(
      "approved",
    );

    // Pro now: a gate that refused Basic opens.
    const event = await createEvent(a);
    expect((await get(a, `/events/${event}/report`)).status).toBe(200);
    expect(await (await get(a, "/settings/billing")).text()).toContain("Card Pro (nonprofit offer)");

    // Two weeks before the end: reminded once.
    const db = createDb(env.DB);
    await remindPlanEndings(db, new Date(ends - 10 * DAY_MS));
    await remindPlanEndings(db, new Date(ends - 9 * DAY_MS));
    expect(
      await env.DB.prepare("select count(*) as n from outbox where \"to\" = ? and kind = 'nonprofit-ending'")
        .bind(a.email)
        .first("n"),
    ).toBe(1);
  });

  it("an operator's address counts only once its owner has confirmed it", async () => {
    // Anyone may sign up with an operator's address; the page stays hidden until the mailbox answers.
    const res = await call("/auth.data", {
      ...form({
        intent: "signup",
        name: "Not Yet Operator",
        email: "unconfirmed-operator@example.org",
        password: TEST_PASSWORD,
        redirectTo: "/dashboard",
      }),
      headers: { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}` },
    });
    const cookie = cookiesOf(res);
    expect(cookie).toContain("session_token");
    const unverified: Owner = { cookie, email: "unconfirmed-operator@example.org", userId: "" };
    expect((await get(unverified, "/admin/nonprofits")).status).toBe(404);
    expect((await post(unverified, "/admin/nonprofits", { id: "1", intent: "approve" })).status).toBe(404);
    expect(await (await get(unverified, "/settings/account")).text()).toContain("Confirm your email address");
    await confirmEmail(unverified.cookie, unverified.email);
    expect((await get(unverified, "/admin/nonprofits")).status).toBe(200);
    expect(await (await get(unverified, "/settings/account")).text()).not.toContain("Confirm your email address");
  });

  it("a second operator (the secret names several) can decline; another account never sees the application", async () => {
    const a = await owner();
    const b = await owner("Someone Else");
    await post(a, "/settings/billing", { ...application, organisation: "Private Org Name" });
    expect(await (await get(b, "/settings/billing")).text()).not.toContain("Private Org Name");
    const id = (
      await env.DB.prepare("select id from nonprofit_application where user_id = ?")
        .bind(a.userId)
        .first<{ id: number }>()
    )?.id;
    expect((await post(b, "/admin/nonprofits", { id: String(id), intent: "approve" })).status).toBe(404);
    const op = await signUpAs("Second-Operator@example.org");
    expect((await post(op, "/admin/nonprofits", { id: String(id), intent: "decline" })).status).toBe(302);
    expect((await planRow(a))?.nonprofit_ends_at).toBeNull();
    expect(await (await get(a, "/settings/billing")).text()).toContain("Declined");
    // Declined: the owner may apply again.
    expect((await post(a, "/settings/billing", application)).status).toBe(302);
  });
});

/** Operators are named in OPERATOR_EMAILS; each test run signs one up once and reuses it. */
const operators = new Map<string, Promise<Owner>>();
function signUpAs(email: string): Promise<Owner> {
  const key = email.toLowerCase();
  let found = operators.get(key);
  if (!found) {
    found = (async () => {
      const res = await call("/auth.data", {
        ...form({
          intent: "signup",
          name: "Operator",
          email,
          password: TEST_PASSWORD,
          redirectTo: "/dashboard",
        }),
        headers: { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}` },
      });
      let cookie = cookiesOf(res);
      if (!cookie.includes("session_token")) {
        const signin = await call("/auth.data", {
          ...form({ intent: "signin", email, password: TEST_PASSWORD, redirectTo: "/dashboard" }),
          headers: { "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}` },
        });
        cookie = cookiesOf(signin);
      }
      const row = await env.DB.prepare("select id from user where lower(email) = ?").bind(key).first<{ id: string }>();
      const operator = { cookie, email, userId: row?.id ?? "" };
      await confirmEmail(operator.cookie, operator.email);
      return operator;
    })();
    operators.set(key, found);
  }
  return found;
}

describe("the plans migration", () => {
  it("keeps every account and gives each one from before plans a 7-day trial", async () => {
    const { applyD1Migrations } = await import("cloudflare:test");
    const db = env.MIGRATION_DB;
    const at = env.TEST_MIGRATIONS.findIndex((m) => m.name.includes("_plans"));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(0, at));
    for (const n of [1, 2, 3])
      await db
        .prepare("insert into user (id, name, email) values (?, ?, ?)")
        .bind(`legacy-${n}`, `Legacy ${n}`, `legacy-${n}@example.org`)
        .run();
    const users = (await db.prepare("select id, name, email from user order by id").all()).results;
    await applyD1Migrations(db, env.TEST_MIGRATIONS.slice(at));
    expect((await db.prepare("select id, name, email from user order by id").all()).results).toEqual(users);
    const plans = (
      await db.prepare("select user_id, trial_ends_at from account_plan order by user_id").all<{
        user_id: string;
        trial_ends_at: number;
      }>()
    ).results;
    expect(plans.map((p) => p.user_id)).toEqual(users.map((u) => u.id));
    for (const p of plans) {
      expect(p.trial_ends_at).toBeGreaterThan(Date.now() + 6 * DAY_MS);
      expect(p.trial_ends_at).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    }
  });
});

describe("a team's seat count when the processor is down (decision 0271)", () => {
  const STRIPE = inject("fakeStripe");
  const KEY = "sk_test_seat_outage";
  const stripeEnv = { ...parseEnv(env as unknown as Env), STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: STRIPE };
  const onStripe = (): AppContext => ({
    env: stripeEnv,
    db: createDb(stripeEnv.DB),
    ctx: createExecutionContext(),
    nonce: "t",
    deliverPaymentEvent,
  });
  const cron = () => runScheduled(stripeEnv, new Date(), createExecutionContext());
  const stage = async (mode: "down" | "lost" | "up") =>
    expect((await fetch(`${STRIPE}/_stripe/outage?key=${KEY}&mode=${mode}`, { method: "POST" })).status).toBe(200);
  const seatCalls = async (sub: string) =>
    ((await (await fetch(`${STRIPE}/_stripe/requests?key=${KEY}`)).json()) as StripeCall[]).filter(
      (c) => c.path.startsWith("/v1/subscription_items/") && c.idempotencyKey?.startsWith(`seats:${sub}:`),
    );
  const plan = (team: string) =>
    env.DB.prepare("select seats, seats_version, seats_sent_version from account_plan where user_id = ?")
      .bind(team)
      .first<{ seats: number; seats_version: number; seats_sent_version: number }>();

  it("is sent again by the cron under the same versioned key until it lands, the newest count alone, charged once", async () => {
    const owner = await account("Oona Outage");
    const [mia, ned, ola] = [await account("Mia Outage"), await account("Ned Outage"), await account("Ola Outage")];
    const team = await teamOf(owner, [mia]);
    const sub = `sub_outage_${crypto.randomUUID().slice(0, 8)}`;
    // On Card Pro at Stripe for one seat; the first recount (two members) lands while Stripe answers.
    await env.DB.prepare(
      "update account_plan set subscription_id = ?, subscription_status = 'active', seats = 1 where user_id = ?",
    )
      .bind(sub, team)
      .run();
    await syncSeats(onStripe(), team);
    expect(await plan(team)).toEqual({ seats: 2, seats_version: 1, seats_sent_version: 1 });

    // Stripe is down: Ned joins, and neither the send at once nor the cron gets through.
    await stage("down");
    try {
      await joinTeam(team, owner, ned);
      await expect(syncSeats(onStripe(), team)).rejects.toMatchObject({ status: 503 });
      await cron();
      expect(await plan(team)).toEqual({ seats: 3, seats_version: 2, seats_sent_version: 1 });
      // Ola joins meanwhile: the newer count supersedes the pending one.
      await joinTeam(team, owner, ola);
      await cron();
      expect(await plan(team)).toEqual({ seats: 4, seats_version: 3, seats_sent_version: 1 });
      // Stripe takes the change but its answer is lost: not counted as sent.
      await stage("lost");
      await cron();
      expect(await plan(team)).toMatchObject({ seats_version: 3, seats_sent_version: 1 });
    } finally {
      await stage("up");
    }
    // Recovered: the next run lands it, the run after sends nothing.
    await cron();
    expect(await plan(team)).toEqual({ seats: 4, seats_version: 3, seats_sent_version: 3 });
    await cron();
    const calls = await seatCalls(sub);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      `seats:${sub}:1`,
      ...calls.slice(1).map(() => `seats:${sub}:3`),
    ]);
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every((c) => c.form.quantity === (c.idempotencyKey?.endsWith(":1") ? "2" : "4"))).toBe(true);
    // One proration per change that landed (1 → 2, then 2 → 4 seats) for half a period: 3 × 7.99 / 2, not more.
    const next = await stripePayments({ secretKey: KEY, apiBase: STRIPE }).previewNextInvoice({ subscriptionId: sub });
    expect(next.quantity).toBe(4);
    expect(Math.abs(next.prorations - (3 * 799) / 2)).toBeLessThanOrEqual(2);
  });
});
