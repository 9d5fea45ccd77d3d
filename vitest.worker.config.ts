import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Worker tests run inside workerd against the production build (build/server), with D1, KV and
 * the rate limiters from its wrangler config and every migration applied before each file.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./build/server/wrangler.json" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            AUTH_SECRET: "test-auth-secret-0123456789abcdefghijklmnop",
            CARD_SIGNING_SECRET: "test-card-secret-0123456789abcdefghijklmnop",
            TEST_MIGRATIONS: migrations,
          },
          // An empty database on which a test applies the migrations one by one (rows before = after).
          d1Databases: { MIGRATION_DB: "migration-check" },
        },
      }),
    ],
    resolve: { tsconfigPaths: true },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
    },
  };
});
