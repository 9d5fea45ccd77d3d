import { env } from "cloudflare:workers";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import { PASSKEY_REFUSED } from "~/server/account/passkeys.server";
import { SoftAuthenticator } from "../support/soft-authenticator.mjs";
import { call, cookiesOf, form, ORIGIN, signUp, testAddress } from "./helpers";

/** The test site's authenticator: an ES256 key answering as a phone would (tests/support/soft-authenticator.mjs). */
const softKey = () => SoftAuthenticator.make({ origin: ORIGIN, rpId: "localhost" });

const join = (...cookies: string[]) => cookies.filter(Boolean).join("; ");
const postJson = (path: string, body: unknown, cookie: string) =>
  call(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { cookie, "content-type": "application/json", "cf-connecting-ip": testAddress() },
  });

/** Adds a passkey to the signed-in account through the endpoints the Settings page uses. */
async function addPasskey(cookie: string, key: SoftAuthenticator, name = "Test phone") {
  const options = await call("/api/auth/passkey/register-options", { headers: { cookie } });
  expect(options.status).toBe(200);
  const { challenge, rp, authenticatorSelection } = (await options.json()) as {
    challenge: string;
    rp: { id: string };
    authenticatorSelection: { userVerification: string };
  };
  expect(rp.id).toBe("localhost");
  expect(authenticatorSelection.userVerification).toBe("required");
  const res = await postJson(
    "/api/auth/passkey/register",
    { response: await key.register(challenge), name },
    join(cookie, cookiesOf(options)),
  );
  return res;
}

/** A sign-in ceremony: the options (and their challenge cookie), then the assertion `answer` makes. */
async function signInWith(answer: (challenge: string) => Promise<unknown>) {
  const options = await call("/api/auth/passkey/sign-in-options", { headers: { "cf-connecting-ip": testAddress() } });
  expect(options.status).toBe(200);
  const { challenge } = (await options.json()) as { challenge: string };
  const challengeCookie = cookiesOf(options);
  const response = await answer(challenge);
  const res = await postJson("/api/auth/passkey/sign-in", { response }, challengeCookie);
  return { res, challengeCookie, response };
}

const passkeysOf = async (email: string) =>
  (
    await env.DB.prepare(
      "select p.id, p.name, p.last_used_at from passkey p join user u on u.id = p.user_id where u.email = ? order by p.created_at",
    )
      .bind(email)
      .all<{ id: string; name: string; last_used_at: number | null }>()
  ).results;

describe("passkeys", () => {
  it("are added in Settings, sign in with a new session, are listed with their last use, renamed and removed", async () => {
    const owner = await signUp("Pia Passkey");
    const key = await softKey();
    const added = await addPasskey(owner.cookie, key, "Pia's phone");
    expect(added.status).toBe(200);
    expect(await passkeysOf(owner.email)).toMatchObject([{ name: "Pia's phone", last_used_at: null }]);

    const { res } = await signInWith((c) => key.assert(c));
    expect(res.status).toBe(200);
    const passkeyCookie = cookiesOf(res);
    expect(passkeyCookie).toContain("session_token");
    const settings = await call("/settings/account", { headers: { cookie: passkeyCookie } });
    expect(settings.status).toBe(200);
    const page = await settings.text();
    expect(page).toContain("Pia&#x27;s phone");
    expect(page).toMatch(/last used \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const [row] = await passkeysOf(owner.email);
    expect(row?.last_used_at).toBeGreaterThan(0);
    const id = row?.id ?? "";

    // Renamed (an empty or over-long name is refused beside nothing changing).
    const blank = await call("/settings/account", {
      ...form({ intent: "passkey-rename", id, name: "  " }),
      headers: { cookie: owner.cookie },
    });
    expect(blank.status).toBe(400);
    const renamed = await call("/settings/account", {
      ...form({ intent: "passkey-rename", id, name: "Work phone" }),
      headers: { cookie: owner.cookie },
    });
    expect(renamed.status).toBe(302);
    expect((await passkeysOf(owner.email))[0]?.name).toBe("Work phone");

    // Removed from the password session: the session the passkey opened is signed out, this one is not.
    const removed = await call("/settings/account", {
      ...form({ intent: "passkey-remove", id }),
      headers: { cookie: owner.cookie },
    });
    expect(removed.status).toBe(302);
    expect(await passkeysOf(owner.email)).toEqual([]);
    expect((await call("/settings/account", { headers: { cookie: passkeyCookie } })).status).toBe(302);
    expect((await call("/settings/account", { headers: { cookie: owner.cookie } })).status).toBe(200);
    // And no longer signs in.
    const after = await signInWith((c) => key.assert(c));
    expect(after.res.status).toBe(401);
  });

  it("keeps the session that removes the passkey it signed in with", async () => {
    const owner = await signUp("Rory Remove");
    const key = await softKey();
    expect((await addPasskey(owner.cookie, key)).status).toBe(200);
    const { res } = await signInWith((c) => key.assert(c));
    const cookie = cookiesOf(res);
    const [row] = await passkeysOf(owner.email);
    const removed = await call("/settings/account", {
      ...form({ intent: "passkey-remove", id: row?.id ?? "" }),
      headers: { cookie },
    });
    expect(removed.status).toBe(302);
    expect((await call("/settings/account", { headers: { cookie } })).status).toBe(200);
  });

  it("refuses an assertion made for another site, another origin, a replay, another account's passkey or a forged user", async () => {
    const owner = await signUp("Ola Owner");
    const other = await signUp("Ivo Intruder");
    const key = await softKey();
    const otherKey = await softKey();
    expect((await addPasskey(owner.cookie, key)).status).toBe(200);
    expect((await addPasskey(other.cookie, otherKey)).status).toBe(200);
    const ownerId =
      (await env.DB.prepare("select id from user where email = ?").bind(owner.email).first<{ id: string }>())?.id ?? "";

    const refusals = [
      // Made for another relying party (its rpIdHash), as a look-alike site would get.
      (c: string) => key.assert(c, { rpId: "evil.example" }),
      // Signed in a page of another origin.
      (c: string) => key.assert(c, { origin: "https://evil.example" }),
      // Signed by the intruder's key, naming the owner's passkey.
      (c: string) => otherKey.assert(c, { id: key.id }),
      // The intruder's own passkey claiming the owner's account by its user handle.
      (c: string) => otherKey.assert(c, { userHandle: ownerId }),
      // Not the challenge this browser was given.
      () => key.assert(isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))),
    ];
    for (const answer of refusals) {
      const { res } = await signInWith(answer);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(PASSKEY_REFUSED);
      expect(res.headers.getSetCookie().some((c) => c.includes("session_token=") && !/max-age=0/i.test(c))).toBe(false);
    }

    // A good assertion is taken once: its replay finds the challenge used.
    const first = await signInWith((c) => key.assert(c));
    expect(first.res.status).toBe(200);
    const replay = await postJson("/api/auth/passkey/sign-in", { response: first.response }, first.challengeCookie);
    expect(replay.status).toBe(401);
    // Without the challenge cookie at all.
    const bare = await postJson("/api/auth/passkey/sign-in", { response: first.response }, "");
    expect(bare.status).toBe(401);
  });

  it("refuses malformed ceremonies with a 4xx, binds one authenticator key to one account, and keeps each list private", async () => {
    const owner = await signUp("Mo Malformed");
    const other = await signUp("Nell Neighbour");
    for (const body of [{}, { response: "x" }, { response: { id: "a", rawId: "a", type: "nope", response: {} } }]) {
      const res = await postJson("/api/auth/passkey/sign-in", body, "");
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // Adding needs a session, and the challenge of this browser's ceremony.
    expect((await call("/api/auth/passkey/register-options")).status).toBe(401);
    const key = await softKey();
    const options = await call("/api/auth/passkey/register-options", { headers: { cookie: owner.cookie } });
    const { challenge } = (await options.json()) as { challenge: string };
    const noChallenge = await postJson(
      "/api/auth/passkey/register",
      { response: await key.register(challenge) },
      owner.cookie,
    );
    expect(noChallenge.status).toBe(400);
    // A registration made in another origin's page.
    const foreign = await call("/api/auth/passkey/register-options", { headers: { cookie: owner.cookie } });
    const fc = ((await foreign.json()) as { challenge: string }).challenge;
    const foreignRes = await postJson(
      "/api/auth/passkey/register",
      { response: await key.register(fc, { origin: "https://evil.example" }) },
      join(owner.cookie, cookiesOf(foreign)),
    );
    expect(foreignRes.status).toBe(400);
    const badName = await call("/api/auth/passkey/register-options", { headers: { cookie: owner.cookie } });
    const bc = ((await badName.json()) as { challenge: string }).challenge;
    const badNameRes = await postJson(
      "/api/auth/passkey/register",
      { response: await key.register(bc), name: "x".repeat(61) },
      join(owner.cookie, cookiesOf(badName)),
    );
    expect(badNameRes.status).toBe(400);
    expect(await passkeysOf(owner.email)).toEqual([]);

    expect((await addPasskey(owner.cookie, key)).status).toBe(200);
    // The same authenticator key again, to the neighbour's account: refused, nothing added.
    const twice = await addPasskey(other.cookie, key);
    expect(twice.status).toBe(400);
    expect(await passkeysOf(other.email)).toEqual([]);

    // The neighbour can neither see, rename nor remove the owner's passkey.
    const [row] = await passkeysOf(owner.email);
    const id = row?.id ?? "";
    expect(await (await call("/settings/account", { headers: { cookie: other.cookie } })).text()).not.toContain(id);
    const rename = await call("/settings/account", {
      ...form({ intent: "passkey-rename", id, name: "Mine now" }),
      headers: { cookie: other.cookie },
    });
    expect(rename.status).toBe(404);
    const remove = await call("/settings/account", {
      ...form({ intent: "passkey-remove", id }),
      headers: { cookie: other.cookie },
    });
    expect(remove.status).toBe(404);
    expect(await passkeysOf(owner.email)).toMatchObject([{ id, name: "Test phone" }]);
  });
});
