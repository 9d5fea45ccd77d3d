import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, cookiesOf, form, proveMailbox, signUp, TEST_PASSWORD, testAddress, userIdOf } from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

type Account = { cookie: string; email: string; id: string };

/**
 * A new account; `confirmed` marks its address confirmed as its link would (the link itself is tested below, once:
 * confirmation links are rate-limited per address).
 */
async function account(name: string, confirmed = true): Promise<Account> {
  const a = await signUp(name);
  return { ...a, id: confirmed ? await proveMailbox(a.email) : await userIdOf(a.email) };
}

const post = (path: string, who: Account, values: Record<string, string>) =>
  call(path, { ...form(values), headers: { cookie: who.cookie } });
const get = (path: string, who: Account) => call(path, { headers: { cookie: who.cookie, accept: "text/html" } });

async function makeTeam(owner: Account, name = "Riverside Food Bank"): Promise<string> {
  const res = await post("/teams", owner, { intent: "create", name });
  expect(res.status).toBe(302);
  const id = res.headers.get("location")?.split("/").pop() ?? "";
  expect(id).toMatch(/^team_/);
  return id;
}

/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await env.DB.prepare(
    "select text from outbox where \"to\" = lower(?) and kind = 'team-invitation' order by id desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
  return new URL(link || "http://x/").searchParams.get("token") ?? "";
}

async function invite(team: string, by: Account, email: string, role = "member"): Promise<string> {
  const res = await post(`/teams/${team}`, by, { intent: "invite", email, role });
  expect(res.status, await res.clone().text()).toBe(302);
  return mailedToken(email);
}

const join = (token: string, who: Account) =>
  post(`/teams/join?token=${encodeURIComponent(token)}`, who, { intent: "accept" });

async function joined(team: string, owner: Account, who: Account, role = "member") {
  const res = await join(await invite(team, owner, who.email, role), who);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe(`/teams/${team}`);
}

const roleOf = async (team: string, userId: string) =>
  (
    await env.DB.prepare("select role from member where workspace_id = ? and user_id = ?")
      .bind(team, userId)
      .first<{ role: string }>()
  )?.role ?? null;

const ownersOf = async (team: string) =>
  (
    await env.DB.prepare("select count(*) as n from member where workspace_id = ? and role = 'owner'")
      .bind(team)
      .first<{ n: number }>()
  )?.n;

/** The workspace the signed-in pages work in, as the shell shows it. */
async function workingIn(who: Account): Promise<string | null> {
  const html = await (await get("/settings", who)).text();
  return html.match(/title="The team you are working in"[^>]*>([^<]*)</)?.[1] ?? null;
}

describe("making a team", () => {
  it("makes its creator the owner and works in it; the shell switches back and forth", async () => {
    const a = await account("Ana Owner");
    expect(await workingIn(a)).toBeNull();
    const team = await makeTeam(a);
    expect(await roleOf(team, a.id)).toBe("owner");
    expect(await workingIn(a)).toBe("Riverside Food Bank");
    const page = await (await get(`/teams/${team}`, a)).text();
    expect(page).toContain("Riverside Food Bank");
    expect(page).toContain(a.email);
    // Back to the personal workspace, and into the team again, from the switcher's form.
    const home = await post("/teams", a, { intent: "switch", workspace: a.id, redirectTo: "/connections" });
    expect(home.headers.get("location")).toBe("/connections");
    expect(await workingIn(a)).toBeNull();
    await post("/teams", a, { intent: "switch", workspace: team });
    expect(await workingIn(a)).toBe("Riverside Food Bank");
    // A switch never leaves the site.
    const away = await post("/teams", a, { intent: "switch", workspace: "", redirectTo: "//evil.example/x" });
    expect(away.headers.get("location")).toBe("/dashboard");
  });

  it("refuses a team without a name, and shows a name as text", async () => {
    const a = await account("Ana Owner");
    const empty = await post("/teams", a, { intent: "create", name: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Name your team");
    const long = await post("/teams", a, { intent: "create", name: "x".repeat(81) });
    expect(long.status).toBe(400);
    const team = await makeTeam(a, "<script>alert(1)</script>");
    const html = await (await get(`/teams/${team}`, a)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("never switches into a team one is not in, nor into another account's own workspace", async () => {
    const a = await account("Ana Owner");
    const c = await account("Cai Stranger");
    const team = await makeTeam(a);
    expect((await post("/teams", c, { intent: "switch", workspace: team })).status).toBe(404);
    expect((await post("/teams", c, { intent: "switch", workspace: a.id })).status).toBe(404);
    expect(await workingIn(c)).toBeNull();
  });
});

describe("invitations", () => {
  it("mails a link that joins the invited, confirmed address once", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    const token = await invite(team, a, b.email.toUpperCase());
    expect(token.length).toBeGreaterThan(20);
    // Only its hash is kept.
    expect(
      await env.DB.prepare("select count(*) as n from invitation where token_hash = ?").bind(token).first(),
    ).toEqual({ n: 0 });
    const page = await get(`/teams/join?token=${token}`, b);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Join Riverside Food Bank");
    const res = await join(token, b);
    expect(res.status).toBe(302);
    expect(await roleOf(team, b.id)).toBe("member");
    expect(await workingIn(b)).toBe("Riverside Food Bank");
    // Used: a second click, or anyone else, changes nothing.
    const again = await join(token, b);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("already used");
    expect((await get(`/teams/join?token=${token}`, b)).status).toBe(410);
    const members = await env.DB.prepare("select count(*) as n from member where workspace_id = ?").bind(team).first();
    expect(members).toEqual({ n: 2 });
  });

  it("refuses an expired link, a forwarded one, an unknown one and one opened as another address", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const c = await account("Cai Forwarded");
    const team = await makeTeam(a);
    const token = await invite(team, a, b.email);
    // Forwarded to C, or opened while signed in as C: refused, and the team is not named to them.
    const opened = await get(`/teams/join?token=${token}`, c);
    expect(opened.status).toBe(403);
    const openedText = await opened.text();
    expect(openedText).toContain("sent to another email address");
    expect(openedText).not.toContain("Riverside Food Bank");
    expect((await join(token, c)).status).toBe(403);
    expect(await roleOf(team, c.id)).toBeNull();
    // Still good for B.
    expect((await get(`/teams/join?token=${token}`, b)).status).toBe(200);
    // Expired.
    await env.DB.prepare("update invitation set expires_at = ? where workspace_id = ?")
      .bind(Date.now() - 1, team)
      .run();
    const expired = await join(token, b);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    expect(await roleOf(team, b.id)).toBeNull();
    // Unknown, malformed or missing.
    for (const bad of ["", "nope", "x".repeat(43), "%00%27", "a".repeat(500)]) {
      expect((await get(`/teams/join?token=${bad}`, b)).status, bad).toBe(404);
      expect((await join(bad, b)).status, bad).toBe(404);
    }
  });

  it("waits for an unconfirmed address to be confirmed, and the confirmation link comes back to it", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Unconfirmed", false);
    const team = await makeTeam(a);
    const token = await invite(team, a, b.email);
    const page = await get(`/teams/join?token=${token}`, b);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm your email address first");
    const refused = await join(token, b);
    expect(refused.status).toBe(403);
    expect(await roleOf(team, b.id)).toBeNull();
    const asked = await post(`/teams/join?token=${token}`, b, { intent: "confirm-email" });
    expect(asked.status).toBe(200);
    const mail = await env.DB.prepare(
      "select text from outbox where lower(\"to\") = lower(?) and kind = 'email-verify' order by id desc limit 1",
    )
      .bind(b.email)
      .first<{ text: string }>();
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "http://x/");
    const opened = await call(link.pathname + link.search, { headers: { cookie: b.cookie } });
    expect(opened.headers.get("location")).toContain(`/teams/join?token=${token}`);
    expect((await join(token, b)).status).toBe(302);
    expect(await roleOf(team, b.id)).toBe("member");
  });

  it("a newcomer's invitation opens the sign-up form, and its confirmation link comes back to the invitation", async () => {
    const a = await account("Ana Owner");
    const known = await account("Bo Known");
    const team = await makeTeam(a);
    const newcomer = `new-${crypto.randomUUID()}@example.org`;
    const token = await invite(team, a, newcomer);
    const back = `/teams/join?token=${token}`;
    // Nobody has that address yet: the link opens the form that makes the account, then comes back.
    const opened = await call(back, { headers: { accept: "text/html" } });
    expect(opened.status).toBe(302);
    const signUpAt = new URL(opened.headers.get("location") ?? "", "http://x");
    expect(signUpAt.pathname).toBe("/auth");
    expect(signUpAt.searchParams.get("mode")).toBe("signup");
    expect(signUpAt.searchParams.get("redirectTo")).toBe(back);
    // An address with an account signs in, as before.
    const knownToken = await invite(team, a, known.email);
    const signIn = new URL(
      (await call(`/teams/join?token=${knownToken}`, { headers: { accept: "text/html" } })).headers.get("location") ??
        "",
      "http://x",
    );
    expect(signIn.searchParams.get("mode")).toBeNull();
    expect(signIn.searchParams.get("redirectTo")).toBe(`/teams/join?token=${knownToken}`);

    const made = await call(`/auth?${signUpAt.searchParams}`, {
      ...form({ intent: "signup", name: "Cai New", email: newcomer, password: TEST_PASSWORD, redirectTo: back }),
      headers: { "cf-connecting-ip": testAddress() },
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(back);
    const cookie = cookiesOf(made);
    const mail = await env.DB.prepare(
      "select text from outbox where lower(\"to\") = lower(?) and kind = 'email-verify' order by id desc limit 1",
    )
      .bind(newcomer)
      .first<{ text: string }>();
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "http://x/");
    const confirmed = await call(link.pathname + link.search, { headers: { cookie } });
    expect(confirmed.headers.get("location")).toContain(back);
    const joinedNow = await call(back, { ...form({ intent: "accept" }), headers: { cookie } });
    expect(joinedNow.status).toBe(302);
    expect(await roleOf(team, await userIdOf(newcomer))).toBe("member");
  });

  it("a new invitation to the same address replaces the old link; an admin can take one back; members cannot invite", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    const first = await invite(team, a, "new.person@example.org");
    const second = await invite(team, a, "new.person@example.org");
    expect(second).not.toBe(first);
    const open = await env.DB.prepare("select id from invitation where workspace_id = ?").bind(team).all();
    expect(open.results).toHaveLength(1);
    const id = (open.results[0] as { id: string }).id;
    await joined(team, a, b);
    const refused = await post(`/teams/${team}`, b, { intent: "invite", email: "x@example.org", role: "member" });
    expect(refused.status).toBe(403);
    expect((await post(`/teams/${team}`, b, { intent: "cancel-invitation", invitation: id })).status).toBe(403);
    expect((await post(`/teams/${team}`, a, { intent: "cancel-invitation", invitation: id })).status).toBe(302);
    expect((await post(`/teams/${team}`, a, { intent: "cancel-invitation", invitation: id })).status).toBe(409);
    // Already in the team, and a malformed address: messages on the field.
    const member = await post(`/teams/${team}`, a, { intent: "invite", email: b.email, role: "member" });
    expect(member.status).toBe(409);
    expect(await member.text()).toContain("is in the team already");
    const bad = await post(`/teams/${team}`, a, { intent: "invite", email: "not-an-address", role: "owner" });
    expect(bad.status).toBe(400);
    const badText = await bad.text();
    expect(badText).toContain("Please enter a valid email address");
    expect(badText).toContain("not-an-address");
  });
});

describe("members and roles", () => {
  it("the last owner cannot leave or step down; a member leaves", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    await joined(team, a, b);
    const leave = await post(`/teams/${team}`, a, { intent: "leave" });
    expect(leave.status).toBe(409);
    expect(await leave.text()).toContain("A team always keeps an owner");
    const down = await post(`/teams/${team}`, a, { intent: "role", user: a.id, role: "admin" });
    expect(down.status).toBe(409);
    expect(await roleOf(team, a.id)).toBe("owner");
    const left = await post(`/teams/${team}`, b, { intent: "leave" });
    expect(left.status).toBe(302);
    expect(await roleOf(team, b.id)).toBeNull();
    expect(await workingIn(b)).toBeNull();
    expect((await get(`/teams/${team}`, b)).status).toBe(404);
  });

  it("admins change roles and remove members but never touch an owner; members do neither", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Admin");
    const c = await account("Cai Member");
    const team = await makeTeam(a);
    await joined(team, a, b, "admin");
    await joined(team, a, c);
    expect((await post(`/teams/${team}`, c, { intent: "role", user: c.id, role: "admin" })).status).toBe(403);
    expect((await post(`/teams/${team}`, c, { intent: "remove", user: b.id })).status).toBe(403);
    expect((await post(`/teams/${team}`, b, { intent: "role", user: c.id, role: "owner" })).status).toBe(403);
    expect((await post(`/teams/${team}`, b, { intent: "role", user: a.id, role: "member" })).status).toBe(409);
    expect((await post(`/teams/${team}`, b, { intent: "remove", user: a.id })).status).toBe(409);
    expect(await roleOf(team, a.id)).toBe("owner");
    expect((await post(`/teams/${team}`, b, { intent: "role", user: c.id, role: "admin" })).status).toBe(302);
    expect(await roleOf(team, c.id)).toBe("admin");
    // A role that does not exist, or no member named.
    expect((await post(`/teams/${team}`, a, { intent: "role", user: c.id, role: "boss" })).status).toBe(400);
    expect((await post(`/teams/${team}`, a, { intent: "remove" })).status).toBe(400);
    expect((await post(`/teams/${team}`, a, { intent: "remove", user: "someone-else" })).status).toBe(409);
    expect((await post(`/teams/${team}`, b, { intent: "remove", user: c.id })).status).toBe(302);
    expect(await roleOf(team, c.id)).toBeNull();
  });

  it("an owner hands the team over and stays on as admin; the team always has an owner", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    await joined(team, a, b);
    expect((await post(`/teams/${team}`, b, { intent: "transfer", user: b.id })).status).toBe(403);
    expect((await post(`/teams/${team}`, a, { intent: "transfer", user: b.id })).status).toBe(302);
    expect(await roleOf(team, b.id)).toBe("owner");
    expect(await roleOf(team, a.id)).toBe("admin");
    expect(await ownersOf(team)).toBe(1);
    // Now B is the only owner: B cannot leave, A (admin) can no longer hand the team over.
    expect((await post(`/teams/${team}`, b, { intent: "leave" })).status).toBe(409);
    expect((await post(`/teams/${team}`, a, { intent: "transfer", user: a.id })).status).toBe(403);
  });

  it("two owners stepping down at once leave one owner; two admins removing one member remove it once", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Owner");
    const c = await account("Cai Admin");
    const d = await account("Dee Member");
    const team = await makeTeam(a);
    await joined(team, a, b);
    await joined(team, a, c, "admin");
    await joined(team, a, d);
    await post(`/teams/${team}`, a, { intent: "role", user: b.id, role: "owner" });
    expect(await ownersOf(team)).toBe(2);
    const downs = await Promise.all([
      post(`/teams/${team}`, a, { intent: "role", user: a.id, role: "admin" }),
      post(`/teams/${team}`, b, { intent: "role", user: b.id, role: "admin" }),
    ]);
    expect(downs.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await ownersOf(team)).toBe(1);
    const removals = await Promise.all([
      post(`/teams/${team}`, c, { intent: "remove", user: d.id }),
      post(`/teams/${team}`, (await roleOf(team, a.id)) === "owner" ? a : b, { intent: "remove", user: d.id }),
    ]);
    expect(removals.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await roleOf(team, d.id)).toBeNull();
    // The one refused is told why, and the log holds one removal.
    const refused = removals.find((r) => r.status === 409);
    expect(await refused?.text()).toContain("That person is no longer in the team");
    expect((await logOf(team)).filter((e) => e.action === "member.removed")).toHaveLength(1);
  });
});

describe("a removed member", () => {
  it("loses the team at once, in every session, and cannot switch back into it", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    await joined(team, a, b);
    expect(await workingIn(b)).toBe("Riverside Food Bank");
    // The session still names the team; the session read no longer finds the membership.
    await env.DB.prepare("delete from member where workspace_id = ? and user_id = ?").bind(team, b.id).run();
    expect(await workingIn(b)).toBeNull();
    await env.DB.prepare("insert into member (workspace_id, user_id, role) values (?, ?, 'member')")
      .bind(team, b.id)
      .run();
    expect((await post(`/teams/${team}`, a, { intent: "remove", user: b.id })).status).toBe(302);
    expect(await workingIn(b)).toBeNull();
    expect((await post("/teams", b, { intent: "switch", workspace: team })).status).toBe(404);
    expect(await workingIn(b)).toBeNull();
    expect((await get(`/teams/${team}`, b)).status).toBe(404);
    for (const intent of ["invite", "remove", "role", "transfer", "leave", "cancel-invitation"])
      expect(
        (await post(`/teams/${team}`, b, { intent, user: a.id, email: "x@example.org", role: "owner" })).status,
      ).toBe(404);
    expect(await roleOf(team, a.id)).toBe("owner");
    // Their own workspace is untouched.
    expect(await roleOf(b.id, b.id)).toBe("owner");
  });
});

describe("another team's pages", () => {
  it("answer 404 to a member of another team, and never name it", async () => {
    const a = await account("Ana Owner");
    const c = await account("Cai Other");
    const team = await makeTeam(a, "Riverside Food Bank");
    await makeTeam(c, "Hillside Shelter");
    const page = await get(`/teams/${team}`, c);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Riverside Food Bank");
    for (const intent of ["invite", "remove", "role", "transfer", "leave"])
      expect((await post(`/teams/${team}`, c, { intent, user: a.id, email: c.email, role: "owner" })).status).toBe(404);
    expect(await roleOf(team, c.id)).toBeNull();
    const list = await (await get("/teams", c)).text();
    expect(list).toContain("Hillside Shelter");
    expect(list).not.toContain("Riverside Food Bank");
  });
});

type Entry = {
  action: string;
  actor_id: string | null;
  actor_name: string;
  subject: string | null;
  detail: string | null;
};
const logOf = async (team: string) =>
  (
    await env.DB.prepare(
      "select action, actor_id, actor_name, subject, detail from workspace_audit where workspace_id = ? order by id",
    )
      .bind(team)
      .all<Entry>()
  ).results;

describe("the audit log", () => {
  it("records each change to the team with its author, in the change's own batch", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Admin");
    const c = await account("Cai Member");
    const team = await makeTeam(a);
    await joined(team, a, b, "admin");
    await invite(team, b, "later@example.org");
    const open = await env.DB.prepare("select id from invitation where workspace_id = ? and email = ?")
      .bind(team, "later@example.org")
      .first<{ id: string }>();
    expect((await post(`/teams/${team}`, b, { intent: "cancel-invitation", invitation: open?.id ?? "" })).status).toBe(
      302,
    );
    await joined(team, b, c);
    expect((await post(`/teams/${team}`, b, { intent: "role", user: c.id, role: "admin" })).status).toBe(302);
    // The same role again changes nothing and records nothing.
    expect((await post(`/teams/${team}`, b, { intent: "role", user: c.id, role: "admin" })).status).toBe(302);
    expect((await post(`/teams/${team}`, a, { intent: "transfer", user: b.id })).status).toBe(302);
    expect((await post(`/teams/${team}`, b, { intent: "remove", user: c.id })).status).toBe(302);
    expect((await post(`/teams/${team}`, a, { intent: "leave" })).status).toBe(302);
    // Refused changes record nothing: the last owner leaving, a member already gone.
    expect((await post(`/teams/${team}`, b, { intent: "leave" })).status).toBe(409);
    expect((await post(`/teams/${team}`, b, { intent: "remove", user: c.id })).status).toBe(409);
    const cLine = `Cai Member <${c.email}>`;
    expect(await logOf(team)).toEqual([
      { action: "team.created", actor_id: a.id, actor_name: "Ana Owner", subject: "Riverside Food Bank", detail: null },
      { action: "invitation.sent", actor_id: a.id, actor_name: "Ana Owner", subject: b.email, detail: "As Admin" },
      { action: "member.joined", actor_id: b.id, actor_name: "Bo Admin", subject: null, detail: "As Admin" },
      {
        action: "invitation.sent",
        actor_id: b.id,
        actor_name: "Bo Admin",
        subject: "later@example.org",
        detail: "As Member",
      },
      {
        action: "invitation.revoked",
        actor_id: b.id,
        actor_name: "Bo Admin",
        subject: "later@example.org",
        detail: null,
      },
      { action: "invitation.sent", actor_id: b.id, actor_name: "Bo Admin", subject: c.email, detail: "As Member" },
      { action: "member.joined", actor_id: c.id, actor_name: "Cai Member", subject: null, detail: "As Member" },
      { action: "member.role", actor_id: b.id, actor_name: "Bo Admin", subject: cLine, detail: "Now Admin" },
      {
        action: "ownership.transferred",
        actor_id: a.id,
        actor_name: "Ana Owner",
        subject: `Bo Admin <${b.email}>`,
        detail: null,
      },
      { action: "member.removed", actor_id: b.id, actor_name: "Bo Admin", subject: cLine, detail: null },
      { action: "member.left", actor_id: a.id, actor_name: "Ana Owner", subject: null, detail: null },
    ]);
    // A personal workspace keeps no log.
    expect(await logOf(a.id)).toEqual([]);
  });

  it("is read by owners and admins only, newest first and paged, and kept with its author's name after they go", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Admin");
    const c = await account("Cai Member");
    const stranger = await account("Dee Stranger");
    const team = await makeTeam(a);
    await joined(team, a, b, "admin");
    await joined(team, a, c);
    const path = `/teams/${team}/audit`;
    for (const who of [c, stranger]) {
      expect((await get(path, who)).status).toBe(404);
      expect((await get(`${path}.csv`, who)).status).toBe(404);
    }
    const page = await get(path, b);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.indexOf("Joined by invitation")).toBeLessThan(html.indexOf("Made the team"));
    // Paged by 50: 60 more entries make a second page holding the oldest.
    await env.DB.prepare(
      "insert into workspace_audit (workspace_id, actor_id, actor_name, actor_email, action, subject) select ?, ?, 'Ana Owner', 'a@x', 'export.made', 'file ' || value from json_each(?)",
    )
      .bind(team, a.id, JSON.stringify(Array.from({ length: 60 }, (_, i) => i)))
      .run();
    const first = await (await get(path, a)).text();
    expect(first).toContain("file 59");
    expect(first).not.toContain("Made the team");
    const older = first.match(/href="([^"]*\?before=\d+)"/)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(older).not.toBe("");
    const second = await (await get(older, a)).text();
    expect(second).toContain("Made the team");
    expect(second).not.toContain("file 59");
    expect((await get(`${path}?before=nonsense`, a)).status).toBe(200);

    // B leaves by deleting their account: B's entries stay, with the name and address B had.
    expect(
      (
        await call("/settings", {
          ...form({ intent: "delete-account", confirm: b.email }),
          headers: { cookie: b.cookie },
        })
      ).status,
    ).toBe(302);
    const kept = (await logOf(team)).filter((e) => e.actor_name === "Bo Admin");
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((e) => e.actor_id === null)).toBe(true);
    const after = await (await get(older, a)).text();
    expect(after).toContain("account since deleted");
  });

  it("records a people export made while working in the team, and nothing for one's own workspace", async () => {
    const a = await account("Ana Owner");
    const team = await makeTeam(a);
    expect((await get("/api/connections/export?format=vcf", a)).status).toBe(200);
    await post("/teams", a, { intent: "switch", workspace: a.id });
    expect((await get("/api/connections/export?format=csv", a)).status).toBe(200);
    expect((await logOf(team)).filter((e) => e.action === "export.made")).toEqual([
      { action: "export.made", actor_id: a.id, actor_name: "Ana Owner", subject: "People (vcf)", detail: null },
    ]);
    expect(await logOf(a.id)).toEqual([]);
  });

  it("exports as CSV with every field escaped and formulas neutralised, and records the download", async () => {
    const a = await account('=HYPERLINK("http://evil.example","x")');
    const team = await makeTeam(a, 'Food, "Bank"\nNorth');
    const res = await get(`/teams/${team}/audit.csv`, a);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    // The byte order mark stays (Excel reads accents by it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFF"When (UTC)","Who","Email","What","About","Detail"\r\n')).toBe(true);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(text).toContain('"Food, ""Bank""\nNorth"');
    expect(text).toContain('"Made the team"');
    const log = await logOf(team);
    expect(log.at(-1)).toMatchObject({ action: "export.made", actor_id: a.id, subject: "Audit log (CSV)" });
  });
});

/** Uploads a file of addresses to a team's page, as its form does. */
function upload(team: string, who: Account, content: BlobPart, name = "colleagues.csv", role = "member") {
  const body = new FormData();
  body.set("intent", "invite-file");
  body.set("role", role);
  body.set("file", new File([content], name, { type: "text/csv" }));
  return call(`/teams/${team}`, { method: "POST", body, headers: { cookie: who.cookie, accept: "text/html" } });
}

const openInvitations = async (team: string) =>
  (
    await env.DB.prepare(
      "select email, role from invitation where workspace_id = ? and accepted_at is null order by email",
    )
      .bind(team)
      .all<{ email: string; role: string }>()
  ).results;

describe("inviting by a file of addresses", () => {
  it("shows what each row will do, then sends one invitation per address in one go", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    await joined(team, a, b);
    await invite(team, a, "waiting@example.org");
    const file = [
      "Name,Email",
      "Cai,cai@example.org",
      "Dee,not-an-address",
      "Cai again,CAI@example.org",
      `Bo,${b.email}`,
      ",",
      "Wai,waiting@example.org",
      'Eve,"<eve@example.org>"',
    ].join("\r\n");
    const res = await upload(team, a, file);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("colleagues.csv: 3 to invite, 1 not valid, 1 in the team already, 1 listed twice");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Listed twice: line 2 has it");
    expect(html).toContain(`${b.email} is in the team already`);
    expect(html).toContain("Will be invited again: the link sent before stops working");
    expect(html).toContain("Send 3 invitations as member");
    // Nothing is sent by the preview.
    expect(await openInvitations(team)).toEqual([{ email: "waiting@example.org", role: "member" }]);

    // The list comes back from the browser: checked again, so what was not invitable still is not.
    const emails = ["cai@example.org", "eve@example.org", "waiting@example.org", "not-an-address", b.email].join("\n");
    const sent = await post(`/teams/${team}`, a, { intent: "invite-many", emails, role: "admin" });
    expect(sent.status).toBe(302);
    expect(await openInvitations(team)).toEqual([
      { email: "cai@example.org", role: "admin" },
      { email: "eve@example.org", role: "admin" },
      { email: "waiting@example.org", role: "admin" },
    ]);
    // One mail each, with its own link.
    const tokens = await Promise.all(["cai@example.org", "eve@example.org", "waiting@example.org"].map(mailedToken));
    expect(new Set(tokens.filter((t) => t.length > 20)).size).toBe(3);
    const fromFile = (await logOf(team)).filter((e) => e.detail === "As Admin, from a file");
    expect(fromFile.map((e) => e.subject).sort()).toEqual([
      "cai@example.org",
      "eve@example.org",
      "waiting@example.org",
    ]);
  });

  it("reads a plain list of addresses, UTF-16 and Windows-1252 files too", async () => {
    const a = await account("Ana Owner");
    const team = await makeTeam(a);
    const plain = await upload(team, a, "one@example.org\n\ntwo@example.org\n", "list.txt");
    expect(await plain.text()).toContain("list.txt: 2 to invite");
    const utf16 = new Uint8Array([0xff, 0xfe, ...[..."three@example.org\r\n"].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await (await upload(team, a, utf16)).text()).toContain("1 to invite");
    // An accented byte in Windows-1252: read, and the row named as not an address.
    const latin = new Uint8Array([
      ...new TextEncoder().encode("ren"),
      0xe9,
      ...new TextEncoder().encode("@example.org"),
    ]);
    const read = await upload(team, a, latin);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain("1 not valid");
  });

  it("answers every malformed file with a message and a 4xx, and sends nothing", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const stranger = await account("Cai Stranger");
    const team = await makeTeam(a);
    await joined(team, a, b);
    const cases: [BlobPart, number, string][] = [
      ["", 400, "That file has no email addresses in it."],
      ["\n\n,\n", 400, "That file has no email addresses in it."],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 400, "That file is not text"],
      ["a@example.org,b@example.org\n", 400, "Put one email address on each line"],
      ["x".repeat(150_000), 400, "That file is too large"],
      [Array.from({ length: 201 }, (_, i) => `p${i}@example.org`).join("\n"), 400, "That file lists 201 addresses"],
    ];
    for (const [content, status, message] of cases) {
      const res = await upload(team, a, content);
      expect(res.status, message).toBe(status);
      expect(await res.text(), message).toContain(message);
    }
    // Past the request cap: refused before the page reads it.
    expect((await upload(team, a, "y".repeat(1_100_000))).status).toBe(413);
    // No file at all, or a text field where the file goes.
    expect(
      (await post(`/teams/${team}`, a, { intent: "invite-file", file: "a@example.org", role: "member" })).status,
    ).toBe(400);
    // A member cannot, and to anyone else the team does not exist.
    expect((await upload(team, b, "z@example.org")).status).toBe(403);
    expect((await upload(team, stranger, "z@example.org")).status).toBe(404);
    expect((await post(`/teams/${team}`, b, { intent: "invite-many", emails: "z@example.org" })).status).toBe(403);
    expect((await post(`/teams/${team}`, stranger, { intent: "invite-many", emails: "z@example.org" })).status).toBe(
      404,
    );
    // Too many addresses sent back by hand.
    const many = Array.from({ length: 201 }, (_, i) => `q${i}@example.org`).join("\n");
    expect((await post(`/teams/${team}`, a, { intent: "invite-many", emails: many })).status).toBe(400);
    expect(await openInvitations(team)).toEqual([]);
  });

  it("keeps to the team's invitations a day, for a file and a single invitation alike", async () => {
    const a = await account("Ana Owner");
    const team = await makeTeam(a);
    // 499 invitations sent in the last day, as the log holds them.
    await env.DB.prepare(
      "insert into workspace_audit (workspace_id, actor_id, actor_name, actor_email, action, subject) select ?, ?, 'Ana Owner', 'a@x', 'invitation.sent', 'p' || value || '@example.org' from json_each(?)",
    )
      .bind(team, a.id, JSON.stringify(Array.from({ length: 499 }, (_, i) => i)))
      .run();
    const two = await post(`/teams/${team}`, a, { intent: "invite-many", emails: "x@example.org\ny@example.org" });
    expect(two.status).toBe(429);
    expect(await two.text()).toContain("A team sends at most 500 invitations a day");
    expect(await openInvitations(team)).toEqual([]);
    expect((await post(`/teams/${team}`, a, { intent: "invite", email: "x@example.org", role: "member" })).status).toBe(
      302,
    );
    const one = await post(`/teams/${team}`, a, { intent: "invite", email: "y@example.org", role: "member" });
    expect(one.status).toBe(429);
    expect(await openInvitations(team)).toEqual([{ email: "x@example.org", role: "member" }]);
  });
});

describe("bad input around invitations and members", () => {
  it("a replaced or taken-back link no longer works; one link clicked twice at once joins once", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a);
    const first = await invite(team, a, b.email);
    const second = await invite(team, a, b.email);
    expect((await get(`/teams/join?token=${first}`, b)).status).toBe(404);
    expect((await join(first, b)).status).toBe(404);
    expect(await roleOf(team, b.id)).toBeNull();
    const open = await env.DB.prepare("select id from invitation where workspace_id = ?")
      .bind(team)
      .first<{ id: string }>();
    await post(`/teams/${team}`, a, { intent: "cancel-invitation", invitation: open?.id ?? "" });
    expect((await join(second, b)).status).toBe(404);
    expect(await roleOf(team, b.id)).toBeNull();
    // A fresh link, accepted from two tabs at once.
    const third = await invite(team, a, b.email);
    const both = await Promise.all([join(third, b), join(third, b)]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 410]);
    expect(await roleOf(team, b.id)).toBe("member");
    expect((await logOf(team)).filter((e) => e.action === "member.joined")).toHaveLength(1);
    // Expired, as its page says too.
    const c = await account("Cai Late");
    const late = await invite(team, a, c.email);
    await env.DB.prepare("update invitation set expires_at = ? where email = ?")
      .bind(Date.now() - 1, c.email.toLowerCase())
      .run();
    const page = await get(`/teams/join?token=${late}`, c);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This invitation has expired");
  });

  it("a manager of one team cannot reach another team's invitations or members with its ids", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const c = await account("Cai Other Owner");
    const team = await makeTeam(a, "Riverside Food Bank");
    const other = await makeTeam(c, "Hillside Shelter");
    await invite(team, a, "waiting@example.org");
    await joined(team, a, b);
    const theirs = await env.DB.prepare("select id from invitation where workspace_id = ? and accepted_at is null")
      .bind(team)
      .first<{ id: string }>();
    // C manages their own team and posts A's team's ids to it.
    for (const values of <Record<string, string>[]>[
      { intent: "cancel-invitation", invitation: theirs?.id ?? "" },
      { intent: "remove", user: b.id },
      { intent: "role", user: b.id, role: "admin" },
      { intent: "transfer", user: b.id },
    ])
      expect((await post(`/teams/${other}`, c, values)).status, values.intent).toBe(409);
    expect(await roleOf(team, b.id)).toBe("member");
    expect(await openInvitations(team)).toEqual([{ email: "waiting@example.org", role: "member" }]);
    expect((await logOf(other)).map((e) => e.action)).toEqual(["team.created"]);
    // A removed member's old session reads neither the team nor its log.
    await post(`/teams/${team}`, a, { intent: "role", user: b.id, role: "admin" });
    expect((await get(`/teams/${team}/audit`, b)).status).toBe(200);
    await post(`/teams/${team}`, a, { intent: "remove", user: b.id });
    expect((await get(`/teams/${team}/audit`, b)).status).toBe(404);
    expect((await get(`/teams/${team}/audit.csv`, b)).status).toBe(404);
  });
});

describe("deleting an account that owns a team", () => {
  const remove = (who: Account) =>
    call("/settings", {
      ...form({ intent: "delete-account", confirm: who.email }),
      headers: { cookie: who.cookie, accept: "text/html" },
    });

  it("is refused while it is the team's only owner, naming the team and where to hand it over", async () => {
    const a = await account("Ana Owner");
    const b = await account("Bo Member");
    const team = await makeTeam(a, "Riverside Food Bank");
    const other = await makeTeam(a, "Hillside Shelter");
    await joined(team, a, b);
    await joined(other, a, b);
    const refused = await remove(a);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain(
      "You are the only owner of Hillside Shelter and Riverside Food Bank. Make another member owner first, then delete your account.",
    );
    expect(html).toContain(`href="/teams/${team}"`);
    expect(html).toContain(`href="/teams/${other}"`);
    expect(await roleOf(team, a.id)).toBe("owner");
    expect(await env.DB.prepare("select 1 as n from user where id = ?").bind(a.id).first()).toEqual({ n: 1 });
    // The database holds the rule too, whoever deletes the row.
    await expect(env.DB.prepare("delete from user where id = ?").bind(a.id).run()).rejects.toThrow(/only owner/);

    // Handed over: the account goes, the teams stay with their new owner, and A's entries stay in the log.
    expect((await post(`/teams/${team}`, a, { intent: "transfer", user: b.id })).status).toBe(302);
    expect((await post(`/teams/${other}`, a, { intent: "role", user: b.id, role: "owner" })).status).toBe(302);
    expect((await remove(a)).status).toBe(302);
    expect(await roleOf(team, b.id)).toBe("owner");
    expect(await roleOf(other, b.id)).toBe("owner");
    expect((await logOf(team)).filter((e) => e.actor_name === "Ana Owner").length).toBeGreaterThan(0);
  });

  it("takes a team nobody else is in along with the account", async () => {
    const a = await account("Ana Alone");
    const team = await makeTeam(a, "Just Me");
    expect((await remove(a)).status).toBe(302);
    expect(await env.DB.prepare("select 1 from workspace where id = ?").bind(team).first()).toBeNull();
  });
});
