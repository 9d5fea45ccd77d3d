import { existsSync } from "node:fs";
import path from "node:path";

const firstPresent = (candidates: (string | undefined)[]) =>
  candidates.find((p): p is string => Boolean(p && existsSync(p)));

/** Debian's Chromium where present (no download needed), else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  return firstPresent([process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"]);
}

/**
 * The journeys' browser: Debian's headless shell where present, the same Chromium without the desktop
 * browser's windowing and extensions, which spends about a third less CPU per journey (decision 0173).
 * Without it, the full Chromium runs the same journeys; with neither, Playwright's own headless shell.
 */
export function headlessShellPath(): string | undefined {
  return firstPresent([process.env.CHROMIUM_HEADLESS_SHELL_PATH, "/usr/bin/chromium-headless-shell"]) ?? chromiumPath();
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

/**
 * `fullChromium` is for the few journeys that need what only the full browser has (Background Sync, a
 * fake camera); a file that asks for it runs in a worker of its own browser (decision 0173).
 */
export const launchOptions = (extraArgs: string[] = [], { fullChromium = false } = {}) => ({
  executablePath: fullChromium ? chromiumPath() : headlessShellPath(),
  args: [...CHROMIUM_ARGS, ...extraArgs],
});

/** The full browser with a fake camera that plays this video (the headless shell gives pages no camera). */
export const cameraLaunchOptions = (video: string) =>
  launchOptions(["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`], {
    fullChromium: true,
  });

/** The port the journeys' own server listens on, on loopback. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);

/**
 * Journeys run in this many workers (a plain run in CI: 2; `npm test`: one in each of its two parts, 0287), each
 * against a server and state of its own.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));

/** The server of the worker with this parallel index: E2E_PORT, then 100 ports up for each further worker. */
export const serverURL = (parallelIndex: number) => `http://127.0.0.1:${E2E_PORT + 100 * parallelIndex}`;

/**
 * The run's own folder for Playwright's results and the journeys' scratch files (demo sessions, fake camera
 * videos): `npm test` runs the journeys in two parts at once, each emptying a folder of its own (0287).
 */
export const E2E_OUTPUT = path.resolve(process.env.E2E_OUTPUT ?? "test-results");

/**
 * The pages axe found clean, shared by every worker, project and part of a run: inside the run's folder, or
 * where `npm test` names one it empties before both parts start.
 */
export const AXE_CLEAN_DIR = path.resolve(process.env.E2E_AXE_CLEAN ?? path.join(E2E_OUTPUT, "axe-clean"));

/** The local state (D1, KV, wallet credentials) scripts/e2e-server.mjs made for that worker's server. */
export const serverState = (parallelIndex: number) =>
  path.resolve(import.meta.dirname, "../../.wrangler", `e2e-state-${new URL(serverURL(parallelIndex)).port}`);
