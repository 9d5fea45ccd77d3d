import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/** The cron over every account (plans, reminders), a first visit to a public page, the home page's four events. */
const OWN_WORKERD = [
  "tests/worker/plans.test.ts",
  "tests/worker/reminders.test.ts",
  "tests/worker/page-cache.test.ts",
  "tests/worker/organiser-events.test.ts",
];

/**
 * The heavy files, run by `npm test` as a stage of their own beside the rest (docs/decisions/0174): floods
 * of a card, 5,000 to 50,001 people or attendees, 20,000 gifts. Each is a workerd's whole time for a while.
 */
export const HEAVY = [
  "tests/worker/keynote.test.ts",
  "tests/worker/carddav-stream.test.ts",
  "tests/worker/organiser-events-scale.test.ts",
  "tests/worker/exports-stream.test.ts",
  "tests/worker/gift-import.test.ts",
  "tests/worker/mailing-scale.test.ts",
];

/**
 * Worker tests run inside workerd against the production build (build/server), with D1, KV and
 * the rate limiters from its wrangler config and every migration applied before a workerd's first file.
 */
/**
 * The build's wrangler config without a consumer for the mailings queue, beside it so its paths hold. Each
 * mailings test delivers its groups itself (createMessageBatch); a live consumer in the same workerd claimed
 * a test's recipients first whenever the test's next step came a second late, as on a busy machine.
 */
function withoutMailingsConsumer(): string {
  const built = path.join(import.meta.dirname, "build/server/wrangler.json");
  const config = JSON.parse(readFileSync(built, "utf8"));
  config.queues.consumers = config.queues.consumers.filter((c: { queue: string }) => c.queue !== "knowwho-mailings");
  const derived = path.join(import.meta.dirname, "build/server/wrangler.worker-tests.json");
  // Written whole under another name, then renamed: npm test starts two runs of this config at once.
  writeFileSync(`${derived}.${process.pid}`, JSON.stringify(config));
  renameSync(`${derived}.${process.pid}`, derived);
  return derived;
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  const configPath = withoutMailingsConsumer();
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            AUTH_SECRET: "test-auth-secret-0123456789abcdefghijklmnop",
            CARD_SIGNING_SECRET: "test-card-secret-0123456789abcdefghijklmnop",
            // The third is signed up unconfirmed by one test alone, so no other test depends on running after it.
            OPERATOR_EMAILS: "operator@example.org, second-operator@example.org, unconfirmed-operator@example.org",
            TEST_MIGRATIONS: migrations,
            // Rate limits counted in windows each key opens, not the simulator's wall-clock minute (limiterFor).
            RATE_LIMIT_WINDOWS: "in-isolate",
          },
          // An empty database on which a test applies the migrations one by one (rows before = after).
          d1Databases: { MIGRATION_DB: "migration-check" },
        },
      }),
    ],
    // npm test runs two of these at once (the heavy stage beside the rest): a dependency cache each, as one
    // run's optimizer renames the shared one away from under the other on a fresh clone.
    cacheDir: path.join(import.meta.dirname, "node_modules/.vite", process.env.VITEST_CACHE_NAME ?? "worker"),
    resolve: {
      tsconfigPaths: true,
      // The route table is read by tests (route-table.test.ts); the real helpers need Node's CommonJS.
      alias: { "@react-router/dev/routes": path.join(import.meta.dirname, "tests/worker/route-helpers.ts") },
    },
    test: {
      // Many tests drive several requests through the built Worker; on a 2-core machine that others load
      // too, two files at a time, a fundraising test ran 21 s (load average 20): the limit is for hangs.
      testTimeout: 60_000,
      // Two workerds on two cores, not Vitest's cores - 1. The stand-ins run in a process of their own
      // (global-setup.ts), so they keep answering.
      maxWorkers: 2,
      setupFiles: ["./tests/worker/apply-migrations.ts", "./tests/worker/patient-polls.ts"],
      // A poll's limit guards against hangs; the default second is a speed test on a busy machine.
      expect: { poll: { timeout: 30_000 } },
      globalSetup: ["./tests/worker/global-setup.ts"],
      // The Standard Webhooks reference library and qrcode (the two-step set-up's QR, imported by its test) are
      // CommonJS: pre-bundled before the first file, so no file finds a new dependency and reloads the others mid-run.
      deps: { optimizer: { ssr: { enabled: true, include: ["standardwebhooks", "qrcode"] } } },
      projects: [
        // Each workerd runs file after file with the Worker imported once, one D1, KV and edge cache
        // (docs/decisions/0171): a file's rows, keys and addresses are its own, as on a live Worker.
        {
          extends: true as const,
          test: {
            name: "shared",
            isolate: false,
            include: ["tests/worker/**/*.test.ts"],
            exclude: [...OWN_WORKERD, ...HEAVY],
          },
        },
        // Files that assert on the whole database or the whole edge cache keep a workerd to themselves.
        { extends: true as const, test: { name: "own", include: OWN_WORKERD } },
        // The heavy files share a workerd of their own; their limit is for hangs on a machine whose cores are busy.
        {
          extends: true as const,
          test: { name: "heavy", isolate: false, include: HEAVY, testTimeout: 600_000 },
        },
      ],
    },
  };
});
