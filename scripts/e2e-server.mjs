// The server Playwright starts: fresh local state, migrated and seeded, then the production build.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { root, start } from "./wrangler-env.mjs";

const portArg = process.argv.indexOf("--port");
const port = portArg > -1 ? process.argv[portArg + 1] : "8799";
// One state per server, so journeys in two workers never share a database, KV or rate-limit counters.
const state = path.join(root, ".wrangler", `e2e-state-${port}`);
rmSync(state, { recursive: true, force: true });
// Playwright starts its servers one after another, each once the one before answers: a later server copies
// the first one's freshly migrated and seeded state (untouched, no journey has run) and its wallet
// credentials instead of migrating, seeding and running openssl again.
const copyArg = process.argv.indexOf("--copy-from");
const source = copyArg > -1 ? path.join(root, ".wrangler", `e2e-state-${process.argv[copyArg + 1]}`) : undefined;
const started = Date.now();
let setup = Promise.resolve();
if (source && existsSync(path.join(source, "v3"))) {
  cpSync(source, state, { recursive: true });
  console.error(`e2e-server ${port}: state copied from ${path.basename(source)} in ${Date.now() - started} ms`);
} else {
  // The setup's wrangler runs in a process of its own while openssl makes the wallet credentials below.
  const child = start(process.execPath, [path.join(root, "scripts", "setup.mjs"), "--persist-to", state, "--fresh"]);
  setup = new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`setup exited with ${code}`)))),
  );
}
// Wallet passes are configured with credentials made by openssl, so the journeys can verify a pass.
try {
  const dir = path.join(state, "wallet");
  const { makeTestWalletCredentials, readTestWalletCredentials } = await import("../tests/support/test-certs.mjs");
  const copied = existsSync(path.join(dir, "pass.pem"));
  mkdirSync(dir, { recursive: true });
  const creds = copied ? readTestWalletCredentials(dir) : makeTestWalletCredentials(dir);
  for (const [key, value] of Object.entries({ ...creds.apple, ...creds.google }))
    process.argv.push("--var", `${key}:${value.trim().replace(/\n/g, "\\n")}`);
} catch (error) {
  console.warn(`Wallet passes stay unconfigured (openssl missing?): ${error.message}`);
}
await setup;
console.error(`e2e-server ${port}: state and wallet ready in ${Date.now() - started} ms`);
// The nonprofit journey's operators (one per Playwright project), named the way production names them.
process.argv.push("--var", "OPERATOR_EMAILS:operator-desktop@e2e.example.org,operator-phone@e2e.example.org");
// The mailings journey signs a bounce as the provider would, with this throwaway secret.
process.argv.push("--var", "RESEND_WEBHOOK_SECRET:whsec_ZTJlLW1haWxpbmctd2ViaG9vay1zZWNyZXQtMDEyMw==");
process.argv.push("--persist-to", state, "--app-env", "test", "--port", port);
await import("./serve-build.mjs");
