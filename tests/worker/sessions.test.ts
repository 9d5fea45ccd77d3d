import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, cookiesOf, form, signUp, TEST_PASSWORD, testAddress } from "./helpers";

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/** The same account signed in on a phone the edge places in Germany. */
async function phoneSignIn(email: string) {
  const res = await call("/auth", {
    ...form({ intent: "signin", email, password: TEST_PASSWORD, redirectTo: "/connections" }),
    headers: { "cf-connecting-ip": testAddress(), "user-agent": PHONE_UA },
    cf: { country: "DE" },
  } as RequestInit);
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

const sessionIds = async (email: string) =>
  (
    await env.DB.prepare("select s.id, s.country from session s join user u on u.id = s.user_id where u.email = ?")
      .bind(email)
      .all<{ id: string; country: string | null }>()
  ).results;

describe("signed-in devices", () => {
  it("lists each device with its browser, country and last use, and signs one out; another account cannot", async () => {
    const owner = await signUp("Devi Ces");
    const phone = await phoneSignIn(owner.email);
    const rows = await sessionIds(owner.email);
    expect(rows.map((r) => r.country).sort()).toEqual(["DE", null].sort());
    const phoneId = rows.find((r) => r.country === "DE")?.id as string;

    const page = await (await call("/settings/account", { headers: { cookie: owner.cookie } })).text();
    expect(page).toContain("Chrome on Android");
    expect(page).toContain("Germany");
    expect(page).toContain("This device");
    expect(page).toContain(`value="${phoneId}"`);
    // The session tokens never reach the page.
    const tokens = (
      await env.DB.prepare("select token from session where id = ?").bind(phoneId).first<{ token: string }>()
    )?.token as string;
    expect(page).not.toContain(tokens);

    // Someone else's account cannot sign the phone out, nor can a forged id.
    const other = await signUp("Oth Er");
    const foreign = await call("/settings/account", {
      ...form({ intent: "sign-out-device", id: phoneId }),
      headers: { cookie: other.cookie },
    });
    expect(foreign.status).toBe(404);
    const forged = await call("/settings/account", {
      ...form({ intent: "sign-out-device", id: "<script>" }),
      headers: { cookie: owner.cookie },
    });
    expect(forged.status).toBe(400);
    expect((await call("/connections", { headers: { cookie: phone } })).status).toBe(200);

    const out = await call("/settings/account", {
      ...form({ intent: "sign-out-device", id: phoneId }),
      headers: { cookie: owner.cookie },
    });
    expect(out.status).toBe(302);
    expect((await call("/connections", { headers: { cookie: phone } })).status).toBe(302);
    expect((await call("/connections", { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it("a password change signs the other devices out and keeps this one", async () => {
    const owner = await signUp("Pass Change");
    const phone = await phoneSignIn(owner.email);
    const changed = await call("/settings/account", {
      ...form({
        intent: "change-password",
        currentPassword: TEST_PASSWORD,
        password: "a new horse battery",
        confirm: "a new horse battery",
        signOutOthers: "on",
      }),
      headers: { cookie: owner.cookie },
    });
    expect(changed.status).toBe(302);
    const here = cookiesOf(changed);
    expect((await call("/connections", { headers: { cookie: phone } })).status).toBe(302);
    expect((await call("/connections", { headers: { cookie: here } })).status).toBe(200);
  });
});
