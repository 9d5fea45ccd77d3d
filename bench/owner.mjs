// The owner's side at conference scale: signed-in pages against /api/health, the connections list at
// 50,000 people against an empty one, and every export's time, CPU and memory at 5,000 and 50,000 people.
// Part of `npm run bench`; `node bench/owner.mjs` runs this part alone on a fresh build (BENCH_SKIP_EXPORTS=1 stops
// after the signed-in pages and the list).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { bin, offlineEnv, root } from "../scripts/wrangler-env.mjs";
import { fetchRetry, runAlone } from "./local.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 3;
const CONCURRENCY = 16;
const BIG = Number(process.env.BENCH_BIG ?? 50_000);
const MID = 5_000;
const hasWrk = spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
const TICK_MS = 10; // /proc reports CPU in clock ticks of 1/100 s on Linux.

/** The workerd processes serving the bench (the server runs in its own process group). */
function workerd(group) {
  const out = [];
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm === "workerd" && Number(fields[2]) === group) out.push(pid);
    } catch {}
  }
  return out;
}

/** Resident memory (bytes) and CPU (ms, user + system) of the serving workerd processes. */
export function usage(group) {
  let rss = 0;
  let cpu = 0;
  for (const pid of workerd(group)) {
    try {
      rss += Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      cpu += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {}
  }
  return { rss, cpu };
}

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * Requests a second `path` answers over `seconds` at CONCURRENCY connections (wrk if installed, else a fetch loop);
 * a signed-in document is asked for as a browser asks for a page load (a data request is not).
 */
export async function requestsPerSecond(base, path, seconds, cookie) {
  // A page load as a browser asks for it (a document claims new notifications as toasts; a data request does not).
  const document = cookie && !path.endsWith(".data");
  const headers = { ...(cookie ? { cookie } : {}), ...(document ? { accept: "text/html" } : {}) };
  if (hasWrk) {
    const r = spawnSync(
      "wrk",
      [
        "-t1",
        `-c${CONCURRENCY}`,
        `-d${seconds}s`,
        ...(cookie ? ["-H", `Cookie: ${cookie}`] : []),
        ...(document ? ["-H", "Accept: text/html"] : []),
        base + path,
      ],
      { encoding: "utf8" },
    );
    const bad = Number(r.stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
    if (bad > 0) console.log(`  (${path}: ${bad} non-2xx answers)`);
    return Number(r.stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  }
  let done = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const res = await fetchRetry(base + path, { headers });
        await res.arrayBuffer();
        if (res.ok) done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

export async function ownerFigures({ base, state, group }) {
  const fetchOk = async (path, cookie) => {
    const res = await fetchRetry(base + path, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res;
  };
  const sql = (command) => {
    const r = spawnSync(
      bin("wrangler"),
      ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", command],
      {
        cwd: root,
        env: offlineEnv,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (r.status !== 0) throw new Error("wrangler d1 execute failed");
  };
  const signIn = async (email, password, intent = "signin") => {
    const res = await fetchRetry(`${base}/auth.data`, {
      method: "POST",
      headers: {
        origin: base,
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: new URLSearchParams({ intent, name: "Bench Owner", email, password }),
      redirect: "manual",
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!cookie.includes("session_token")) throw new Error(`${intent} failed with ${res.status}`);
    return cookie;
  };
  const turn = (path, seconds, cookie) => requestsPerSecond(base, path, seconds, cookie);
  const timeEach = async (path, cookie, n = 10) => {
    await (await fetchOk(path, cookie)).arrayBuffer();
    const started = performance.now();
    for (let i = 0; i < n; i++) await (await fetchOk(path, cookie)).arrayBuffer();
    return (performance.now() - started) / n;
  };

  console.log(
    `\nThe owner's app (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}):`,
  );
  const demo = await signIn("demo@knowwho.app", "demo-password-2026");
  // The documents (a first visit, or a reload), and the data requests every later navigation in the app makes.
  // A person's page: the demo account's first person, the next step after the list.
  const listed = await (await fetchOk("/connections", demo)).text();
  const person = listed.match(/href="\/connections\/(\d+)"/)?.[1] ?? "2";
  const pages = [
    ["/api/health", null],
    ["/dashboard", demo],
    ["/connections", demo],
    [`/connections/${person}`, demo],
    ["/dashboard.data", demo],
    ["/connections.data", demo],
    [`/connections/${person}.data`, demo],
  ];
  // The floors: a person's document 0.3 and its data 0.5; /dashboard and /connections documents 0.4.
  const target = (path) =>
    path === `/connections/${person}`
      ? 0.3
      : path === `/connections/${person}.data`
        ? 0.5
        : path.endsWith(".data")
          ? null
          : 0.4;
  for (const [path, cookie] of pages)
    await (await fetchRetry(base + path, { headers: cookie ? { cookie } : {} })).arrayBuffer();
  const rps = new Map(pages.map(([p]) => [p, 0]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [path, cookie] of pages)
      rps.set(path, rps.get(path) + (await turn(path, SECONDS / ROUNDS, cookie)) / ROUNDS);
  const health = rps.get("/api/health");
  console.log(
    `Signed-in pages on the demo account, ${SECONDS} s each in ${ROUNDS} interleaved turns, ${CONCURRENCY} connections (${hasWrk ? "wrk" : "fetch loop"}):`,
  );
  for (const [path] of pages)
    console.log(
      `${path.padEnd(22)} ${rps.get(path).toFixed(0).padStart(6)} req/s  ${(rps.get(path) / health).toFixed(2)} of /api/health${path === "/api/health" ? "" : `${path.endsWith(".data") ? "  (a navigation in the app)" : ""}${target(path) ? `  (target ${target(path)})` : ""}`}`,
    );

  // Three accounts: empty, 5,000 and 50,000 people, each person with an email and a phone point and a history line.
  const stamp = Date.now();
  const empty = await signIn(`owner-empty-${stamp}@example.org`, "bench-password-2026", "signup");
  const accounts = [];
  for (const count of [MID, BIG]) {
    const email = `owner-${count}-${stamp}@example.org`;
    const cookie = await signIn(email, "bench-password-2026", "signup");
    const now = Date.now();
    const mine = `(select id from user where email = '${email}')`;
    sql(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
insert into connection (user_id, name, email, phone, title, company, tags, priority, status, event_name, notes, source, created_at, updated_at)
select ${mine}, 'Person ' || i || ' <b>&amp;</b>', 'person' || i || '@example.org', '+1312' || printf('%07d', i), 'Director of Development',
  '=HYPERLINK("x") ' || (i % 300), json_array('Tag ' || (i % 12), 'Donor'), case i % 3 when 0 then 'high' when 1 then 'medium' else 'low' end,
  case i % 10 when 0 then 'Pending' else 'Active' end, 'Event ' || (i % 20), 'Met at the booth; talked about the campaign ' || i,
  'import', ${now} - i * 1000, ${now} from n;
insert or ignore into contact_point (user_id, connection_id, kind, label, value, key, preferred)
  select user_id, id, 'email', 'work', email, email, 1 from connection where user_id = ${mine};
insert or ignore into contact_point (user_id, connection_id, kind, label, value, key, preferred)
  select user_id, id, 'phone', 'mobile', phone, phone, 1 from connection where user_id = ${mine};
insert into person_history (user_id, connection_id, kind, source, detail)
  select user_id, id, 'created', 'import', 'Imported from bench.csv' from connection where user_id = ${mine};`);
    accounts.push({ count, cookie });
  }

  const [mid, big] = accounts;
  const emptyList = await timeEach("/connections.data", empty);
  const bigList = await timeEach("/connections.data", big.cookie);
  const lastPage = await (await fetchOk("/connections.data", big.cookie)).text();
  const emptyDash = await timeEach("/dashboard.data", empty);
  const bigDash = await timeEach("/dashboard.data", big.cookie);
  console.log(
    `\nLoaders at ${BIG.toLocaleString("en")} people against an empty account (10 sequential requests each):`,
  );
  console.log(
    `/connections first page  ${bigList.toFixed(1).padStart(6)} ms vs ${emptyList.toFixed(1)} ms empty: ratio ${(bigList / emptyList).toFixed(2)} (target 1.5)${lastPage.includes("Person 1 ") ? "" : " (list did not show its newest person)"}`,
  );
  console.log(
    `/dashboard               ${bigDash.toFixed(1).padStart(6)} ms vs ${emptyDash.toFixed(1)} ms empty: ratio ${(bigDash / emptyDash).toFixed(2)}`,
  );

  // BENCH_SKIP_EXPORTS=1: the pages and the list only, for a quick turn on the signed-in pages.
  if (process.env.BENCH_SKIP_EXPORTS) return;
  console.log(
    `\nExports, one request at a time (load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}). CPU and memory are the whole workerd process, and wrangler's local D1
runs inside it on the same thread (its SQLite and its Durable Object's JavaScript), so the CPU is the Worker's
plus the local database's: an upper bound on the Worker's own (a V8 profile through the inspector does not
separate them: its samples count time, not CPU). Memory is the peak over the level before the request:`,
  );
  console.log(
    "format".padEnd(12),
    "people".padStart(7),
    "time".padStart(9),
    "CPU (+D1)".padStart(12),
    "peak memory".padStart(12),
    "size".padStart(10),
  );
  const FORMATS = [
    ["vcf", "/api/connections/export?format=vcf"],
    ["csv", "/api/connections/export?format=csv"],
    ["google", "/api/connections/export?format=google"],
    ["hubspot", "/api/connections/export?format=hubspot"],
    ["xlsx", "/api/connections/export?format=xlsx"],
    ["data (JSON)", "/api/account/export"],
  ];
  // Each writer once on the empty account first, so no row pays for code compiled on first use.
  for (const [, path] of FORMATS) await (await fetchOk(path, empty)).arrayBuffer();
  /** One export's time, CPU and peak memory over the level before it, printed as a row of the table. */
  const measure = async (label, path, count, cookie) => {
    const before = usage(group);
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, usage(group).rss);
    }, 50);
    const started = performance.now();
    let size = 0;
    let failure = null;
    try {
      const res = await fetchOk(path, cookie);
      for await (const chunk of res.body) size += chunk.byteLength;
    } catch (error) {
      // A body that breaks off is the export's figure, not the bench's end: say how far it got and why.
      failure = `${error?.message ?? error}${error?.cause ? ` (${error.cause.code ?? ""} ${error.cause.message ?? error.cause})` : ""}`;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = usage(group);
    peak = Math.max(peak, after.rss);
    const f = { ms, cpu: after.cpu - before.cpu, grew: peak - before.rss, size };
    console.log(
      label.padEnd(12),
      count.toLocaleString("en").padStart(7),
      `${(ms / 1000).toFixed(2)} s`.padStart(9),
      `${(f.cpu / 1000).toFixed(2)} s`.padStart(12),
      `+${mb(f.grew)}`.padStart(12),
      mb(size).padStart(10),
      failure ? `  FAILED after ${mb(size)}: ${failure}` : "",
    );
    return f;
  };
  const figures = new Map();
  for (const [label, path] of FORMATS) {
    for (const { count, cookie } of accounts)
      figures.set(`${label}:${count}`, await measure(label, path, count, cookie));
    const a = figures.get(`${label}:${mid.count}`);
    const b = figures.get(`${label}:${big.count}`);
    console.log(
      `${"".padEnd(12)} ${BIG / MID}x the people: CPU ${(b.cpu / Math.max(a.cpu, TICK_MS)).toFixed(1)}x, peak memory growth +${mb(b.grew)} vs +${mb(a.grew)}`,
    );
  }
  // The first large export grows the process's heap once and keeps it; the same export again shows what each request adds.
  const [label, path] = FORMATS[0];
  await measure(`${label} again`, path, big.count, big.cookie);
}

await runAlone(import.meta.url, "bench-owner-state", ownerFigures, { port: 8797 });
