import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base32Bytes, totp, totpStep } from "~/lib/account/totp";
import { CODE_USED } from "~/server/account/two-factor.server";
import { call, cookiesOf, form, signUp, TEST_PASSWORD, testAddress } from "./helpers";

const NOT_RIGHT = "That code is not right. Enter the code your authenticator app shows now.";
const decoded = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

/** Turns two-step sign-in on from Settings → Account as a person would; the key as the app reads it. */
async function turnOn(cookie: string) {
  const started = await call("/settings/account", {
    ...form({ intent: "2fa-enable", currentPassword: TEST_PASSWORD }),
    headers: { cookie },
  });
  expect(started.status).toBe(200);
  const page = decoded(await started.text());
  const uri = page.match(/name="uri" value="([^"]+)"/)?.[1] ?? "";
  expect(uri).toMatch(/^otpauth:\/\/totp\/KnowWho:/);
  expect(page).toContain("<svg");
  const key = base32Bytes(new URL(uri).searchParams.get("secret") ?? "");
  const backupCodes = (page.match(/name="backupCodes" value="([^"]+)"/)?.[1] ?? "").split(" ");
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);

  // A wrong code keeps the setup on screen and turns nothing on.
  const wrongCode = String((Number(await totp(key, Date.now())) + 1) % 1_000_000).padStart(6, "0");
  const wrong = await call("/settings/account", {
    ...form({ intent: "2fa-confirm", code: wrongCode, uri, backupCodes: backupCodes.join(" ") }),
    headers: { cookie },
  });
  expect(wrong.status).toBe(400);
  const wrongPage = decoded(await wrong.text());
  expect(wrongPage).toContain(NOT_RIGHT);
  expect(wrongPage).toContain(backupCodes[0]);

  const at = Date.now();
  const confirmed = await call("/settings/account", {
    ...form({ intent: "2fa-confirm", code: await totp(key, at), uri, backupCodes: backupCodes.join(" ") }),
    headers: { cookie },
  });
  expect(confirmed.status).toBe(302);
  return { key, backupCodes, cookie: cookiesOf(confirmed) || cookie, usedStep: totpStep(at) };
}

async function signInWithPassword(email: string) {
  const res = await call("/auth", {
    ...form({ intent: "signin", email, password: TEST_PASSWORD, redirectTo: "/connections" }),
    headers: { "cf-connecting-ip": testAddress() },
  });
  return { res, cookie: cookiesOf(res) };
}

const secondStep = (cookie: string, values: Record<string, string>) =>
  call("/auth/two-factor", {
    ...form({ redirectTo: "/connections", ...values }),
    headers: { cookie, "cf-connecting-ip": testAddress() },
  });

const enabledOf = async (email: string) =>
  (
    await env.DB.prepare("select two_factor_enabled as on_ from user where email = ?")
      .bind(email)
      .first<{ on_: number }>()
  )?.on_;

describe("two-step sign-in", () => {
  it("is set up with a QR and a first code, asked for at sign-in, refuses a code used once, takes a recovery code once, and turns off", async () => {
    const owner = await signUp("Tess Twostep");
    const on = await turnOn(owner.cookie);
    expect(await enabledOf(owner.email)).toBe(1);
    const settings = await call("/settings/account", { headers: { cookie: on.cookie } });
    expect(await settings.text()).toContain("Turn off two-step sign-in");

    // The password alone opens no session: the second step comes first.
    const first = await signInWithPassword(owner.email);
    expect(first.res.headers.get("location")).toMatch(/^\/auth\/two-factor\?redirectTo=%2Fconnections/);
    expect(first.cookie).toContain("two_factor");
    expect(first.cookie).not.toContain("session_token");
    expect((await call("/connections", { headers: { cookie: first.cookie } })).status).toBe(302);

    // A malformed code is a field error; a code from another moment is refused.
    const malformed = await secondStep(first.cookie, { intent: "totp", code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Enter the 6-digit code from your authenticator app");

    // The code of a new step signs in once.
    const step = totpStep(Date.now()) + 1;
    const code = await totp(on.key, step * 30_000);
    const passed = await secondStep(first.cookie, { intent: "totp", code });
    expect(passed.status).toBe(302);
    expect(passed.headers.get("location")).toBe("/connections");
    const session = cookiesOf(passed);
    expect(session).toContain("session_token");
    expect((await call("/connections", { headers: { cookie: session } })).status).toBe(200);

    // The same code again, within its window: refused, and no session is left behind.
    const sessionsBefore = await sessionCount(owner.email);
    const again = await signInWithPassword(owner.email);
    const replay = await secondStep(again.cookie, { intent: "totp", code });
    expect(replay.status).toBe(400);
    const replayText = await replay.text();
    // Past its window (a very slow machine) the code is simply not right any more: refused all the same.
    expect(replayText).toContain(totpStep(Date.now()) <= step + 1 ? CODE_USED : NOT_RIGHT);
    expect(cookiesOf(replay)).not.toContain("session_token");
    expect(await sessionCount(owner.email)).toBe(sessionsBefore);

    // A recovery code signs in once.
    const third = await signInWithPassword(owner.email);
    const recovered = await secondStep(third.cookie, { intent: "recovery", code: on.backupCodes[0] as string });
    expect(recovered.status).toBe(302);
    const fourth = await signInWithPassword(owner.email);
    const reused = await secondStep(fourth.cookie, { intent: "recovery", code: on.backupCodes[0] as string });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("That recovery code is not right, or was already used.");

    // Off again, with the password.
    const wrongPassword = await call("/settings/account", {
      ...form({ intent: "2fa-disable", currentPassword: "not the password" }),
      headers: { cookie: session },
    });
    expect(wrongPassword.status).toBe(400);
    expect(await enabledOf(owner.email)).toBe(1);
    const off = await call("/settings/account", {
      ...form({ intent: "2fa-disable", currentPassword: TEST_PASSWORD }),
      headers: { cookie: session },
    });
    expect(off.status).toBe(302);
    expect(await enabledOf(owner.email)).toBe(0);
  });

  it("answers the second step without a pending sign-in, or with a body it cannot read, with a 4xx", async () => {
    const stranger = await secondStep("", { intent: "totp", code: "123456" });
    expect(stranger.status).toBe(401);
    expect(await stranger.text()).toContain("This sign-in has expired. Sign in with your password again.");
    const json = await call("/auth/two-factor", {
      method: "POST",
      body: JSON.stringify({ intent: "totp", code: "123456" }),
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    // The page itself tells anyone without a pending sign-in to sign in.
    const page = await call("/auth/two-factor?redirectTo=/connections");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This sign-in has expired.");
  });
});

async function sessionCount(email: string) {
  return (
    (
      await env.DB.prepare("select count(*) as n from session s join user u on u.id = s.user_id where u.email = ?")
        .bind(email)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}
