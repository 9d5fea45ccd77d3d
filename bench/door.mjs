// `npm run bench:door`: the doors open. On loopback against the production build with fresh seeded state,
// DOOR_JOINS (500) visitors register through the public form while DOOR_CHECKINS (500) passes are scanned at
// the door screen by the organiser's phones, all at once (a tenth of each sent twice, as a double tap or a
// second phone does). Then: each join and each check-in stored exactly once, p50/p95 of each, and the
// surge's throughput and the door screen's as a ratio to /api/health measured in the same run.
// Figures, not pass/fail.   DOOR_JOINS, DOOR_CHECKINS, DOOR_IN_FLIGHT (48), DOOR_RATE_S (6), BENCH_PORT
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { root, serveFreshBuild } from "../scripts/wrangler-env.mjs";
import { fetchRetry, inFlight, localRows, printLoadAverage, signUpOwner } from "./local.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const JOINS = Number(process.env.DOOR_JOINS ?? 500);
const CHECKINS = Number(process.env.DOOR_CHECKINS ?? 500);
/** Requests in flight at once: wrangler's local proxy drops connections beyond about a hundred (see surge.mjs). */
const IN_FLIGHT = Number(process.env.DOOR_IN_FLIGHT ?? 48);
const RATE_SECONDS = Number(process.env.DOOR_RATE_S ?? 6);
const RUN = Date.now().toString(36);

const { slot, release } = inFlight(IN_FLIGHT);

const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;

/** Latencies and statuses per action. */
const tallies = new Map();
function tally(action, ms, status) {
  const t = tallies.get(action) ?? { ms: [], statuses: new Map() };
  t.ms.push(ms);
  t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
  tallies.set(action, t);
}

async function timed(action, url, init) {
  await slot();
  const started = performance.now();
  try {
    const res = await fetchRetry(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    tally(action, performance.now() - started, res.status);
    return res.status;
  } catch {
    tally(action, performance.now() - started, 0);
    return 0;
  } finally {
    release();
  }
}

const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const formPost = (body, ip, cookie) => ({
  method: "POST",
  headers: {
    origin: BASE,
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": ip,
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(body),
});

/** Requests a second on one path, 16 at a time for `seconds`. */
async function rate(url, seconds, init) {
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const res = await fetchRetry(url, init?.());
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        n++;
      }
    }),
  );
  return n / seconds;
}

printLoadAverage();
const { server, state } = await serveFreshBuild({
  name: "door-state",
  port: PORT,
  appEnv: "test",
  log: path.join(root, ".wrangler", "door-server.log"),
});
try {
  // The organiser: a fresh account whose personal workspace owns an event running now.
  const email = `door-organiser-${RUN}@example.org`;
  const cookie = await signUpOwner(BASE, email);
  const at = (ms) => new Date(Date.now() + ms).toISOString().slice(0, 16);
  const slug = `door-${RUN}`;
  localRows(
    state,
    `insert into org_event (slug, user_id, title, starts_at, ends_at, time_zone, organiser_name)
select '${slug}', id, 'Door Surge ${RUN}', '${at(-3_600_000)}', '${at(86_400_000)}', 'UTC', 'Door Org' from user where email = '${email}'`,
  );
  const [{ id: eventId }] = localRows(state, `select id from org_event where slug = '${slug}'`);
  // The passes scanned at the door: registered before (registering is measured by the joins).
  const passes = Array.from({ length: CHECKINS }, (_, i) => ({
    i,
    token: randomBytes(24).toString("base64url"),
    code: randomBytes(12).toString("base64url"),
  }));
  for (let k = 0; k < passes.length; k += 250)
    localRows(
      state,
      `insert into org_attendee (event_id, email, name, pass_token, badge_code, listed) values ${passes
        .slice(k, k + 250)
        .map((p) => `(${eventId}, 'door-${RUN}-${p.i}@example.org', 'Door Guest ${p.i}', '${p.token}', '${p.code}', 1)`)
        .join(",")}`,
    );
  // The link a pass's QR carries: the badge code and its proof (decision 0182).
  const qr = (p) =>
    `${BASE}/e/${slug}/a/${p.code}?k=${createHash("sha256").update(`badge-proof:${p.token}`).digest("hex").slice(0, 32)}`;

  const joinEmail = (i) => `join-${RUN}-${i}@example.org`;
  const joinStatuses = new Map();
  const scanStatuses = new Map();
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: JOINS }, async (_, i) => {
      const body = { name: `Surge Joiner ${i}`, email: joinEmail(i), listed: "on", visibility: "everyone" };
      for (let n = 0; n < (i % 10 === 3 ? 2 : 1); n++) {
        const status = await timed(
          n ? "join again" : "join",
          `${BASE}/e/${slug}`,
          formPost(body, addressOf(100_000 + i)),
        );
        joinStatuses.set(i, [...(joinStatuses.get(i) ?? []), status]);
      }
    }),
    ...passes.map(async (p) => {
      // The door screen posts as its fetcher does, to the route's data address.
      const scan = () =>
        timed(
          "door check-in",
          `${BASE}/organiser/${eventId}/door.data`,
          formPost({ intent: "scan", code: qr(p) }, addressOf(200_000 + (p.i % 4)), cookie),
        );
      const statuses = await Promise.all(p.i % 10 === 7 ? [scan(), scan()] : [scan()]);
      scanStatuses.set(p.i, statuses);
    }),
  ]);
  const surgeS = (performance.now() - started) / 1000;
  const requests = [...tallies.values()].reduce((n, t) => n + t.ms.length, 0);
  console.log(
    `\nThe doors open: ${JOINS} joins and ${CHECKINS} door check-ins at once, ${requests} requests in ${surgeS.toFixed(1)} s (${(requests / surgeS).toFixed(0)} req/s), ${IN_FLIGHT} in flight`,
  );
  console.log(
    "action".padEnd(16),
    "count".padStart(6),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
    "p99 ms".padStart(8),
    "  statuses",
  );
  for (const [action, t] of tallies) {
    const sorted = [...t.ms].sort((a, b) => a - b);
    console.log(
      action.padEnd(16),
      String(t.ms.length).padStart(6),
      quantile(sorted, 0.5).toFixed(0).padStart(8),
      quantile(sorted, 0.95).toFixed(0).padStart(8),
      quantile(sorted, 0.99).toFixed(0).padStart(8),
      `  ${[...t.statuses].map(([s, c]) => `${s || "no answer"}:${c}`).join(" ")}`,
    );
  }

  const joined = new Map(
    localRows(
      state,
      `select a.email, count(*) as n, (select count(*) from org_consent c where c.event_id = a.event_id and c.email = a.email) as consents
from org_attendee a where a.event_id = ${eventId} and a.email like 'join-${RUN}-%' group by a.email`,
    ).map((r) => [r.email, r]),
  );
  let joinAcked = 0;
  let joinLost = 0;
  let joinTwice = 0;
  let unackedStored = 0;
  for (const [i, statuses] of joinStatuses) {
    if (!statuses.includes(303)) {
      // Refused or cut off on the way back: stored or not, never twice.
      if (joined.get(joinEmail(i))) unackedStored++;
      continue;
    }
    joinAcked++;
    const row = joined.get(joinEmail(i));
    if (!row) joinLost++;
    else if (row.n !== 1 || row.consents !== 1) joinTwice++;
  }
  const [{ rows, people: distinct }] = localRows(
    state,
    `select count(*) as rows, count(distinct attendee_id) as people from org_checkin where event_id = ${eventId}`,
  );
  const scanAcked = [...scanStatuses.values()].filter((s) => s.includes(200)).length;
  console.log(
    `Stored afterwards: joins ${joinAcked} acknowledged, ${joinLost} lost, ${joinTwice} stored (or consented) more than once, ${unackedStored} of ${joinStatuses.size - joinAcked} unacknowledged stored once; check-ins ${scanAcked} acknowledged, ${rows} rows for ${distinct} attendees (${rows - distinct} doubled, ${scanAcked - rows} lost)`,
  );

  // The door screen's answer beside /api/health, interleaved: a re-scan (already checked in) is its every-day read.
  const again = passes[0];
  const rates = { health: 0, door: 0, page: 0 };
  for (let round = 0; round < 3; round++) {
    rates.health += (await rate(`${BASE}/api/health`, RATE_SECONDS / 3)) / 3;
    rates.door +=
      (await rate(`${BASE}/organiser/${eventId}/door.data`, RATE_SECONDS / 3, () =>
        formPost({ intent: "scan", code: qr(again) }, addressOf(300_000), cookie),
      )) / 3;
    rates.page += (await rate(`${BASE}/e/${slug}`, RATE_SECONDS / 3)) / 3;
  }
  console.log(`
Beside /api/health, ${RATE_SECONDS} s each in 3 interleaved turns, 16 connections:
  /api/health ${rates.health.toFixed(0)} req/s; door scan ${rates.door.toFixed(0)} req/s (ratio ${(rates.door / rates.health).toFixed(2)}); event page ${rates.page.toFixed(0)} req/s (ratio ${(rates.page / rates.health).toFixed(2)}); the surge's mixed writes ${(requests / surgeS).toFixed(0)} req/s (ratio ${(requests / surgeS / rates.health).toFixed(2)})`);
} finally {
  process.kill(-server.pid, "SIGTERM");
}
