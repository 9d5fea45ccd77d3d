import { defineConfig } from "vitest/config";

/** Pure code (app/lib, database helpers): no Worker, no I/O. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: { include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"], environment: "node" },
});
