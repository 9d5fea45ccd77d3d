import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { SSO_ONLY, SSO_REFUSED } from "~/server/account/sso.server";
import { call, cookiesOf, form, proveMailbox, signUpByForm, TEST_PASSWORD, testAddress } from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

type Account = { cookie: string; email: string };

/** An account at `email`, its address confirmed as its link would. */
async function account(email: string, name = "Dana Domain"): Promise<Account> {
  const a = await signUpByForm(name, { email });
  await proveMailbox(email);
  return a;
}
const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });

async function makeTeam(owner: Account, name = "Acme"): Promise<string> {
  const res = await post("/teams", owner, { intent: "create", name });
  expect(res.status).toBe(302);
  return res.headers.get("location")?.split("/").pop() ?? "";
}
const domainRow = (team: string, domain: string) =>
  env.DB.prepare("select id, token, verified_at from team_domain where workspace_id = ? and domain = ?")
    .bind(team, domain)
    .first<{ id: string; token: string; verified_at: number | null }>();
const fresh = () => `d${crypto.randomUUID().slice(0, 8)}.test`;

describe("a team's sign-in settings", () => {
  it("prove a domain by the admin's own mailbox or by its TXT record, and a domain one team proved is refused to another", async () => {
    const domain = fresh();
    const admin = await account(`admin@${domain}`);
    const team = await makeTeam(admin);
    const page = `/teams/${team}/sign-in`;
    expect((await post(page, admin, { intent: "add-domain", domain: "not a domain" })).status).toBe(400);
    expect((await post(page, admin, { intent: "add-domain", domain: domain.toUpperCase() })).status).toBe(302);
    expect((await domainRow(team, domain))?.verified_at).toBeGreaterThan(0);

    // Another team whose admin also has a confirmed address there: refused, the domain stays the first team's.
    const rival = await account(`rival@${domain}`);
    const rivalTeam = await makeTeam(rival, "Rival");
    const taken = await post(`/teams/${rivalTeam}/sign-in`, rival, { intent: "add-domain", domain });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Another team already confirmed that domain.");
    expect(await domainRow(rivalTeam, domain)).toBeNull();

    // A domain the admin has no mailbox on waits for its TXT record, read through the DNS adapter's local zone.
    const other = fresh();
    expect((await post(page, admin, { intent: "add-domain", domain: other })).status).toBe(302);
    const waiting = await domainRow(team, other);
    expect(waiting?.verified_at).toBeNull();
    const html = await (await call(page, { headers: { cookie: admin.cookie } })).text();
    expect(html).toContain(`_knowwho.${other}`);
    expect(html).toContain(`knowwho-verification=${waiting?.token}`);
    const check = () => post(page, admin, { intent: "verify-domain", id: waiting?.id ?? "" });
    expect((await check()).status).toBe(409);
    await env.CACHE.put(`dns-txt:_knowwho.${other}`, "knowwho-verification=someone-elses-token");
    expect((await check()).status).toBe(409);
    await env.CACHE.put(`dns-txt:_knowwho.${other}`, `v=spf1 -all\nknowwho-verification=${waiting?.token}`);
    expect((await check()).status).toBe(302);
    expect((await domainRow(team, other))?.verified_at).toBeGreaterThan(0);
  });

  it("are the team's owners' and admins' only: a member or a stranger gets a 404 and changes nothing", async () => {
    const domain = fresh();
    const admin = await account(`owner@${domain}`);
    const team = await makeTeam(admin);
    const stranger = await account(`stranger@${fresh()}`);
    const memberAccount = await account(`member@${fresh()}`);
    const id = (
      await env.DB.prepare("select id from user where email = ?").bind(memberAccount.email).first<{ id: string }>()
    )?.id;
    await env.DB.prepare("insert into member (workspace_id, user_id, role) values (?, ?, 'member')")
      .bind(team, id)
      .run();
    for (const who of [stranger, memberAccount]) {
      expect((await call(`/teams/${team}/sign-in`, { headers: { cookie: who.cookie } })).status).toBe(404);
      const res = await post(`/teams/${team}/sign-in`, who, {
        intent: "save-provider",
        issuer: "https://login.example.net",
        clientId: "x",
        clientSecret: "y",
      });
      expect(res.status).toBe(404);
      expect((await post(`/teams/${team}/sign-in`, who, { intent: "add-domain", domain: fresh() })).status).toBe(404);
    }
    expect(await env.DB.prepare("select * from team_sso where workspace_id = ?").bind(team).first()).toBeNull();
  });

  it("send the domain's addresses to the provider, and when enforced refuse their password anywhere", async () => {
    const domain = fresh();
    const admin = await account(`boss@${domain}`);
    const worker = await account(`worker@${domain}`, "Wes Worker");
    const team = await makeTeam(admin);
    const page = `/teams/${team}/sign-in`;
    await post(page, admin, { intent: "add-domain", domain });
    // A first provider needs its secret; the issuer must be a URL.
    expect(
      (await post(page, admin, { intent: "save-provider", issuer: "https://id.example.net", clientId: "c" })).status,
    ).toBe(400);
    expect(
      (await post(page, admin, { intent: "save-provider", issuer: "not a url", clientId: "c", clientSecret: "s" }))
        .status,
    ).toBe(400);
    const saved = await post(page, admin, {
      intent: "save-provider",
      issuer: "https://id.example.net/",
      clientId: "knowwho",
      clientSecret: "the-secret",
      enforced: "on",
    });
    expect(saved.status).toBe(302);
    const row = await env.DB.prepare("select issuer, client_secret, enforced from team_sso where workspace_id = ?")
      .bind(team)
      .first<{ issuer: string; client_secret: string; enforced: number }>();
    expect(row).toMatchObject({ issuer: "https://id.example.net", enforced: 1 });
    expect(row?.client_secret).not.toContain("the-secret");
    expect(await (await call(page, { headers: { cookie: admin.cookie } })).text()).not.toContain(row?.client_secret);

    // The sign-in form sends the address to the provider's start, without a password.
    const viaForm = await call("/auth", {
      ...form({ intent: "signin", email: worker.email.toUpperCase(), password: "", redirectTo: "/people" }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(viaForm.status).toBe(302);
    expect(viaForm.headers.get("location")).toMatch(/^\/auth\/sso\?email=worker%40.+&redirectTo=%2Fpeople$/i);
    // The password endpoint refuses it while enforced; an address on no such domain still signs in by password.
    const api = (email: string) =>
      call("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
        headers: { "content-type": "application/json", "cf-connecting-ip": testAddress() },
      });
    const refused = await api(worker.email);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(SSO_ONLY);
    expect(cookiesOf(refused)).not.toContain("session_token");
    const elsewhere = await account(`else@${fresh()}`);
    expect((await api(elsewhere.email)).status).toBe(200);

    // Not enforced: the form still sends them to the provider, the password endpoint takes the password.
    await post(page, admin, { intent: "save-provider", issuer: "https://id.example.net", clientId: "knowwho" });
    expect((await api(worker.email)).status).toBe(200);
    // Turned off: the form asks for the password again.
    await post(page, admin, { intent: "remove-provider" });
    const noPassword = await call("/auth", {
      ...form({ intent: "signin", email: worker.email, redirectTo: "/dashboard" }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(noPassword.status).toBe(400);
  });

  it("refuses a callback with no state, a forged state, or a state this browser was not given", async () => {
    const attempts = [
      { path: "/auth/sso/callback?code=abc", cookie: "" },
      { path: "/auth/sso/callback?code=abc&state=forged", cookie: "kw_sso_state=forged" },
      { path: "/auth/sso/callback?code=abc&state=one", cookie: "kw_sso_state=another" },
    ];
    for (const { path, cookie } of attempts) {
      const res = await call(path, { headers: { cookie, accept: "text/html" } });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(SSO_REFUSED.state.replaceAll("'", "&#x27;").slice(0, 30));
      expect(cookiesOf(res)).not.toContain("session_token");
    }
    // An address with no team provider is sent back to the password form.
    const start = await call("/auth/sso?email=nobody%40example.org");
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toMatch(/^\/auth\?/);
  });
});
