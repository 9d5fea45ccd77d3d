// What every bench part does against the local server and its D1: retry a dropped connection, sign up
// an owner, run a command, read one number. Shared by bench/run.mjs and bench/mailing.mjs.
import { spawnSync } from "node:child_process";
import { bin, offlineEnv, root } from "../scripts/wrangler-env.mjs";

/** wrangler's local server drops its kept-alive connections when `wrangler d1 execute --local` runs on its state (0166); ask again on a fresh one. */
export async function fetchRetry(url, init, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export function sh(command, args) {
  const r = spawnSync(command, args, { cwd: root, env: offlineEnv, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** Signs up a fresh account, from an address of its own (the sign-up limit is per address), and returns its session cookie. */
export async function signUpOwner(base, email) {
  const res = await fetchRetry(`${base}/auth.data`, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "cf-connecting-ip": `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: new URLSearchParams({ intent: "signup", name: "Bench Owner", email, password: "bench-password-2026" }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) {
    // What the server said, so a failure names its cause (the server's own log is in .wrangler/).
    throw new Error(`sign-up failed with ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
  return cookie;
}

/** One number from the local D1 kept in `state`, for checks the bench prints. */
export function localCount(state, sql) {
  const r = spawnSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql],
    {
      cwd: root,
      // At the quieter log levels wrangler leaves out the --json answer itself.
      env: { ...offlineEnv, WRANGLER_LOG: "log" },
      encoding: "utf8",
    },
  );
  if (r.status !== 0) throw new Error(`count failed: ${r.stderr}`);
  return Object.values(JSON.parse(r.stdout)[0]?.results?.[0] ?? {})[0];
}
