import { defineConfig } from "vitest/config";

/** LibreOffice opening our CSV and XLSX: seconds to start, and minutes on a busy machine (docs/decisions/0174). */
export const HEAVY = ["tests/unit/external-tools.test.ts"];

/** Pure code (app/lib, database helpers): no Worker, no I/O. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Some tests run real clients (python3-vobject) or many property runs; beside tsc on a machine others
    // load too (load average 22), two passed Vitest's 5 s default: the limit is for hangs.
    testTimeout: 30_000,
    projects: [
      {
        extends: true as const,
        // One process imports the app's modules once for every file (docs/decisions/0276): a fresh one per file
        // spent more CPU importing than the tests ran. No unit test mocks or stubs a module or a global.
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: HEAVY,
          isolate: false,
        },
      },
      // npm test runs these beside the worker tests; the limit is for hangs on a machine whose cores are busy.
      { extends: true as const, test: { name: "heavy", include: HEAVY, testTimeout: 600_000 } },
    ],
  },
});
