import { existsSync } from "node:fs";
import path from "node:path";

/** Debian's Chromium where present (no download needed), else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const launchOptions = (extraArgs: string[] = []) => ({
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS, ...extraArgs],
});

/** The port the journeys' own server listens on, on loopback. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);

/** Journeys run in this many workers (`npm test` and CI: 2), each against a server and state of its own. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));

/** The server of the worker with this parallel index: E2E_PORT, then 100 ports up for each further worker. */
export const serverURL = (parallelIndex: number) => `http://127.0.0.1:${E2E_PORT + 100 * parallelIndex}`;

/** The local state (D1, KV, wallet credentials) scripts/e2e-server.mjs made for that worker's server. */
export const serverState = (parallelIndex: number) =>
  path.resolve(import.meta.dirname, "../../.wrangler", `e2e-state-${new URL(serverURL(parallelIndex)).port}`);
