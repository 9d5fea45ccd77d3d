import { defineConfig } from "vitest/config";

/** Pure code (app/lib, database helpers): no Worker, no I/O. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    // Some tests run real clients (python3-vobject) or many property runs; beside tsc on a machine others
    // load too (load average 22), two passed Vitest's 5 s default: the limit is for hangs.
    testTimeout: 30_000,
  },
});
