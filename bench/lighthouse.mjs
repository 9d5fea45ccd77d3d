// `npm run bench:lighthouse`: Lighthouse's mobile audit of the production build, served on loopback
// with APP_ENV=production, driving the same Chromium as the journeys. Prints each run and the median.
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { serveFreshBuild } from "../scripts/wrangler-env.mjs";
import { chromiumPath } from "../tests/e2e/browser.ts";

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const BASE = `http://127.0.0.1:${PORT}`;
// Public pages, and an app page audited signed in as the demo owner (its session cookie sent with each request).
const PUBLIC_ROUTES = ["/", "/pricing", "/guides/welcome"];
const APP_ROUTES = ["/dashboard"];
const ONLY = process.env.LIGHTHOUSE_ROUTES?.split(",").filter(Boolean);
const ROUTES = ONLY ?? [...PUBLIC_ROUTES, ...APP_ROUTES];
const DEMO = { email: "demo@knowwho.app", password: "demo-password-2026" };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// The journeys' own choice of Chromium (Debian's, or CHROMIUM_PATH), else Playwright's.
async function chromePath() {
  return chromiumPath() ?? (await import("playwright-core")).chromium.executablePath();
}

/** Puts `name=value; …` cookies for the app's origin into the browser's jar (one DevTools call). */
async function setBrowserCookies(port, header) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const cookies = header.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      secure: true,
    };
  });
  const done = new Promise((resolve, reject) => {
    socket.onmessage = (event) => {
      const answer = JSON.parse(event.data);
      if (answer.id !== 1) return;
      if (answer.error) reject(new Error(answer.error.message));
      else resolve();
    };
  });
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }));
  await done;
  socket.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log("Building the production Worker...");
const { server } = await serveFreshBuild({ name: "lighthouse-state", port: PORT, appEnv: "production" });
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: await chromePath(),
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(DEMO),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`demo sign-in failed: ${signIn.status}`);
  const headersFor = (route) => (APP_ROUTES.includes(route) ? { Cookie: cookie } : undefined);
  await setBrowserCookies(chrome.port, cookie);
  // A first audit in a fresh browser against a cold Worker is not what a visitor meets: warm both.
  for (const route of ROUTES) await (await fetch(BASE + route, { headers: headersFor(route) })).arrayBuffer();
  await lighthouse(`${BASE}/`, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
  console.log(`Lighthouse ${RUNS} runs per page, mobile defaults (simulated slow 4G, 4x CPU slowdown):\n`);
  for (const route of ROUTES) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(`${BASE}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        // Signed-in pages read the session cookie from the browser's own jar (set above), kept between
        // runs. A Cookie extra header lost to the jar once the app had put its own cookie there (the
        // read-your-writes bookmark), and every run after the first landed on sign-in.
        disableStorageReset: APP_ROUTES.includes(route),
      });
      if (APP_ROUTES.includes(route) && new URL(lhr.finalDisplayedUrl).pathname !== route)
        console.log(`${route} run ${i + 1}: ended at ${lhr.finalDisplayedUrl}, not signed in`);
      // A run whose trace failed (NO_NAVSTART on a starved machine) scores 0: say so and leave it out.
      if (lhr.runtimeError) {
        console.log(`${route} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (not counted)`);
        continue;
      }
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      const a = lhr.audits;
      console.log(
        `${route.padEnd(16)} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c].at(-1)}`).join(", ")}; FCP ${a["first-contentful-paint"].displayValue}, LCP ${a["largest-contentful-paint"].displayValue}, TBT ${a["total-blocking-time"].displayValue}, CLS ${a["cumulative-layout-shift"].displayValue}`,
      );
    }
    console.log(
      `${route.padEnd(16)} median: ${CATEGORIES.map((c) => `${c} ${median(scores[c])}`).join(", ")} (load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")})\n`,
    );
  }
} finally {
  await chrome?.kill();
  process.kill(-server.pid, "SIGTERM");
}
