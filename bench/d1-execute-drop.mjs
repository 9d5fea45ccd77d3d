// Does `wrangler d1 execute --local` on a running server's state drop the server's kept-alive connections?
// Each round: requests in flight, then an 8 s pause or a d1 execute, then the next request (0166).
//   BENCH_REUSE_BUILD=1 BENCH_PORT=5420 node bench/d1-execute-drop.mjs  (serves build/ as it is when BENCH_REUSE_BUILD is set)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { bin, offlineEnv, root, serveFreshBuild } from "../scripts/wrangler-env.mjs";

const port = Number(process.env.BENCH_PORT ?? 8799);
const base = `http://127.0.0.1:${port}`;
const { server, state } = await serveFreshBuild({
  name: "bench-drop-state",
  port,
  appEnv: "test",
  log: path.join(root, ".wrangler", "bench-drop-state.log"),
});
const health = () => fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
const pause = async () => new Promise((r) => setTimeout(r, 8000));
const execute = async () => {
  const sql = "select count(*) from user";
  const r = spawnSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql], {
    cwd: root,
    env: offlineEnv,
    stdio: "ignore",
  });
  if (r.status !== 0) throw new Error("wrangler d1 execute failed");
};
try {
  for (const [label, between] of [
    ["8 s pause", pause],
    ["d1 execute", execute],
  ]) {
    let dropped = 0;
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 4 }, health));
      await between();
      try {
        await health();
      } catch (error) {
        if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
        dropped++;
      }
    }
    console.log(`${label.padEnd(12)} then a request on a kept-alive connection: ${dropped} of 3 dropped`);
  }
} finally {
  process.kill(-server.pid, "SIGTERM");
}
