import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import type { AppContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { decideApplication } from "~/server/billing/nonprofit.server";
import { remindPlanEndings } from "~/server/billing/plans.server";
import { syncSeats } from "~/server/billing/seats.server";
import { deliverPaymentEvent } from "~/server/composition.server";
import { createDb } from "~/server/db/db.server";
import { sendLocalEvent } from "~/server/payments/local.server";
import { stripePayments } from "~/server/payments/stripe.server";
import { parseEnv } from "~/server/platform/env.server";
import type { StripeCall } from "../fixtures/fake-stripe";
import { call, form, joinTeam } from "./helpers";
import { type Account, account, get, post, switchTo, teamOf } from "./team-helpers";

vi.setConfig({ testTimeout: 120_000 });

/** Card Pro for a team (decision 0237): the team's own plan and trial, priced per seat. */

const endTrial = (workspace: string) =>
  env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
    .bind(Date.now() - 1000, workspace)
    .run();

describe("a team's plan", () => {
  it("starts with the team's own seven-day trial", async () => {
    const a = await account("Tia Trial");
    const before = Date.now();
    const team = await teamOf(a, []);
    const row = await env.DB.prepare("select trial_ends_at from account_plan where user_id = ?")
      .bind(team)
      .first<{ trial_ends_at: number }>();
    const days = ((row?.trial_ends_at ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it("is what Pro checks read in the team, not the signed-in member's own plan", async () => {
    const owner = await account("Olu Owner");
    const mia = await account("Mia Member");
    const team = await teamOf(owner, [mia]);
    // The team is on Basic; Mia's own trial still runs.
    await endTrial(team);
    expect((await get("/mailings", mia)).status).toBe(403);
    await switchTo(mia, mia.id);
    expect((await get("/mailings", mia)).status).toBe(200);
    // The other way round: Mia on Basic, the team on Pro.
    await endTrial(mia.id);
    await env.DB.prepare("update account_plan set complimentary = 1 where user_id = ?").bind(team).run();
    expect((await get("/mailings", mia)).status).toBe(403);
    await switchTo(mia, team);
    expect((await get("/mailings", mia)).status).toBe(200);
  });

  it("is bought per seat by an owner or admin, the price for every member shown before anything is charged", async () => {
    const owner = await account("Pat Payer");
    const mia = await account("Mia Seat");
    const team = await teamOf(owner, [mia]);
    await switchTo(owner, team);
    await endTrial(team);
    const page = await (await get("/settings/billing/subscription", owner)).text();
    expect(page).toContain("2 members × 7.99 USD = 15.98 USD a month");
    expect(page).toContain("2 members × 79 USD = 158.00 USD a year");
    // A member does not buy for the team.
    expect((await post("/settings/billing", mia, { intent: "checkout", interval: "month" })).status).toBe(403);
    const started = await post("/settings/billing", owner, { intent: "checkout", interval: "month" });
    const checkout = started.headers.get("location") ?? "";
    expect(checkout).toMatch(/^\/pay\/test\/checkout\/cs_test_local_/);
    expect((await call(checkout, form({ intent: "pay", email: owner.email, name: "Pat Payer" }))).status).toBe(302);
    const plan = await env.DB.prepare("select subscription_status, seats from account_plan where user_id = ?")
      .bind(team)
      .first();
    expect(plan).toEqual({ subscription_status: "active", seats: 2 });
    const invoice = await env.DB.prepare("select amount_paid from billing_invoice where user_id = ?")
      .bind(team)
      .first<{ amount_paid: number }>();
    expect(invoice?.amount_paid).toBe(1598);
    // The owner's own workspace is not on it.
    expect(
      await env.DB.prepare("select subscription_status from account_plan where user_id = ?").bind(owner.id).first(),
    ).toEqual({ subscription_status: null });
  });
});

const app = (): AppContext => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB), ctx: createExecutionContext(), nonce: "t", deliverPaymentEvent };
};

/** A team of the owner and `members` on Card Pro bought at the built-in test checkout, its trial over. */
async function paidTeam(owner: Account, members: Account[]) {
  const team = await teamOf(owner, members);
  await switchTo(owner, team);
  await endTrial(team);
  const started = await post("/settings/billing", owner, { intent: "checkout", interval: "month" });
  const checkout = started.headers.get("location") ?? "";
  expect((await call(checkout, form({ intent: "pay", email: owner.email, name: "Owner" }))).status).toBe(302);
  return team;
}

type LocalSub = {
  id: string;
  items: { data: { quantity: number }[] };
  pending_prorations?: number;
  seat_keys?: string[];
};
const localSub = async (team: string) => {
  const row = await env.DB.prepare(
    "select data from payment_local_object where kind = 'subscription' and json_extract(data, '$.metadata.userId') = ?",
  )
    .bind(team)
    .first<{ data: string }>();
  return JSON.parse(row?.data ?? "null") as LocalSub;
};
const seatsOfPlan = (team: string) =>
  env.DB.prepare("select seats, seats_version, seats_sent_version from account_plan where user_id = ?")
    .bind(team)
    .first<{ seats: number; seats_version: number; seats_sent_version: number }>();
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("a team's seats (decision 0253)", () => {
  it("follow members joining and leaving, prorated through the adapter, the next invoice shown to admins first", async () => {
    const owner = await account("Sol Seats");
    const mia = await account("Mia Seat");
    const ned = await account("Ned New");
    const team = await paidTeam(owner, [mia]);
    expect((await localSub(team)).items.data[0]?.quantity).toBe(2);

    await joinTeam(team, owner, ned);
    expect(await seatsOfPlan(team)).toMatchObject({ seats: 3 });
    const plan = await seatsOfPlan(team);
    expect(plan?.seats_sent_version).toBe(plan?.seats_version);
    let sub = await localSub(team);
    expect(sub.items.data[0]?.quantity).toBe(3);
    // A seat for almost the whole month: just under 7.99 USD, kept for the next invoice, nothing charged now.
    expect(sub.pending_prorations).toBeGreaterThan(780);
    expect(sub.pending_prorations).toBeLessThanOrEqual(799);
    expect(sub.seat_keys).toHaveLength(1);
    const invoices = await env.DB.prepare("select count(*) n from billing_invoice where user_id = ?")
      .bind(team)
      .first<{ n: number }>();
    expect(invoices?.n).toBe(1);

    const page = await text(await get(`/teams/${team}`, owner));
    const total = formatMoney(3 * 799 + (sub.pending_prorations ?? 0), "USD");
    expect(page).toContain(`: ${total} for 3 seats, with ${formatMoney(sub.pending_prorations ?? 0, "USD")}`);
    // A member sees the team, not its bill.
    expect(await text(await get(`/teams/${team}`, mia))).not.toContain("Next invoice");

    // Ned removed: back to two seats, his seat's proration credited against itself.
    await switchTo(owner, team);
    const removed = await post(`/teams/${team}`, owner, { intent: "remove", user: ned.id, heir: owner.id });
    expect(removed.status).toBe(302);
    expect(await seatsOfPlan(team)).toMatchObject({ seats: 2 });
    sub = await localSub(team);
    expect(sub.items.data[0]?.quantity).toBe(2);
    expect(Math.abs(sub.pending_prorations ?? 99)).toBeLessThanOrEqual(2);
    // Mia leaves: one seat.
    expect((await post(`/teams/${team}`, mia, { intent: "leave" })).status).toBe(302);
    expect((await localSub(team)).items.data[0]?.quantity).toBe(1);
    expect((await localSub(team)).seat_keys).toHaveLength(3);
  });

  it("are counted once when a seat change races a payment event, and a repeated send changes nothing", async () => {
    const owner = await account("Rae Race");
    const mia = await account("Mia Race");
    const ned = await account("Ned Race");
    const team = await paidTeam(owner, [mia]);
    const session = await env.DB.prepare(
      "select data from payment_local_object where kind = 'checkout_session' and json_extract(data, '$.metadata.userId') = ?",
    )
      .bind(team)
      .first<{ data: string }>();
    const completed = JSON.parse(session?.data ?? "{}");
    expect(completed.metadata.seats).toBe("2");
    // Ned joins while the checkout's event (two seats) arrives again, and two senders push the seats at once.
    await Promise.all([
      joinTeam(team, owner, ned),
      sendLocalEvent(app(), "checkout.session.completed", completed),
      syncSeats(app(), team),
      syncSeats(app(), team),
    ]);
    await Promise.all([syncSeats(app(), team), syncSeats(app(), team)]);
    expect(await seatsOfPlan(team)).toMatchObject({ seats: 3 });
    const sub = await localSub(team);
    expect(sub.items.data[0]?.quantity).toBe(3);
    // One proration for one seat, whoever sent it.
    expect(sub.pending_prorations).toBeGreaterThan(780);
    expect(sub.pending_prorations).toBeLessThanOrEqual(799);
    // The stale event again, alone: the seats stand and nothing is sent.
    await sendLocalEvent(app(), "checkout.session.completed", completed);
    expect(await seatsOfPlan(team)).toMatchObject({ seats: 3 });
    expect((await localSub(team)).seat_keys).toEqual(sub.seat_keys);
    expect((await localSub(team)).pending_prorations).toBe(sub.pending_prorations);
  });

  it("are not billed for a team without a subscription, nor for a personal workspace", async () => {
    const owner = await account("Tom Trial");
    const mia = await account("Mia Trial");
    const team = await teamOf(owner, [mia]);
    await syncSeats(app(), team);
    await syncSeats(app(), owner.id);
    expect(await seatsOfPlan(team)).toMatchObject({ seats: null, seats_version: 0 });
    expect(await seatsOfPlan(owner.id)).toMatchObject({ seats: null, seats_version: 0 });
    expect(await text(await get(`/teams/${team}`, owner))).not.toContain("Next invoice");
  });
});

describe("the Stripe adapter's seat calls against a local stand-in for Stripe's API", () => {
  const STRIPE = inject("fakeStripe");
  const stripe = stripePayments({ secretKey: "sk_test_seats", apiBase: STRIPE });
  const calls = async () =>
    (await (await fetch(`${STRIPE}/_stripe/requests?key=sk_test_seats`)).json()) as StripeCall[];

  it("sets the item's quantity with create_prorations under the caller's key, and previews the next invoice", async () => {
    const id = `sub_seats_${crypto.randomUUID().slice(0, 8)}`;
    const done = await stripe.updateSeats({ subscriptionId: id, quantity: 3, idempotencyKey: `seats:${id}:1` });
    expect(done).toEqual({ id, quantity: 3 });
    const sent = (await calls()).findLast((c) => c.path.startsWith("/v1/subscription_items/"));
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toMatch(/^\/v1\/subscription_items\/si_fake/);
    expect(sent?.form).toEqual({ quantity: "3", proration_behavior: "create_prorations" });
    expect(sent?.idempotencyKey).toBe(`seats:${id}:1`);

    // Two seats added halfway through the period: about one month's price, kept for the next invoice.
    const next = await stripe.previewNextInvoice({ subscriptionId: id });
    expect(next.quantity).toBe(3);
    expect(next.currency).toBe("USD");
    expect(Math.abs(next.prorations - 799)).toBeLessThanOrEqual(1);
    expect(next.total).toBe(3 * 799 + next.prorations);
    expect(next.at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const preview = (await calls()).findLast((c) => c.path === "/v1/invoices/create_preview");
    expect(preview?.form).toEqual({ subscription: id });

    // The same key again is Stripe's replay: the first answer, no second proration, whatever the new quantity.
    expect(await stripe.updateSeats({ subscriptionId: id, quantity: 5, idempotencyKey: `seats:${id}:1` })).toEqual({
      id,
      quantity: 3,
    });
    expect((await stripe.previewNextInvoice({ subscriptionId: id })).prorations).toBe(next.prorations);
    // A new key with fewer seats credits them.
    await stripe.updateSeats({ subscriptionId: id, quantity: 1, idempotencyKey: `seats:${id}:2` });
    const after = await stripe.previewNextInvoice({ subscriptionId: id });
    expect(after.quantity).toBe(1);
    expect(Math.abs(after.prorations)).toBeLessThanOrEqual(2);
  });

  it("answers Stripe's errors: a bad quantity, an unknown subscription", async () => {
    const id = `sub_seats_${crypto.randomUUID().slice(0, 8)}`;
    await expect(
      stripe.updateSeats({ subscriptionId: id, quantity: -1, idempotencyKey: `seats:${id}:x` }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      stripe.updateSeats({ subscriptionId: "nope", quantity: 2, idempotencyKey: "seats:nope:1" }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(stripe.previewNextInvoice({ subscriptionId: "sub_never_read" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("the nonprofit offer and the trial's reminders for a team (decision 0254)", () => {
  it("is applied for by the team's admins from its organisation profile, and granted to the team", async () => {
    const owner = await account("Nia Nonprofit");
    const mia = await account("Mia Member");
    const team = await teamOf(owner, [mia]);
    await switchTo(owner, team);
    const name = `Harbour Shelter ${crypto.randomUUID().slice(0, 6)}`;
    await env.DB.prepare("insert into fundraising_org (user_id, legal_name, tax_id, country) values (?, ?, ?, 'US')")
      .bind(team, name, "12-3456789")
      .run();
    // The form starts from the team's profile.
    const form1 = await text(await get("/settings/billing/nonprofit", owner));
    expect(form1).toContain(`value="${name}"`);
    expect(form1).toContain('value="12-3456789"');
    // A member does not apply for the team.
    const apply = { intent: "apply-nonprofit", organisation: name, country: "US", registrationNumber: "12-3456789" };
    expect((await post("/settings/billing/nonprofit", mia, apply)).status).toBe(403);
    expect((await post("/settings/billing/nonprofit", owner, apply)).status).toBe(302);
    const row = await env.DB.prepare(
      "select id, user_id, workspace_id from nonprofit_application where workspace_id = ?",
    )
      .bind(team)
      .first<{ id: number; user_id: string; workspace_id: string }>();
    expect(row).toMatchObject({ user_id: owner.id, workspace_id: team });
    // One open application per team; the owner's own workspace may still have its own.
    expect((await post("/settings/billing/nonprofit", owner, apply)).status).toBe(409);
    await switchTo(owner, owner.id);
    expect((await post("/settings/billing/nonprofit", owner, apply)).status).toBe(302);

    await endTrial(team);
    await endTrial(mia.id);
    expect((await get("/mailings", mia)).status).toBe(403);
    const decided = await decideApplication(createDb(env.DB), row?.id ?? 0, "approve", "op@example.org");
    expect(decided?.status).toBe("approved");
    const plans = await env.DB.prepare(
      "select user_id, nonprofit_ends_at from account_plan where user_id in (?, ?) order by user_id = ?",
    )
      .bind(team, owner.id, team)
      .all<{ user_id: string; nonprofit_ends_at: number | null }>();
    expect(plans.results.map((p) => [p.user_id, p.nonprofit_ends_at === null])).toEqual([
      [owner.id, true],
      [team, false],
    ]);
    const months = ((plans.results[1]?.nonprofit_ends_at ?? 0) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(2.9);
    expect(months).toBeLessThan(3.1);
    // The team is on Card Pro for everyone in it, the member too.
    expect((await get("/mailings", mia)).status).toBe(200);
  });

  it("reminds the team's owners and admins, not its members, once, before its trial ends", async () => {
    const owner = await account("Ola Owner");
    const ada = await account("Ada Admin");
    const mo = await account("Mo Member");
    const team = await teamOf(owner, [ada, mo]);
    await switchTo(owner, team);
    expect((await post(`/teams/${team}`, owner, { intent: "role", user: ada.id, role: "admin" })).status).toBe(302);
    const ends = Date.now() + 86_400_000;
    await env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?").bind(ends, team).run();
    const reminded = () =>
      env.DB.prepare("select trial_reminded_at from account_plan where user_id = ?")
        .bind(team)
        .first<{ trial_reminded_at: number | null }>();
    // Other files' plans may be due too: a run handles fifty at a time.
    for (let i = 0; i < 10 && !(await reminded())?.trial_reminded_at; i++)
      await remindPlanEndings(createDb(env.DB), new Date());
    await remindPlanEndings(createDb(env.DB), new Date());
    const mails = await env.DB.prepare(
      'select "to", subject from outbox where kind = \'trial-ending\' and "to" in (lower(?), lower(?), lower(?))',
    )
      .bind(owner.email, ada.email, mo.email)
      .all<{ to: string; subject: string }>();
    expect(mails.results.map((m) => m.to).sort()).toEqual([owner.email, ada.email].map((e) => e.toLowerCase()).sort());
    expect(mails.results[0]?.subject).toMatch(/'s Card Pro trial ends on /);
    const notes = await env.DB.prepare(
      "select user_id from notification where user_id in (?, ?, ?) and title like '%Card Pro trial ends soon'",
    )
      .bind(owner.id, ada.id, mo.id)
      .all<{ user_id: string }>();
    expect(notes.results.map((n) => n.user_id).sort()).toEqual([owner.id, ada.id].sort());
  });
});
