// Two builds of the app served side by side, each by its own `wrangler dev` on fresh seeded state, with their
// turns interleaved page by page, so both see the same machine: on a shared machine a page's rate moves by a
// fifth from one minute to the next, and only a ratio measured beside its baseline in the same minutes holds.
// Prints each build's rate for each page as a share of its own /api/health (decision 0167).
//   node bench/compare-builds.mjs <other checkout, built>   (this checkout's build/ is the second; build both first)
//   COMPARE_SECONDS (per turn, 3), COMPARE_ROUNDS (4), COMPARE_PORT (5460; the second build takes the next one),
//   COMPARE_PAGES (comma-separated, /api/health first; the demo account's pages)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { offlineEnv, root, waitForHealth } from "../scripts/wrangler-env.mjs";

const other = process.argv[2] && path.resolve(process.argv[2]);
if (!other || !existsSync(path.join(other, "build", "server", "index.js")))
  throw new Error("name another checkout whose build/ is made: node bench/compare-builds.mjs ../base");
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 3);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 4);
const PORT = Number(process.env.COMPARE_PORT ?? 5460);
const CONNECTIONS = 16;
const PAGES = process.env.COMPARE_PAGES?.split(",") ?? [
  "/api/health",
  "/dashboard",
  "/connections",
  "/dashboard.data",
  "/connections.data",
];

const builds = [
  { name: path.basename(other), dir: other, port: PORT },
  { name: "this", dir: root, port: PORT + 1 },
];
const servers = [];
process.on("exit", () => {
  for (const s of servers)
    try {
      process.kill(-s.pid, "SIGTERM");
    } catch {}
});

for (const build of builds) {
  const bin = path.join(build.dir, "node_modules", ".bin");
  const env = { ...offlineEnv, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  const state = path.join(build.dir, ".wrangler", "compare-state");
  rmSync(state, { recursive: true, force: true });
  const setup = spawnSync(process.execPath, [path.join(build.dir, "scripts", "setup.mjs"), "--persist-to", state], {
    cwd: build.dir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (setup.status !== 0) throw new Error(`setup failed in ${build.dir}`);
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(build.port), "--show-interactive-dev-session=false"];
  args.push("--persist-to", state, "--var", "APP_ENV:test");
  servers.push(spawn(path.join(bin, "wrangler"), args, { cwd: build.dir, env, stdio: "ignore", detached: true }));
}

for (const build of builds) {
  const base = `http://127.0.0.1:${build.port}`;
  await waitForHealth(base);
  const res = await fetch(`${base}/auth.data`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "10.9.9.7" },
    body: new URLSearchParams({ intent: "signin", email: "demo@knowwho.app", password: "demo-password-2026" }),
    redirect: "manual",
  });
  build.cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!build.cookie.includes("session_token")) throw new Error(`sign-in failed on ${build.name}`);
}

/** Requests a second for `page` on `build`: a page load as a browser asks for it, a data request as the app does. */
async function turn(build, page) {
  const signedIn = !page.startsWith("/api/");
  const headers = signedIn ? { cookie: build.cookie, ...(page.endsWith(".data") ? {} : { accept: "text/html" }) } : {};
  let done = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const res = await fetch(`http://127.0.0.1:${build.port}${page}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${build.name} ${page}: ${res.status}`);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

for (const build of builds) for (const page of PAGES) await turn(build, page);
const rate = new Map();
for (let round = 0; round < ROUNDS; round++)
  for (const page of PAGES)
    for (const build of builds) {
      const key = `${build.name} ${page}`;
      rate.set(key, (rate.get(key) ?? 0) + (await turn(build, page)) / ROUNDS);
    }
console.log(
  `Load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(", ")}; ${ROUNDS} interleaved rounds of ${SECONDS} s per page and build, ${CONNECTIONS} connections.`,
);
console.log(`Rate as a share of the same build's /api/health (requests a second in brackets):`);
console.log(`${"".padEnd(18)} ${builds.map((b) => b.name.padStart(14)).join(" ")}`);
for (const page of PAGES)
  console.log(
    `${page.padEnd(18)} ${builds
      .map((b) => {
        const r = rate.get(`${b.name} ${page}`);
        return `${(r / rate.get(`${b.name} /api/health`)).toFixed(2)} (${r.toFixed(0).padStart(4)})`.padStart(14);
      })
      .join(" ")}`,
  );
process.exit(0);
