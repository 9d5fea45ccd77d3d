import { existsSync } from "node:fs";

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
