// CPU per request of signed-in pages: the production build (build/, made beforehand) under `wrangler dev
// --inspector-port` on fresh seeded state, a fetch loop per page while V8's profiler samples; prints the
// workerd process's CPU per request (/proc, the Worker and the local D1 together) and where the profile's
// busy time went, by source file and function through the build's source maps (decisions 0162 and 0165).
//   node bench/profile-pages.mjs   (PROF_PORT, PROF_SECONDS, PROF_PAGES=/a,/b, PROF_FILES, PROF_FNS)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import WebSocket from "ws";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = Number(process.env.PROF_PORT ?? 5410);
const IPORT = PORT + 1000;
const SECONDS = Number(process.env.PROF_SECONDS ?? 8);
const PAGES = (process.env.PROF_PAGES ?? "/api/health,/dashboard,/connections").split(",");
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: "warn",
  PATH: `${root}/node_modules/.bin:${process.env.PATH}`,
};
const state = path.join(root, ".wrangler", "prof-state");
if (!process.env.PROF_KEEP_STATE) {
  rmSync(state, { recursive: true, force: true });
  const r = spawnSync(
    existsSync(`${root}/node_modules/.bin/node`) ? `${root}/node_modules/.bin/node` : process.execPath,
    [`${root}/scripts/setup.mjs`, "--persist-to", state],
    { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status) throw new Error("setup failed");
}
const server = spawn(
  `${root}/node_modules/.bin/wrangler`,
  [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(PORT),
    "--inspector-port",
    String(IPORT),
    "--show-interactive-dev-session=false",
    "--persist-to",
    state,
    "--var",
    "APP_ENV:test",
  ],
  { env, stdio: "ignore", detached: true },
);
const base = `http://127.0.0.1:${PORT}`;
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stop);
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 240) throw new Error("no server");
    await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(`${base}/auth.data`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "10.9.9.9" },
    body: new URLSearchParams({
      intent: "signin",
      email: process.env.PROF_EMAIL ?? "demo@knowwho.app",
      password: "demo-password-2026",
    }),
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign in failed ${res.status}`);
  const targets = await (await fetch(`http://127.0.0.1:${IPORT}/json`)).json();
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((r, j) => {
    ws.on("open", r);
    ws.on("error", j);
  });
  let id = 0;
  const waiting = new Map();
  ws.on("message", (m) => {
    const d = JSON.parse(m);
    if (d.id && waiting.has(d.id)) {
      waiting.get(d.id)(d);
      waiting.delete(d.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((r) => {
      const i = ++id;
      waiting.set(i, r);
      ws.send(JSON.stringify({ id: i, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  const maps = new Map();
  const mapFor = (url) => {
    if (maps.has(url)) return maps.get(url);
    let m = null;
    try {
      const name = url.split("/").pop();
      for (const mf of [
        path.join(root, "build/server/assets", `${name}.map`),
        path.join(root, "build/server", `${name}.map`),
      ])
        if (existsSync(mf)) {
          m = new TraceMap(readFileSync(mf, "utf8"));
          break;
        }
    } catch {}
    maps.set(url, m);
    return m;
  };
  const cpu = () => {
    let t = 0;
    for (const p of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
      try {
        const s = readFileSync(`/proc/${p}/stat`, "utf8");
        const comm = s.slice(s.indexOf("(") + 1, s.lastIndexOf(")"));
        const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
        if (comm === "workerd" && Number(f[2]) === server.pid) t += (Number(f[11]) + Number(f[12])) * 10;
      } catch {}
    }
    return t;
  };
  for (const page of PAGES) {
    const c = page.startsWith("/api/health") ? {} : { cookie };
    for (let i = 0; i < 20; i++) await (await fetch(base + page, { headers: c })).arrayBuffer();
    await send("Profiler.start");
    const c0 = cpu();
    let n = 0;
    const until = Date.now() + SECONDS * 1000;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          const r = await fetch(base + page, { headers: c });
          await r.arrayBuffer();
          if (!r.ok) throw new Error(`${page} ${r.status}`);
          n++;
        }
      }),
    );
    const wall = Date.now() - t0;
    const c1 = cpu();
    const {
      result: { profile },
    } = await send("Profiler.stop");
    const byNode = new Map(profile.nodes.map((x) => [x.id, x]));
    const self = new Map();
    let busy = 0;
    const deltas = profile.timeDeltas;
    profile.samples.forEach((sid, i) => {
      const node = byNode.get(sid);
      const dt = (deltas[i + 1] ?? 0) / 1000;
      const cf = node.callFrame;
      if (cf.functionName === "(idle)") return;
      busy += dt;
      let key = `${cf.functionName || "(anon)"} ${cf.url.split("/").slice(-1)[0]}:${cf.lineNumber}`;
      const m = cf.url && mapFor(cf.url);
      if (m && cf.lineNumber >= 0) {
        const o = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber });
        if (o.source)
          key = `${o.name ?? cf.functionName ?? "(anon)"} ${o.source.replace(/.*node_modules\//, "nm/").replace(/^(\.\.\/)+/, "")}:${o.line}`;
      }
      self.set(key, (self.get(key) ?? 0) + dt);
    });
    console.log(
      `\n${page}: ${n} requests in ${wall} ms, ${(n / (wall / 1000)).toFixed(1)} req/s; workerd CPU ${((c1 - c0) / n).toFixed(2)} ms/req; profile busy ${(busy / n).toFixed(2)} ms/req`,
    );
    const byFile = new Map();
    for (const [k, v] of self) {
      const f = k
        .split(" ")[1]
        .replace(/:\d+$/, "")
        .replace(/^nm\/([^/]+(\/[^/]+)?).*/, "nm/$1");
      byFile.set(f, (byFile.get(f) ?? 0) + v);
    }
    const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
    for (const [k, v] of top(byFile, Number(process.env.PROF_FILES ?? 18)))
      console.log(`  file ${(v / n).toFixed(3).padStart(7)} ms  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
    for (const [k, v] of top(self, Number(process.env.PROF_FNS ?? 25)))
      console.log(`  fn   ${(v / n).toFixed(3).padStart(7)} ms  ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
    if (process.env.PROF_SAVE)
      (await import("node:fs")).writeFileSync(
        `${process.env.PROF_SAVE}${page.replace(/\W/g, "_")}.cpuprofile`,
        JSON.stringify(profile),
      );
  }
  ws.close();
} finally {
  stop();
}
process.exit(0);
