import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { secondFactorRequired } from "~/lib/teams/rules";
import { call, confirmEmail, form, joinTeam, signUp, userIdOf } from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

/** A team's rule that its members sign in with a passkey or two-step sign-in (decision 0242). */

const post = (path: string, who: { cookie: string }, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });
const get = (path: string, who: { cookie: string }) => call(path, { headers: { cookie: who.cookie } });

async function teamWithMember() {
  const owner = await signUp("Olga Owner");
  await confirmEmail(owner.cookie, owner.email);
  const made = await post("/teams", owner, { intent: "create", name: "Strict Co" });
  const team = made.headers.get("location")?.split("/").pop() ?? "";
  const member = await signUp("Mo Member");
  await confirmEmail(member.cookie, member.email);
  await joinTeam(team, owner, member);
  return { owner, member, team };
}

describe("a team that requires a passkey or two-step sign-in", () => {
  it("sends a member without either to set one up before any of the team's pages, and lets them through once they have one", async () => {
    const { owner, member, team } = await teamWithMember();
    expect((await get("/dashboard", member)).status).toBe(200);

    const set = await post(`/teams/${team}/sign-in`, owner, { intent: "second-factor", required: "on" });
    expect(set.status).toBe(302);
    const entry = await env.DB.prepare(
      "select detail from workspace_audit where workspace_id = ? and action = 'team.sign-in'",
    )
      .bind(team)
      .first<string>("detail");
    expect(entry).toBe("Members need a passkey or two-step sign-in");

    // The member, working in the team: every page of it sends them to set one up, the account page says why.
    for (const path of ["/dashboard", "/connections", `/teams/${team}`]) {
      const res = await get(path, member);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toContain("/settings/account");
    }
    // A client-side navigation gets the same redirect, in React Router's data answer.
    expect(await (await get("/dashboard.data", member)).text()).toContain("/settings/account");
    const account = await get("/settings/account", member);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(secondFactorRequired("Strict Co").replaceAll("'", "&#x27;"));
    // Switching back to their own workspace is allowed, and their own pages open there.
    expect((await get("/teams", member)).status).toBe(200);
    expect((await post("/teams", member, { intent: "switch", workspace: "" })).status).toBe(302);
    expect((await get("/dashboard", member)).status).toBe(200);

    // With two-step sign-in set up (as its own tests do it) the team's pages open.
    expect((await post("/teams", member, { intent: "switch", workspace: team })).status).toBe(302);
    expect((await get("/dashboard", member)).status).toBe(302);
    const id = await userIdOf(member.email);
    await env.DB.prepare("update user set two_factor_enabled = 1 where id = ?").bind(id).run();
    expect((await get("/dashboard", member)).status).toBe(200);
    // A passkey is enough too.
    await env.DB.prepare("update user set two_factor_enabled = 0 where id = ?").bind(id).run();
    expect((await get("/dashboard", member)).status).toBe(302);
    await env.DB.prepare(
      "insert into passkey (id, user_id, name, credential_id, public_key) values (?, ?, 'Laptop', ?, 'k')",
    )
      .bind(crypto.randomUUID(), id, crypto.randomUUID())
      .run();
    expect((await get("/dashboard", member)).status).toBe(200);
  });

  it("is set by the team's owners and admins only, and off again lets everyone through", async () => {
    const { owner, member, team } = await teamWithMember();
    const refused = await post(`/teams/${team}/sign-in`, member, { intent: "second-factor", required: "on" });
    expect(refused.status).toBe(404);
    const stranger = await signUp("Stan Stranger");
    expect((await post(`/teams/${team}/sign-in`, stranger, { intent: "second-factor", required: "on" })).status).toBe(
      404,
    );
    const rule = () =>
      env.DB.prepare("select require_second_factor as r from workspace where id = ?").bind(team).first("r");
    expect(await rule()).toBe(0);

    expect((await post(`/teams/${team}/sign-in`, owner, { intent: "second-factor", required: "on" })).status).toBe(302);
    expect(await rule()).toBe(1);
    // The owner has neither either: they too are sent to set one up, but the team's sign-in page is theirs to change.
    expect((await post("/teams", owner, { intent: "switch", workspace: team })).status).toBe(302);
    expect((await get("/dashboard", owner)).status).toBe(302);
    expect((await post(`/teams/${team}/sign-in`, owner, { intent: "second-factor" })).status).toBe(302);
    expect(await rule()).toBe(0);
    expect((await get("/dashboard", member)).status).toBe(200);
    expect((await get("/dashboard", owner)).status).toBe(200);
  });
});
