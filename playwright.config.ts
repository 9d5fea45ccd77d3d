import { defineConfig, devices } from "@playwright/test";
import { launchOptions, E2E_PORT as PORT } from "./tests/e2e/browser";

/**
 * The phone project runs only journeys whose layout differs on a phone (the app shell's tab bar, the
 * marketing menu, the card editor's tabs, the visitor card, toasts above the tab bar, field errors, error
 * pages, times, the organiser's event pages, the campaign dashboard):
 * whole files named here, or any test tagged `@layout`. Everything else runs once, on desktop.
 */
const PHONE_FILES = [
  "app-shell",
  "shell",
  "cards",
  "card-share",
  "capture-card",
  "forms",
  "security",
  "site-journeys",
  "toast",
  "trust-ui",
  "error-pages",
  "time-zones",
  "organiser-events",
  "campaign-phone",
];
const PHONE_GREP = [/@layout\b/, new RegExp(`(^|[\\s/])(${PHONE_FILES.join("|")})\\.spec\\.ts(\\s|$)`)];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: launchOptions(),
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "phone", grep: PHONE_GREP, use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    // The production build with its own freshly migrated and seeded state.
    command: `node scripts/e2e-server.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
