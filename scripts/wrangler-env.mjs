// Shared by the project's scripts: run wrangler offline, with no prompts and no telemetry.
import { spawn, spawnSync } from "node:child_process";
import { openSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => path.join(root, "node_modules", ".bin", name);

export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  // Node 24 from the project's own dev dependency comes first, whatever the machine has.
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
};

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
  return result;
}

export function start(command, args, options = {}) {
  return spawn(command, args, { cwd: root, env: offlineEnv, stdio: "inherit", ...options });
}

/** Resolves once the Worker at `base` answers its health check; throws after a minute. */
export async function waitForHealth(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

/**
 * For the benches: builds the Worker (unless BENCH_REUSE_BUILD is set), migrates and seeds fresh local state in .wrangler/<name>, and serves
 * the build on loopback in its own process group (stop it with process.kill(-server.pid)). Resolves once
 * it answers, with the server and the state folder. `log` names a file for the server's own output;
 * `build: false` serves the build an earlier part of the same run made.
 */
export async function serveFreshBuild({ name, port, appEnv, log, build = true }) {
  // BENCH_REUSE_BUILD=1 serves build/ as it is: a bench then never rewrites files a running server serves.
  if (build && !process.env.BENCH_REUSE_BUILD)
    run(bin("react-router"), ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  const state = path.join(root, ".wrangler", name);
  rmSync(state, { recursive: true, force: true });
  run(process.execPath, [path.join(root, "scripts", "setup.mjs"), "--persist-to", state], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const server = start(
    process.execPath,
    [path.join(root, "scripts", "serve-build.mjs"), "--port", String(port), "--persist-to", state, "--app-env", appEnv],
    { stdio: log ? ["ignore", openSync(log, "w"), openSync(log, "a")] : "ignore", detached: true },
  );
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
  } catch (error) {
    process.kill(-server.pid, "SIGTERM");
    throw error;
  }
  return { server, state };
}
