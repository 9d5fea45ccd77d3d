// `node bench/renderers.mjs` (and `npm run bench`): the visitor card page rendered in workerd by renderToString and by the
// streaming renderer (renderToReadableStream + allReady), production React, interleaved in one run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "rolldown";
import { bin, root, start, waitForHealth } from "../scripts/wrangler-env.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "kw-renderers-"));
const file = path.join(dir, "worker.js");
await build({
  input: path.join(root, "bench", "renderer-worker.ts"),
  cwd: root,
  platform: "neutral",
  resolve: { alias: { "~": path.join(root, "app") }, conditionNames: ["workerd", "worker", "import", "default"] },
  transform: { define: { "process.env.NODE_ENV": '"production"' }, jsx: { runtime: "automatic" } },
  // One file for `wrangler dev`: the app's lazy imports (catalogues, wallet signing) are inlined, not split off.
  output: { file, format: "esm", minify: true, codeSplitting: false },
  logLevel: "warn",
});
const PORT = Number(process.env.BENCH_RENDERERS_PORT ?? 8797);
const base = `http://127.0.0.1:${PORT}`;
// Its own folder for wrangler's local state, beside the script, removed after.
const server = start(
  bin("wrangler"),
  [
    "dev",
    file,
    "--ip",
    "127.0.0.1",
    "--port",
    String(PORT),
    "--compatibility-date",
    "2025-09-01",
    "--persist-to",
    path.join(dir, "state"),
    "--show-interactive-dev-session=false",
  ],
  { stdio: "ignore", detached: true },
);
try {
  await waitForHealth(base);
  const n = Number(process.env.RENDERS ?? 200);
  await (await fetch(`${base}/?n=20`)).arrayBuffer(); // warm-up
  const r = await (await fetch(`${base}/?n=${n}`)).json();
  const per = (ms) => `${((ms / r.renders) * 1000).toFixed(0)} µs`;
  console.log(`Card page in workerd, ${r.renders} renders each, interleaved (same HTML from both: ${r.same}):`);
  console.log(`renderToString                      ${per(r.string).padStart(8)} a page`);
  console.log(
    `renderToReadableStream + allReady   ${per(r.stream).padStart(8)} a page  (ratio ${(r.stream / r.string).toFixed(2)}; one at a time, so its timer hops count)`,
  );
  console.log(
    `  the same, ${n} pages in flight      ${per(r.concurrent).padStart(8)} a page  (ratio ${(r.concurrent / r.string).toFixed(2)}; what a busy Worker pays)`,
  );
} finally {
  process.kill(-server.pid, "SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
