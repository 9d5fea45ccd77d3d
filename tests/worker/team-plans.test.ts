import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, form, joinTeam, signUp, userIdOf } from "./helpers";

vi.setConfig({ testTimeout: 120_000 });

/** Card Pro for a team (decision 0237): the team's own plan and trial, priced per seat. */

type Account = { cookie: string; email: string; id: string };

async function account(name: string): Promise<Account> {
  const a = await signUp(name);
  const id = await userIdOf(a.email);
  await env.DB.prepare("update user set email_verified = 1 where id = ?").bind(id).run();
  return { ...a, id };
}

const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });
const get = (path: string, who: Account) => call(path, { headers: { cookie: who.cookie, accept: "text/html" } });
const switchTo = async (who: Account, workspace: string) =>
  expect((await post("/teams", who, { intent: "switch", workspace })).status).toBe(302);
const endTrial = (workspace: string) =>
  env.DB.prepare("update account_plan set trial_ends_at = ? where user_id = ?")
    .bind(Date.now() - 1000, workspace)
    .run();

async function teamOf(owner: Account, members: Account[]): Promise<string> {
  const res = await post("/teams", owner, { intent: "create", name: `Plan ${crypto.randomUUID().slice(0, 6)}` });
  const team = res.headers.get("location")?.split("/").pop() ?? "";
  expect(team).toMatch(/^team_/);
  for (const m of members) await joinTeam(team, owner, m);
  return team;
}

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
