import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/server/db/db.server";
import { parseEnv } from "~/server/platform/env.server";
import { joinThroughProvider } from "~/server/teams/membership.server";
import { call, cookiesOf, form, proveMailbox, signUpByForm, TEST_PASSWORD, testAddress } from "./helpers";
import { defaultTemplate } from "./team-helpers";

vi.setConfig({ testTimeout: 60_000 });

/**
 * What single sign-on does to sessions and memberships (decision 0242): "SSO only" ends the other sessions of the
 * team's addresses, and a sign-in through the provider joins the team by the invitation rules (decision 0241). The
 * provider's own round trip is the Chromium journey's.
 */

type Account = { cookie: string; email: string };

async function account(email: string, name = "Dana Domain"): Promise<Account> {
  const a = await signUpByForm(name, { email });
  await proveMailbox(email);
  return a;
}
const userId = async (email: string) =>
  (await env.DB.prepare("select id from user where email = ?").bind(email).first<string>("id")) ?? "";
const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });
const signedIn = async (cookie: string) => (await call("/dashboard", { headers: { cookie } })).status === 200;

/**
 * A session the team's provider opened: the callback's endpoint marks it so in the batch that joins the team (it
 * needs better-auth, which loads in the Worker, not in this file); here a fresh session is marked the same way.
 */
async function ssoSignIn(teamId: string, email: string): Promise<string> {
  const res = await call("/auth.data", {
    ...form({ intent: "signin", email, password: TEST_PASSWORD, redirectTo: "/dashboard" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  const cookie = cookiesOf(res);
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0];
  const marked = await env.DB.prepare("update session set sso_workspace_id = ? where token = ?")
    .bind(teamId, token)
    .run();
  expect(marked.meta.changes).toBe(1);
  return cookie;
}

/** The join a sign-in through the provider makes: the endpoint's own function (sso.server.ts `ssoSession`). */
async function ssoJoin(teamId: string, email: string, actorId: string) {
  await joinThroughProvider(
    createDb(parseEnv(env).DB),
    { workspaceId: teamId, email, name: "Sam Single", actorId },
    "https://knowwho.test",
  );
}

async function ssoTeam() {
  const domain = `d${crypto.randomUUID().slice(0, 8)}.test`;
  const admin = await account(`boss@${domain}`, "Bea Boss");
  const made = await post("/teams", admin, { intent: "create", name: "Acme" });
  const team = made.headers.get("location")?.split("/").pop() ?? "";
  expect((await post(`/teams/${team}/sign-in`, admin, { intent: "add-domain", domain })).status).toBe(302);
  return { domain, admin, team, page: `/teams/${team}/sign-in` };
}
const provider = { intent: "save-provider", issuer: "https://id.example.net", clientId: "knowwho" };

describe("single sign-on and sessions", () => {
  it("SSO only ends the domain's password sessions at once, and keeps the provider's sessions and the admin's own", async () => {
    const t = await ssoTeam();
    const worker = await account(`worker@${t.domain}`, "Wes Worker");
    const outsider = await account(`out@o${crypto.randomUUID().slice(0, 8)}.test`, "Olly Outsider");
    const viaProvider = await ssoSignIn(t.team, worker.email);
    const adminElsewhere = (await account(`boss2@${t.domain}`, "Second Boss")).cookie;
    expect(await signedIn(worker.cookie)).toBe(true);

    // Saved without "only": nothing ends.
    expect((await post(t.page, t.admin, { ...provider, clientSecret: "s" })).status).toBe(302);
    expect(await signedIn(worker.cookie)).toBe(true);

    expect((await post(t.page, t.admin, { ...provider, enforced: "on" })).status).toBe(302);
    expect(await signedIn(worker.cookie)).toBe(false);
    expect(await signedIn(adminElsewhere)).toBe(false);
    expect(await signedIn(viaProvider)).toBe(true);
    expect(await signedIn(t.admin.cookie)).toBe(true);
    expect(await signedIn(outsider.cookie)).toBe(true);
  });

  it("SSO only ends a session that carries no provider's mark (opened before sessions had one) or another team's", async () => {
    const t = await ssoTeam();
    const other = await ssoTeam();
    const before = await account(`early@${t.domain}`, "Eli Early");
    const elsewhere = await ssoSignIn(other.team, `early@${t.domain}`);
    // A session from before migration 0072 has no mark at all: the column is null, as it came out of the migration.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(before.cookie)?.[1] ?? "").split(".")[0];
    await env.DB.prepare("update session set sso_workspace_id = null where token = ?").bind(token).run();
    expect(await signedIn(before.cookie)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(true);

    expect((await post(t.page, t.admin, { ...provider, clientSecret: "s", enforced: "on" })).status).toBe(302);
    expect(await signedIn(before.cookie)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await signedIn(t.admin.cookie)).toBe(true);
  });

  it("a first join through the provider is offered the team's default card and its mail, once, as a provisioned member is", async () => {
    const t = await ssoTeam();
    await post(t.page, t.admin, { ...provider, clientSecret: "s" });
    const template = await defaultTemplate(t.team, t.admin, { name: "Field", company: "Acme" });
    const offered = (email: string) =>
      env.DB.prepare(
        `select (select count(*) from card_issue i join card c on c.id = i.card_id where i.workspace_id = ?1 and i.email = ?2 and c.template_id = ?3) as cards,
          (select count(*) from outbox where "to" = ?2 and kind = 'team-card') as mails`,
      )
        .bind(t.team, email, template)
        .first();

    const sam = await account(`sam@${t.domain}`, "Sam Single");
    await ssoJoin(t.team, sam.email, await userId(sam.email));
    expect(await offered(sam.email)).toEqual({ cards: 1, mails: 1 });
    const mail = await env.DB.prepare("select text from outbox where \"to\" = ? and kind = 'team-card'")
      .bind(sam.email)
      .first<string>("text");
    expect(mail).toContain("https://knowwho.test/teams/claim?token=");
    // Signing in again through the provider offers nothing more.
    await ssoJoin(t.team, sam.email, await userId(sam.email));
    expect(await offered(sam.email)).toEqual({ cards: 1, mails: 1 });
    // Someone already in the team before (the owner) is not a first join: no card.
    await ssoJoin(t.team, t.admin.email, await userId(t.admin.email));
    expect(await offered(t.admin.email)).toEqual({ cards: 0, mails: 0 });
    // An address never confirmed joins nothing and is offered nothing.
    const unconfirmed = `unconfirmed@${t.domain}`;
    await account(unconfirmed, "Una Unconfirmed");
    await env.DB.prepare("update user set email_verified = 0 where email = ?").bind(unconfirmed).run();
    await ssoJoin(t.team, unconfirmed, await userId(unconfirmed));
    expect(await offered(unconfirmed)).toEqual({ cards: 0, mails: 0 });
  });

  it("a join through the provider follows the invitation rules: the open invitation's role, once, logged; confirmed only", async () => {
    const t = await ssoTeam();
    await post(t.page, t.admin, { ...provider, clientSecret: "s" });
    const invited = `invited@${t.domain}`;
    expect((await post(`/teams/${t.team}`, t.admin, { intent: "invite", email: invited, role: "admin" })).status).toBe(
      302,
    );
    const joiner = await account(invited, "Ivy Invited");
    const joinerId = await userId(joiner.email);
    await ssoJoin(t.team, invited, joinerId);
    await ssoJoin(t.team, invited, joinerId);
    const row = await env.DB.prepare(
      `select m.role, (select count(*) from invitation i where i.workspace_id = m.workspace_id and i.email = u.email and i.accepted_at is not null) as used,
        (select count(*) from workspace_audit a where a.workspace_id = m.workspace_id and a.action = 'member.joined' and a.subject = u.email) as logged
       from member m join user u on u.id = m.user_id where m.workspace_id = ? and u.email = ?`,
    )
      .bind(t.team, invited)
      .first();
    expect(row).toEqual({ role: "admin", used: 1, logged: 1 });
    // Someone already in the team stays as they are: the owner signing in through the provider is still the owner.
    await ssoJoin(t.team, t.admin.email, await userId(t.admin.email));
    const owner = await env.DB.prepare(
      "select m.role from member m join user u on u.id = m.user_id where m.workspace_id = ? and u.email = ?",
    )
      .bind(t.team, t.admin.email)
      .first("role");
    expect(owner).toBe("owner");
    // No invitation: a member.
    const plainAccount = await account(`plain@${t.domain}`, "Pat Plain");
    await ssoJoin(t.team, plainAccount.email, await userId(plainAccount.email));
    // An address never confirmed joins nothing, as with an invitation.
    const unconfirmed = `unconfirmed@${t.domain}`;
    await account(unconfirmed, "Una Unconfirmed");
    await env.DB.prepare("update user set email_verified = 0 where email = ?").bind(unconfirmed).run();
    await ssoJoin(t.team, unconfirmed, await userId(unconfirmed));
    expect(
      await env.DB.prepare(
        "select count(*) as n from member m join user u on u.id = m.user_id where m.workspace_id = ? and u.email = ?",
      )
        .bind(t.team, unconfirmed)
        .first("n"),
    ).toBe(0);
    const plain = await env.DB.prepare(
      "select m.role from member m join user u on u.id = m.user_id where m.workspace_id = ? and u.email = ?",
    )
      .bind(t.team, `plain@${t.domain}`)
      .first("role");
    expect(plain).toBe("member");
  });
});
