// The sign-in part of `npm run bench`: by password, by passkey and by a team's single sign-on, each as a share of
// /api/health in the same run. `node bench/sign-in.mjs` runs it alone (BENCH_REUSE_BUILD=1 to skip the build).

import { startProvider } from "../tests/support/oidc-provider.mjs";
import { SoftAuthenticator } from "../tests/support/soft-authenticator.mjs";
import { fetchRetry, localExecute, runAlone, signUpOwner } from "./local.mjs";

const PASSWORD = "bench-password-2026";
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
const join = (...cookies) => cookies.filter(Boolean).join("; ");
let addresses = 0;
/** A distinct client address a request, so no per-address limit is met: every sign-in does its whole work. */
const from = () => {
  addresses++;
  return `10.9.${Math.floor(addresses / 250) % 250}.${addresses % 250}`;
};

/**
 * Each sign-in is a distinct account, signed in sequentially, so each figure is one sign-in's time from our side:
 * the password POST; the passkey's options and its signed assertion (an ES256 key answering as a phone does,
 * tests/support/soft-authenticator.mjs); SSO's start (the redirect to the provider) and its callback (the code
 * exchanged, the id token verified, the session written), against the certified oidc-provider on loopback. The
 * provider's own login and consent pages are the person's time at their provider, driven but not counted.
 * The ratio is sign-ins a second over /api/health's (goal 0.2), and each sign-in is checked to have opened a session.
 */
export async function signInBench({ base, state, fetch = fetchRetry, count = 20 }) {
  const stamp = Date.now();
  const confirm = (where) => localExecute(state, `update user set email_verified = 1 where ${where}`);
  const timed = async (request) => {
    const started = performance.now();
    const res = await request();
    const text = await res.text();
    return { res, text, ms: performance.now() - started };
  };

  // Password (PBKDF2-SHA256, 100,000 iterations, in workerd): accounts made first, then each signed in once.
  const passwordEmail = (i) => `bench-signin-${stamp}-${i}@example.org`;
  for (let i = 0; i < count; i++) await signUpOwner(base, passwordEmail(i));
  let byPassword = 0;
  const password = async (i) => {
    const { res, ms } = await timed(() =>
      fetch(`${base}/auth.data`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": from() },
        body: new URLSearchParams({ intent: "signin", email: passwordEmail(i), password: PASSWORD }),
        redirect: "manual",
      }),
    );
    if (cookieOf(res).includes("session_token")) byPassword++;
    return ms;
  };

  // Passkey: each account adds a passkey through the endpoints Settings uses, then signs in with it, signed out.
  const site = { origin: base, rpId: new URL(base).hostname };
  const keys = [];
  for (let i = 0; i < count; i++) {
    const cookie = await signUpOwner(base, `bench-passkey-${stamp}-${i}@example.org`);
    const key = await SoftAuthenticator.make(site);
    const ip = from();
    const options = await fetch(`${base}/api/auth/passkey/register-options`, {
      headers: { cookie, "cf-connecting-ip": ip },
    });
    const { challenge } = await options.json();
    const added = await fetch(`${base}/api/auth/passkey/register`, {
      method: "POST",
      headers: {
        cookie: join(cookie, cookieOf(options)),
        origin: base,
        "content-type": "application/json",
        "cf-connecting-ip": ip,
      },
      body: JSON.stringify({ response: await key.register(challenge), name: "Bench phone" }),
    });
    if (!added.ok) throw new Error(`adding a passkey answered ${added.status}: ${(await added.text()).slice(0, 200)}`);
    keys.push(key);
  }
  let byPasskey = 0;
  const passkey = async (i) => {
    const ip = from();
    const options = await timed(() =>
      fetch(`${base}/api/auth/passkey/sign-in-options`, { headers: { "cf-connecting-ip": ip } }),
    );
    const { challenge } = JSON.parse(options.text);
    const response = await keys[i].assert(challenge);
    const signIn = await timed(() =>
      fetch(`${base}/api/auth/passkey/sign-in`, {
        method: "POST",
        headers: {
          cookie: cookieOf(options.res),
          origin: base,
          "content-type": "application/json",
          "cf-connecting-ip": ip,
        },
        body: JSON.stringify({ response }),
      }),
    );
    if (cookieOf(signIn.res).includes("session_token")) byPasskey++;
    console.log(`passkey options ${options.ms.toFixed(1)} sign-in ${signIn.ms.toFixed(1)}`);
    return options.ms + signIn.ms;
  };

  // SSO: a team whose admin proved the domain, its provider the local oidc-provider.
  const provider = await startProvider([`${base}/auth/sso/callback`]);
  const domain = `sso${stamp}.test`;
  const admin = await signUpOwner(base, `admin@${domain}`);
  confirm(`email = 'admin@${domain}'`);
  const form = (path, values) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie: admin, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values),
      redirect: "manual",
    });
  const team = ((await form("/teams", { intent: "create", name: "Bench SSO" })).headers.get("location") ?? "")
    .split("/")
    .pop();
  await form(`/teams/${team}/sign-in`, { intent: "add-domain", domain });
  const saved = await form(`/teams/${team}/sign-in`, {
    intent: "save-provider",
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  });
  if (saved.status !== 302) throw new Error(`saving the provider answered ${saved.status}`);
  let bySso = 0;
  const sso = async (i) => {
    const email = `sam${i}@${domain}`;
    const ip = from();
    const start = await timed(() =>
      fetch(`${base}/auth/sso?${new URLSearchParams({ email })}`, { headers: { "cf-connecting-ip": ip } }),
    );
    const to = /content="0;url=([^"]+)"/.exec(start.text)?.[1]?.replaceAll("&amp;", "&");
    if (!to) throw new Error(`the SSO start answered ${start.res.status} without the provider's address`);
    const callback = await throughProvider(to, email, base);
    const done = await timed(() =>
      fetch(callback, { headers: { cookie: cookieOf(start.res), "cf-connecting-ip": ip }, redirect: "manual" }),
    );
    if (done.res.status === 302 && cookieOf(done.res).includes("session_token")) bySso++;
    return start.ms + done.ms;
  };

  try {
    // Each kind once untimed first (SSO's first sign-in makes the account; every kind warms its code).
    await password(0);
    await passkey(0);
    await sso(0);
    byPassword = byPasskey = bySso = 0;
    // Interleaved, one of each in turn with /api/health, so a busy machine slows every kind alike.
    const kinds = { health: 0, password: 0, passkey: 0, sso: 0 };
    for (let i = 0; i < count; i++) {
      kinds.health += (await timed(() => fetch(`${base}/api/health`))).ms;
      kinds.password += await password(i);
      kinds.passkey += await passkey(i);
      kinds.sso += await sso(i);
    }
    const health = kinds.health / count;
    const figures = [
      ["password", kinds.password / count, byPassword, "one POST"],
      ["passkey", kinds.passkey / count, byPasskey, "options + signed assertion"],
      ["SSO", kinds.sso / count, bySso, "start + callback, the provider's pages not counted"],
    ];
    console.log(
      `\nSign-in, ${count} sequential sign-ins of each kind interleaved with /api/health, one account each (our side's requests):`,
    );
    console.log(`GET /api/health        ${health.toFixed(1).padStart(7)} ms  (reference)`);
    for (const [kind, ms, ok, what] of figures)
      console.log(
        `${`by ${kind}`.padEnd(22)} ${ms.toFixed(1).padStart(7)} ms  ${(health / ms).toFixed(2)} of /api/health (goal 0.2${health / ms >= 0.2 ? "" : ", below"}); ${what}; ${ok} of ${count} signed in${ok === count ? "" : ", so the figure is not a sign-in's cost"}`,
      );
  } finally {
    await provider.stop();
  }
}

/** A browser at the provider: its login page (any password), its consent page, until it sends us back. */
async function throughProvider(url, email, base) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  let next = url;
  let body;
  for (let hop = 0; hop < 20; hop++) {
    if (next.startsWith(base)) return next;
    const res = await fetch(next, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookie(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body,
      redirect: "manual",
    });
    keep(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      next = new URL(location, next).href;
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]+action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${res.status} with no form to go on`);
    next = new URL(action.replaceAll("&amp;", "&"), next).href;
    body = new URLSearchParams(prompt === "login" ? { prompt, login: email, password: "anything" } : { prompt });
  }
  throw new Error("the provider never sent the browser back");
}

await runAlone(import.meta.url, "bench-sign-in-state", ({ base, state }) =>
  signInBench({ base, state, count: Number(process.env.BENCH_SIGN_INS ?? 20) }),
);
