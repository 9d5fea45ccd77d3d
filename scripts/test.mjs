// `npm test`: every check, in the order a failure is cheapest to find. Every stage runs and reports, whatever
// failed before it; the run ends with the stage table, one summary line over every stage, and a non-zero
// exit code if anything failed (docs/decisions/0174).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { closingLine, countTests, stageTable } from "./stage-table.mjs";
import { runChain, runSideBySide } from "./stages.mjs";
import { bin, offlineEnv, root, start } from "./wrangler-env.mjs";

// Not test-results/: Playwright empties its output folder when the journeys start, and the reports are read at the end.
const reports = path.join(root, "test-reports");
mkdirSync(reports, { recursive: true });
/** Each stage's name, outcome and seconds, printed as a table at the end. */
const stages = [];
/** Each stage's report, read once it has run: its tests' counts, or none (not a test stage, or it crashed). */
const readers = new Map();
const started = Date.now();

const stage = (name, command, args, env = {}, report) => {
  if (report) {
    // A report left by an earlier run must not stand in for one this run failed to write.
    rmSync(report.file, { force: true });
    readers.set(name, report);
  }
  return { name, command, args, cwd: root, env: { ...offlineEnv, ...env } };
};

const vitestReport = (file) => ({
  file,
  read() {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  },
});
const playwrightReport = (file) => ({
  file,
  read() {
    const { stats } = JSON.parse(readFileSync(file, "utf8"));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  },
});

/** A Vitest stage writing its JSON report as `name`.json, with a dependency cache of its own (two run at once). */
const vitest = (label, name, config, args) => {
  const file = path.join(reports, `${name}.json`);
  return stage(
    label,
    bin("vitest"),
    ["run", "--config", config, ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    { VITEST_CACHE_NAME: name },
    vitestReport(file),
  );
};

function browserAvailable() {
  const debian = ["/usr/bin/chromium", "/usr/bin/chromium-browser", process.env.CHROMIUM_PATH].some(
    (p) => p && existsSync(p),
  );
  if (debian) return true;
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      "const {chromium}=require('playwright-core');process.exit(require('fs').existsSync(chromium.executablePath())?0:1)",
    ],
    { cwd: root },
  );
  return probe.status === 0;
}

// CI runs the worker tests in an order of its own each time, so a test that leans on another file's rows or
// on a file before it shows; the seed replays that order.
const seed = process.env.TEST_SEED ?? (process.env.CI ? String(Math.floor(Math.random() * 2 ** 31)) : undefined);
const shuffle = seed ? ["--sequence.shuffle", `--sequence.seed=${seed}`] : [];
const replay = `TEST_SEED=${seed} npm test, or npx vitest run --config vitest.worker.config.ts --sequence.shuffle --sequence.seed=${seed}`;
if (seed) console.log(`Worker tests shuffled with seed ${seed} (replay: ${replay})`);

// The real clients the tests use (Chromium, python3-vobject, LibreOffice, openssl):
// installed through apt-get where they are missing and we may, otherwise named so nothing is skipped silently.
await runChain(stages, [
  stage("test tools (Debian packages)", "bash", [path.join(root, "scripts", "install-test-tools.sh")]),
]);
// CI runs the heavy unit tests (LibreOffice, khard: real programs with their own time limits) beside
// `stress-ng` keeping both cores busy: a test that leans on the clock or sleeps its way past a race fails here,
// not on a busy day. It is the shortest stage, so the hog costs the Worker tests beside it little; elsewhere (or
// without stress-ng) it runs quietly (docs/decisions/0174, 0264).
const hogged = Boolean(process.env.CI) && spawnSync("sh", ["-c", "command -v stress-ng"]).status === 0;
/** `s` run beside stress-ng on both cores, bounded by its own timeout and stopped by pid when `s` ends. */
const besideHog = (s) => {
  const name = `${s.name} beside stress-ng on both cores`;
  readers.set(name, readers.get(s.name));
  readers.delete(s.name);
  return {
    ...s,
    name,
    command: "bash",
    args: [
      "-c",
      'stress-ng --cpu 2 --timeout 600s --quiet & hog=$!; "$0" "$@"; code=$?; kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null; exit $code',
      s.command,
      ...s.args,
    ],
  };
};
const heavyUnit = vitest("heavy unit tests (LibreOffice, khard)", "unit-heavy", "vitest.unit.config.ts", [
  "--project",
  "heavy",
]);
// Two chains side by side on two cores, with no wait between phases: whichever chain is ahead starts its
// next stage while the other's runs. Chain one: tsc (one core), the generated-files check, the unit tests
// (one Vitest worker), then the heavy tests (floods, tens of thousands of rows, LibreOffice: each holds a
// core for a while), then the early part of the journeys. Chain two: lint, the build, then the Worker tests
// (two workerds), the longest stage, started as soon as the build is there (decision 0247), then the late
// part of the journeys.
// tsc reads no build and the build no generated types; the Worker and heavy tests and the journeys read the
// build, so they wait for it to end.
let built;
const buildEnded = new Promise((resolve) => {
  built = resolve;
});
// The journeys in two parts, one Playwright worker and server each (docs/decisions/0287): the Worker tests
// keep about one core busy, so the early part takes the other as soon as chain one's tests end, instead of
// the whole journeys waiting for the Worker tests. Each part has its own port and results folder; the pages
// axe found clean are shared by both, in a folder emptied here.
const axeClean = path.join(reports, "axe-clean");
rmSync(axeClean, { recursive: true, force: true });
const e2ePort = Number(process.env.E2E_PORT ?? 8799);
/** The journeys' servers (each part's first), started once the build is there, stopped by pid at the end. */
const servers = [];
const stopServers = () => {
  for (const server of servers.splice(0)) {
    try {
      // The server's process group: wrangler and its workerd with it.
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  }
};
// They run in process groups of their own, which a Ctrl-C does not reach: stopped however the run ends.
process.on("exit", stopServers);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
])
  process.once(signal, () => process.exit(code));
const answers = async (port) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};
/**
 * Starts a part's server as soon as the build ends, so its seed and start-up overlap the tests before the part
 * instead of delaying it. Resolves once it answers; Playwright is told to use a server only when it is this one
 * (`env.E2E_REUSE_SERVER`): where it stopped, or something else already held the port, Playwright starts its own
 * as before, and fails on a port in use rather than run the journeys against another run's state.
 */
const serveEarly = (port, env) =>
  buildEnded.then(async (ok) => {
    if (!ok || (await answers(port))) return;
    const log = openSync(path.join(reports, `e2e-server-${port}.log`), "w");
    const server = start(process.execPath, [path.join(root, "scripts", "e2e-server.mjs"), "--port", String(port)], {
      stdio: ["ignore", log, log],
      detached: true,
    });
    servers.push(server);
    let exited = server.exitCode !== null;
    server.once("exit", () => {
      exited = true;
    });
    const deadline = Date.now() + 300_000;
    while (!exited) {
      if (await answers(port)) {
        env.E2E_REUSE_SERVER = "1";
        return;
      }
      if (Date.now() > deadline) {
        // Stopped, so the port is free for the server Playwright then starts itself (the loop ends on its exit).
        try {
          process.kill(-server.pid, "SIGTERM");
        } catch {}
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  });
const journeys = (part, port, workers) => {
  const file = path.join(reports, `e2e-${part}.json`);
  const journeyStage = stage(
    `browser journeys, ${part} part (Playwright, axe)`,
    bin("playwright"),
    ["test", "--reporter=list,json"],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      E2E_PART: part,
      E2E_PORT: String(port),
      E2E_OUTPUT: path.join(root, "test-results", part),
      E2E_AXE_CLEAN: axeClean,
      // Each worker has a server of its own (decision 0121). The early part runs beside the Worker tests with
      // one; the late part, after them, with two: the whole run used about one core of two, the journeys
      // waiting on their pages more than working (0287).
      E2E_WORKERS: process.env.E2E_WORKERS ?? String(workers),
    },
    playwrightReport(file),
  );
  // The stage reads its env when it starts, once its server answers (serveEarly sets E2E_REUSE_SERVER in it).
  return { ...journeyStage, after: serveEarly(port, journeyStage.env) };
};
const browser = browserAvailable();
if (!browser) {
  console.error(
    "\nNo Chromium found for the browser journeys. Install one of:\n" +
      "  Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell\n" +
      "  elsewhere:     npx playwright install chromium\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  stages.push({ name: "browser journeys (no Chromium found)", ok: false, seconds: 0 });
}
await runSideBySide(stages, [
  [
    stage("types (wrangler types, react-router typegen, tsc)", "npm", ["run", "--silent", "typecheck"]),
    stage("generated files are committed as generated", "git", [
      "diff",
      "--exit-code",
      "--stat",
      "--",
      "worker-configuration.d.ts",
    ]),
    vitest("unit tests", "unit", "vitest.unit.config.ts", ["--project", "unit"]),
    {
      ...vitest("heavy worker tests (floods, scale)", "worker-heavy", "vitest.worker.config.ts", [
        "--project",
        "heavy",
        "--maxWorkers=1",
        ...shuffle,
      ]),
      after: buildEnded,
    },
    hogged ? besideHog(heavyUnit) : heavyUnit,
    ...(browser ? [journeys("early", e2ePort, 1)] : []),
  ],
  [
    stage("lint and format", bin("biome"), ["check", "."]),
    { ...stage("production build", bin("react-router"), ["build"]), ended: (ok) => built(ok) },
    vitest("worker tests (workerd, D1, KV)", "worker", "vitest.worker.config.ts", [
      "--project",
      "shared",
      "--project",
      "own",
      ...shuffle,
    ]),
    // One port up, so two workers a part still give each server a port of its own (serverURL adds 100 a worker).
    ...(browser ? [journeys("late", e2ePort + 1, 2)] : []),
  ],
]);

stopServers();

const counted = stages.map(({ name, ok }) => {
  const reader = readers.get(name);
  let report;
  if (reader && existsSync(reader.file)) {
    try {
      report = reader.read();
    } catch (error) {
      console.error(`${name}: its report could not be read (${error.message})`);
    }
  }
  return { ok: ok && (!reader || report !== undefined), report };
});
const counts = countTests(counted);
const failed = counted.some((s) => !s.ok) || counts.failed > 0;
console.log(`\n${stageTable(stages, { wallSeconds: (Date.now() - started) / 1000 })}`);
if (seed && stages.some((s) => s.name.includes("worker tests") && !s.ok)) console.log(`\nWorker order: ${replay}`);
console.log(`\n${closingLine(counts)}`);
process.exit(failed ? 1 : 0);
