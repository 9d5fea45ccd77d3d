import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { SESSION_EXPIRES_S } from "~/lib/account/auth";
import { hashPassword } from "~/server/account/password.server";
import { startTrialForNewAccount } from "~/server/billing/plans.server";
import { createDb } from "~/server/db/db.server";
import { saveSettings } from "~/server/settings/settings.server";

export const ORIGIN = "http://localhost";

/** A request to the built Worker, as a browser on this site would send it. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", ORIGIN);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", fileAddress());
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" }));
}

let current = { file: "", address: "" };

/**
 * The address a request that names none comes from: one per test file. The files one workerd runs share its
 * rate-limit windows (docs/decisions/0171), so each file's unnamed requests count apart, as in an isolate of its own.
 */
function fileAddress(): string {
  const file = expect.getState().testPath ?? "";
  if (current.file !== file) {
    const hex = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16)).join(":");
    current = { file, address: `2001:db8::${hex}` };
  }
  return current.address;
}

export function form(values: Record<string, string>): RequestInit {
  return { method: "POST", body: new URLSearchParams(values) };
}

/** A random address from the documentation ranges, as Cloudflare would report a client's. */
export function testAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${a}.${b}`;
}

/** The cookies a browser keeps from a response (a cleared one, Max-Age=0, is dropped), as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

/** One cookie a response sets, as `name=value` (or undefined). */
export const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

/** The password every test account has. */
export const TEST_PASSWORD = "correct horse battery";

/** Signs up a fresh account through the sign-up form, as a visitor does; for tests of sign-up and what it sends. */
export async function signUpByForm(
  name = "Test Owner",
  {
    email = `owner-${crypto.randomUUID()}@example.org`,
    headers = {},
  }: { email?: string; headers?: Record<string, string> } = {},
): Promise<{ cookie: string; email: string }> {
  // Each account signs up from its own address, so the per-address sign-up limit never joins tests.
  const res = await call("/auth.data", {
    ...form({ intent: "signup", name, email, password: TEST_PASSWORD, redirectTo: "/dashboard" }),
    headers: { "cf-connecting-ip": testAddress(), ...headers },
  });
  const cookie = cookiesOf(res);
  if (!cookie.includes("session_token")) throw new Error(`sign-up failed with ${res.status}`);
  return { cookie, email };
}

/** The password's hash, worked out once per workerd: the 100,000 PBKDF2 rounds are a sign-up's main cost. */
let passwordHash: Promise<string> | undefined;

/** A random id of better-auth's shape (32 letters and digits). */
function authId(): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (n) => letters[n % letters.length]).join("");
}

/**
 * A fresh account signed in, written straight into D1 as sign-up leaves it: the user (a trigger makes its personal
 * workspace), its password, the trial, a session and better-auth's signed cookie for it. For every test that is not
 * about sign-up (those use signUpByForm): the form hashes the password anew each time, a fifth of some files' time.
 * Its address is unconfirmed and no confirmation mail waits for it (confirmEmail asks for one).
 */
export async function signUp(name = "Test Owner"): Promise<{ cookie: string; email: string }> {
  const email = `owner-${crypto.randomUUID()}@example.org`;
  const id = authId();
  const token = authId();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const now = Date.now();
  await env.DB.batch([
    // The sign-up page's language becomes the account's; the tests' requests ask for none, which is English.
    env.DB.prepare("insert into user (id, name, email, locale) values (?, ?, ?, 'en')").bind(id, name, email),
    env.DB.prepare(
      "insert into account (id, account_id, provider_id, user_id, password) values (?, ?, 'credential', ?, ?)",
    ).bind(authId(), id, id, await passwordHash),
    env.DB.prepare("insert into session (id, token, user_id, expires_at) values (?, ?, ?, ?)").bind(
      authId(),
      token,
      id,
      now + SESSION_EXPIRES_S * 1000,
    ),
  ]);
  const db = createDb(env.DB);
  // What sign-up's hooks and action add: the trial, and the guided start (routes/auth/auth.tsx).
  await startTrialForNewAccount(db, id);
  await saveSettings(db, id, { onboarding: "card" });
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = btoa(
    String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)))),
  );
  return { cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`, email };
}

/** The id of the account signed up as `email`, or "" when there is none. */
export async function userIdOf(email: string): Promise<string> {
  return (await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>())?.id ?? "";
}

/**
 * Marks the address of the account signed up as `email` confirmed, as its link would (the link itself is tested
 * once: confirmation links are rate-limited per address); the account's id.
 */
export async function proveMailbox(email: string): Promise<string> {
  await env.DB.prepare("update user set email_verified = 1 where email = ?").bind(email).run();
  return userIdOf(email);
}

export function json(body: unknown, cookie?: string): RequestInit {
  return {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  };
}

/**
 * The local rate-limit bindings' windows are aligned to the clock, so a burst that straddles a boundary is
 * counted in two windows. Runs the burst (with a fresh key each time) until one falls inside a single
 * window, clear of its edges, and returns that burst's result: no waiting for a fresh window. Only tests of
 * the bindings themselves need it: the Worker tests count in the isolate (limiterFor).
 */
export async function inOneRateWindow<T>(burst: () => Promise<T>, periodMs = 60_000, marginMs = 250): Promise<T> {
  const window = (at: number) => Math.floor(at / periodMs);
  // Past an edge within a few bursts; ten seconds of tries means the bursts themselves never fit.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const started = Date.now();
    const result = await burst();
    if (window(started - marginMs) === window(Date.now() + marginMs)) return result;
  }
  throw new Error("no burst fell inside one rate-limit window");
}

/** Imports a file the way the page does: a preview kept server-side, then Import by its id. */
export async function importFile(cookie: string, text: string, filename: string, duplicates = "merge") {
  const body = new FormData();
  body.set("file", new File([text], filename, { type: "text/plain" }));
  body.set("intent", "preview");
  const preview = await call("/connections/import.data", { method: "POST", body, headers: { cookie } });
  const previewText = await preview.text();
  const id = previewText.match(/"([0-9a-f]{32})"/)?.[1] ?? "";
  const result = await call("/connections/import.data", {
    method: "POST",
    body: new URLSearchParams({ intent: "import", duplicates, preview: id }),
    headers: { cookie },
  });
  return { previewText, result };
}

/** The newest link mailed to confirm `email`, or null. */
const confirmationMail = (email: string) =>
  env.DB.prepare(
    "select text from outbox where lower(\"to\") = lower(?) and kind = 'email-verify' order by id desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();

/**
 * Confirms the account's address as its owner would: opens the link sign-up mailed, or asks for one on
 * /settings/account (`ask`) and opens that.
 */
export async function confirmEmail(cookie: string, email: string, ask = false): Promise<void> {
  if (ask || !(await confirmationMail(email))) {
    // From an address of its own, as each sign-up comes: the per-address limit on auth attempts never joins tests.
    const asked = await call("/settings/account", {
      ...form({ intent: "verify-email" }),
      headers: { cookie, "cf-connecting-ip": testAddress() },
    });
    if (asked.status !== 200) throw new Error(`asking for a confirmation link answered ${asked.status}`);
  }
  const mail = await confirmationMail(email);
  const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? `${ORIGIN}/missing-confirmation-mail`);
  const opened = await call(link.pathname + link.search, { headers: { cookie } });
  if (!opened.headers.get("location")?.includes("/settings/account?email=verified"))
    throw new Error(`the confirmation link answered ${opened.status} ${opened.headers.get("location")}`);
}

/**
 * `member` joins `owner`'s team through the invitation mailed to them (their address must be confirmed), then
 * works in it (decision 0207); the invitation rules themselves are tested in teams.test.ts.
 */
export async function joinTeam(team: string, owner: { cookie: string }, member: { cookie: string; email: string }) {
  const by = (who: { cookie: string }, path: string, values: Record<string, string>) =>
    call(path, { ...form(values), headers: { cookie: who.cookie } });
  expect((await by(owner, `/teams/${team}`, { intent: "invite", email: member.email, role: "member" })).status).toBe(
    302,
  );
  const mail = await env.DB.prepare(
    "select text from outbox where \"to\" = lower(?) and kind = 'team-invitation' order by id desc limit 1",
  )
    .bind(member.email)
    .first<{ text: string }>();
  const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "http://x/").searchParams.get("token") ?? "";
  expect((await by(member, `/teams/join?token=${encodeURIComponent(token)}`, { intent: "accept" })).status).toBe(302);
  expect((await by(member, "/teams", { intent: "switch", workspace: team })).status).toBe(302);
}
