// What every bench part does against the local server and its D1: retry a dropped connection, sign up
// an owner, run a command, read one number; and what every bench does to start: say how busy the machine is,
// serve a fresh build, run one part alone, keep a bounded number of requests in flight.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { bin, offlineEnv, root, serveFreshBuild } from "../scripts/wrangler-env.mjs";

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

/** Runs SQL on the local D1 kept in `state` (the server's own), for rows a bench writes straight in. */
export function localExecute(state, sql) {
  sh(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql]);
}

/** The rows SQL answers from the local D1 kept in `state`. */
export function localRows(state, sql) {
  const r = spawnSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql.replace(/\s+/g, " ")],
    // At the quieter log levels wrangler leaves out the --json answer itself.
    { cwd: root, env: { ...offlineEnv, WRANGLER_LOG: "log" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`d1 execute failed: ${r.stderr || r.stdout.slice(0, 500)}`);
  return JSON.parse(r.stdout)[0]?.results ?? [];
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
  return Object.values(localRows(state, sql)[0] ?? {})[0];
}

/** The first line of a bench: its figures move with the machine's load, which others share. */
export function printLoadAverage() {
  console.log(
    `Load average before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} (the machine is shared; figures move with it)`,
  );
}

/** What a bench part is handed about the server it measures: its address, state, process group and helpers. */
export function localServer(base, state, group) {
  return {
    base,
    state,
    group,
    signUp: (email) => signUpOwner(base, email),
    count: (sql) => localCount(state, sql),
    fetch: fetchRetry,
  };
}

/**
 * Runs a bench part alone when its own file is the command (`node bench/scim.mjs`): a fresh build (none with
 * BENCH_REUSE_BUILD=1) served on fresh local state at BENCH_PORT (+ `offset`), stopped however the part ends.
 */
export async function runAlone(moduleUrl, name, part, { port = 8795, offset = 0 } = {}) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  const at = Number(process.env.BENCH_PORT ?? port) + offset;
  const { server, state } = await serveFreshBuild({ name, port: at, appEnv: "test" });
  try {
    await part(localServer(`http://127.0.0.1:${at}`, state, server.pid));
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}

/**
 * At most `limit` requests in flight at once: wrangler's local proxy drops connections beyond about a hundred
 * ("Network connection lost", answered 500), so the crowd queues on the client side, as phones on a venue's Wi-Fi do.
 */
export function inFlight(limit) {
  let running = 0;
  const waiting = [];
  return {
    async slot() {
      if (running < limit) {
        running++;
        return;
      }
      await new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else running--;
    },
  };
}
