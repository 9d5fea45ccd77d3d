import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, cookiesOf, form, json, ORIGIN, signUp, TEST_PASSWORD, testAddress } from "./helpers";

/** The newest mail to an address, as the local mail adapter stored it. */
async function lastMail(to: string, kind: string) {
  return env.DB.prepare("select subject, text from outbox where `to` = ? and kind = ? order by id desc limit 1")
    .bind(to, kind)
    .first<{ subject: string; text: string }>();
}

const linkIn = (text: string) => {
  const found = text.match(/https?:\/\/\S+/)?.[0];
  if (!found) throw new Error(`no link in: ${text}`);
  return found.replace(ORIGIN, "");
};

async function signIn(email: string, password: string): Promise<Response> {
  // From its own address, so the per-address sign-in limit never joins this test to the others.
  return call("/auth", {
    ...form({ intent: "signin", email, password, redirectTo: "/dashboard" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
}

/** Signed in: the private page answers; signed out: it sends the browser to sign-in. */
async function signedIn(cookie: string): Promise<boolean> {
  const res = await call("/settings/account", { headers: { cookie } });
  return res.status === 200;
}

const userId = async (email: string) =>
  (await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>())?.id ?? "";

describe("password reset by email", () => {
  it("mails a one-time link that sets a new password and signs every device out", async () => {
    const owner = await signUp("Reset Owner");
    const asked = await call("/auth/forgot", form({ email: owner.email.toUpperCase() }));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("a reset link is on its way");

    const mail = await lastMail(owner.email, "password-reset");
    expect(mail?.subject).toBe("Reset your KnowWho password");
    // better-auth checks the token and hands it to our page.
    const checked = await call(linkIn(mail?.text ?? ""));
    expect(checked.status).toBe(302);
    const page = new URL(checked.headers.get("location") ?? "", ORIGIN);
    expect(page.pathname).toBe("/auth/reset");
    const token = page.searchParams.get("token") ?? "";

    const mismatch = await call("/auth/reset", form({ token, password: "new password 2026", confirm: "other" }));
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same");

    const reset = await call(
      "/auth/reset",
      form({ token, password: "new password 2026", confirm: "new password 2026" }),
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/auth");
    expect(await signedIn(owner.cookie)).toBe(false);
    expect((await signIn(owner.email, TEST_PASSWORD)).status).toBe(400);
    expect((await signIn(owner.email, "new password 2026")).status).toBe(302);

    // The link works once.
    const again = await call("/auth/reset", form({ token, password: "third password 1", confirm: "third password 1" }));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This reset link has expired or was already used");
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const email = `nobody-${crypto.randomUUID()}@example.org`;
    const res = await call("/auth/forgot", form({ email }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("a reset link is on its way");
    expect(await lastMail(email, "password-reset")).toBeNull();
  });

  it("keeps the typed address on a validation error and refuses a made-up token", async () => {
    const bad = await call("/auth/forgot", form({ email: "not-an-email" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="not-an-email"');
    const made = await call(
      "/auth/reset",
      form({ token: "madeuptoken123", password: "whatever 2026", confirm: "whatever 2026" }),
    );
    expect(made.status).toBe(400);
    expect((await call("/auth/reset?error=INVALID_TOKEN")).status).toBe(200);
  });
});

describe("change password", () => {
  it("needs the current password and can sign the other devices out", async () => {
    const owner = await signUp("Password Owner");
    const laptop = cookiesOf(await signIn(owner.email, TEST_PASSWORD));
    const change = (values: Record<string, string>) =>
      call("/settings/account", {
        ...form({ intent: "change-password", ...values }),
        headers: { cookie: owner.cookie },
      });

    const wrong = await change({
      currentPassword: "not it at all",
      password: "brand new pass",
      confirm: "brand new pass",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    expect((await signIn(owner.email, TEST_PASSWORD)).status).toBe(302);

    const done = await change({
      currentPassword: TEST_PASSWORD,
      password: "brand new pass",
      confirm: "brand new pass",
      signOutOthers: "on",
    });
    expect(done.status).toBe(302);
    expect(await signedIn(laptop)).toBe(false);
    // This device carries on with the new session cookie it was given.
    expect(await signedIn(cookiesOf(done))).toBe(true);
    expect((await signIn(owner.email, "brand new pass")).status).toBe(302);
  });
});

describe("change email", () => {
  it("changes the address only when the link mailed to the new one is opened, by its own account", async () => {
    const owner = await signUp("Email Owner");
    const other = await signUp("Someone Else");
    const newEmail = `new-${crypto.randomUUID()}@example.org`;
    const change = (values: Record<string, string>) =>
      call("/settings/account", { ...form({ intent: "change-email", ...values }), headers: { cookie: owner.cookie } });

    const wrong = await change({ email: newEmail, currentPassword: "wrong password" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("That is not your current password");
    expect(wrongHtml).toContain(`value="${newEmail}"`);
    expect(await lastMail(newEmail, "email-change")).toBeNull();

    expect((await change({ email: owner.email, currentPassword: TEST_PASSWORD })).status).toBe(400);

    const asked = await change({ email: newEmail, currentPassword: TEST_PASSWORD });
    expect(asked.status).toBe(200);
    expect((await asked.text()).replaceAll("<!-- -->", "")).toContain(`Check ${newEmail} for a link`);
    expect((await lastMail(owner.email, "email-change-notice"))?.text).toContain(newEmail);
    const link = linkIn((await lastMail(newEmail, "email-change"))?.text ?? "");
    const ownerId = await userId(owner.email);
    expect(ownerId).not.toBe("");

    // Opened in another account's session: refused, nothing changes.
    const refused = await call(link, { headers: { cookie: other.cookie } });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toContain("error=");
    expect(await userId(owner.email)).toBe(ownerId);

    const opened = await call(link, { headers: { cookie: owner.cookie } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/settings/account?email=changed");
    expect(await userId(newEmail)).toBe(ownerId);
    expect((await signIn(newEmail, TEST_PASSWORD)).status).toBe(302);
    expect((await signIn(owner.email, TEST_PASSWORD)).status).toBe(400);
  });
});

describe("sign out of other devices", () => {
  it("ends this account's other sessions and nobody else's", async () => {
    const owner = await signUp("Devices Owner");
    const bystander = await signUp("Bystander");
    const phone = cookiesOf(await signIn(owner.email, TEST_PASSWORD));
    expect(await signedIn(phone)).toBe(true);
    const page = await call("/settings/account", { headers: { cookie: owner.cookie } });
    expect(await page.text()).toContain("You are also signed in on 1 other device or browser.");

    const res = await call("/settings/account", {
      ...form({ intent: "sign-out-others" }),
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(302);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(owner.cookie)).toBe(true);
    expect(await signedIn(bystander.cookie)).toBe(true);
  });

  it("asks for a session and refuses an unknown intent", async () => {
    const anonymous = await call("/settings/account", form({ intent: "sign-out-others" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const owner = await signUp();
    const odd = await call("/settings/account", {
      ...form({ intent: "drop-tables" }),
      headers: { cookie: owner.cookie },
    });
    expect(odd.status).toBe(400);
  });
});

describe("sign-out", () => {
  it("tells the browser to drop the service worker, its caches and the offline queue", async () => {
    const owner = await signUp();
    const res = await call("/auth/sign-out", { method: "POST", headers: { cookie: owner.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("clear-site-data")).toBe('"cache", "storage"');
  });
});

describe("offline captures", () => {
  it("a capture queued in one account is refused by another account's session", async () => {
    const a = await signUp();
    const b = await signUp();
    const aId = await userId(a.email);
    const capture = { clientId: crypto.randomUUID(), name: "Queued In A", source: "quick", ownerId: aId };
    const refused = await call("/api/capture", json(capture, b.cookie));
    expect(refused.status).toBe(409);
    const inB = await env.DB.prepare(
      "select count(*) as n from connection c join user u on u.id = c.user_id where u.email = ? and c.name = ?",
    )
      .bind(b.email, "Queued In A")
      .first<{ n: number }>();
    expect(inB?.n).toBe(0);
    expect((await call("/api/capture", json(capture, a.cookie))).status).toBe(201);
  });
});
