// The server Playwright starts: fresh local state, migrated and seeded, then the production build.
import { rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./wrangler-env.mjs";

const state = path.join(root, ".wrangler", "e2e-state");
rmSync(state, { recursive: true, force: true });
run(process.execPath, [path.join(root, "scripts", "setup.mjs"), "--persist-to", state]);
const port = process.argv[process.argv.indexOf("--port") + 1] ?? "8799";
process.argv.push("--persist-to", state, "--app-env", "test", "--port", port);
await import("./serve-build.mjs");
