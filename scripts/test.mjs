// `npm test`: every check, in the order a failure is cheapest to find. Ends with one summary line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { stageTable } from "./stage-table.mjs";
import { runChain, runSideBySide } from "./stages.mjs";
import { bin, offlineEnv, root } from "./wrangler-env.mjs";

const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
/** Each stage's name, outcome and seconds, printed as a table at the end. */
const stages = [];

const stage = (name, command, args, env = {}) => ({ name, command, args, cwd: root, env: { ...offlineEnv, ...env } });
const started = Date.now();

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

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

const vitestJson = (name) => [
  `--reporter=default`,
  `--reporter=json`,
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];

// The real clients the tests use (Chromium, python3-vobject, LibreOffice, openssl):
// installed through apt-get where they are missing and we may, otherwise named so nothing is skipped silently.
let ok = await runChain(stages, [
  stage("test tools (Debian packages)", "bash", [path.join(root, "scripts", "install-test-tools.sh")]),
]);
// Two chains side by side on two cores: tsc (one core, most of the types stage) beside lint, the unit
// tests (one Vitest worker) and the build. Neither reads what the other writes: the unit tests read no
// generated types and no build; the build does not read .react-router/types or worker-configuration.d.ts.
ok =
  ok &&
  (await runSideBySide(stages, [
    [
      stage("types (wrangler types, react-router typegen, tsc)", "npm", ["run", "--silent", "typecheck"]),
      stage("generated files are committed as generated", "git", [
        "diff",
        "--exit-code",
        "--stat",
        "--",
        "worker-configuration.d.ts",
      ]),
    ],
    [
      stage("lint and format", bin("biome"), ["check", "."]),
      stage("unit tests", bin("vitest"), ["run", "--config", "vitest.unit.config.ts", ...vitestJson("unit")]),
      stage("production build", bin("react-router"), ["build"]),
    ],
  ]));
countVitest(path.join(reports, "unit.json"));

ok =
  ok &&
  (await runChain(stages, [
    stage("worker tests (workerd, D1, KV)", bin("vitest"), [
      "run",
      "--config",
      "vitest.worker.config.ts",
      ...vitestJson("worker"),
    ]),
  ]));
countVitest(path.join(reports, "worker.json"));

if (ok && !browserAvailable()) {
  console.error(
    "\nNo Chromium found for the browser journeys. Install one of:\n" +
      "  Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell\n" +
      "  elsewhere:     npx playwright install chromium\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  ok = false;
  counts.failed += 1;
}
if (ok) {
  ok = await runChain(stages, [
    stage("browser journeys (Playwright, axe)", bin("playwright"), ["test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "e2e.json"),
      // Two workers, each with a server of its own (docs/decisions/0121); E2E_WORKERS=1 runs them one by one.
      E2E_WORKERS: process.env.E2E_WORKERS ?? "2",
    }),
  ]);
  countPlaywright(path.join(reports, "e2e.json"));
}

if (!ok && counts.failed === 0) counts.failed = 1;
console.log(`\n${stageTable(stages, { wallSeconds: (Date.now() - started) / 1000 })}`);
console.log(
  `\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`,
);
process.exit(ok ? 0 : 1);
