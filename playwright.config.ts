import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_OUTPUT, E2E_WORKERS, launchOptions, serverURL } from "./tests/e2e/browser";

/**
 * The phone project runs only the journeys tagged `@layout`: those whose layout differs on a phone (the app
 * shell's tab bar, the marketing menu, the capture screen, toasts above the tab bar, field errors, error
 * pages, the visitor's share-back, a campaign on a phone, the card templates). A journey that only walks a
 * flow runs once, on desktop; journeys that check a 390 px page open a phone-sized context of their own.
 * A journey tagged `@phone` (the tab bar, the marketing menu, a slow phone) runs on the phone alone: the
 * desktop project does not even start it (docs/decisions/0275).
 */
const PHONE_GREP = /@layout\b|@phone\b/;
const PHONE_ONLY = /@phone\b/;

/**
 * `npm test` runs the journeys in two parts (`E2E_PART`): the early part as soon as the types, unit and heavy
 * tests end, with one worker beside the Worker tests, which leave a core idle; the late part once the Worker
 * tests end, with two (docs/decisions/0287). The early part is these files, chosen so both parts end together;
 * every other file, a new one too, is in the late part. Without `E2E_PART`, all.
 */
const EARLY_FILES = [
  "app-shell.spec.ts",
  "offline.spec.ts",
  "site-crawl.spec.ts",
  "follow.spec.ts",
  "network.spec.ts",
  "error-pages.spec.ts",
  "account.spec.ts",
  "organiser-events.spec.ts",
  "capture.spec.ts",
  "trust-ui.spec.ts",
  "site-journeys.spec.ts",
  "plans.spec.ts",
  "mailings-organiser.spec.ts",
];
const missing = EARLY_FILES.filter((file) => !existsSync(path.join(import.meta.dirname, "tests/e2e", file)));
// A renamed journey would otherwise move to the late part unseen and leave the parts unbalanced.
if (missing.length > 0) throw new Error(`playwright.config.ts names journeys that do not exist: ${missing.join(", ")}`);
const PART = process.env.E2E_PART || undefined;
if (PART !== undefined && PART !== "early" && PART !== "late")
  throw new Error(`E2E_PART is "early", "late" or unset, not "${PART}"`);
const early = EARLY_FILES.map((file) => `**/${file}`);

export default defineConfig({
  testDir: "tests/e2e",
  ...(PART === "early" ? { testMatch: early } : PART === "late" ? { testIgnore: early } : {}),
  outputDir: E2E_OUTPUT,
  fullyParallel: false,
  // Each worker has a server and state of its own (fixtures.ts picks it by parallel index): no shared
  // demo account, rate-limit counters or edge cache between workers (docs/decisions/0121).
  workers: E2E_WORKERS,
  // One retry in CI so a loaded machine's timeout cannot block a landing; the run names every journey that
  // needed it as flaky, and a flaky journey is a failure to fix, not to hide.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: serverURL(0),
    // Recording a trace of every journey cost a fifth of the stage's CPU (docs/decisions/0174); CI records
    // one for a journey's retry, which its one retry gives every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: launchOptions(),
  },
  projects: [
    {
      name: "desktop",
      grepInvert: PHONE_ONLY,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    { name: "phone", grep: PHONE_GREP, use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } } },
  ],
  // The production build, one server per worker, each with its own freshly migrated and seeded state; the
  // second and later copy the first's, started before them (docs/decisions/0127).
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => ({
    command: `node scripts/e2e-server.mjs --port ${new URL(serverURL(i)).port}${i > 0 ? ` --copy-from ${new URL(serverURL(0)).port}` : ""}`,
    url: `${serverURL(i)}/api/health`,
    // `npm test` starts each part's server as soon as the build is there and asks Playwright to use it (0287).
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
