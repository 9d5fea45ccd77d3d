// The server Playwright starts: fresh local state, migrated and seeded, then the production build.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./wrangler-env.mjs";

const portArg = process.argv.indexOf("--port");
const port = portArg > -1 ? process.argv[portArg + 1] : "8799";
// One state per server, so journeys in two workers never share a database, KV or rate-limit counters.
const state = path.join(root, ".wrangler", `e2e-state-${port}`);
rmSync(state, { recursive: true, force: true });
run(process.execPath, [path.join(root, "scripts", "setup.mjs"), "--persist-to", state]);
// Wallet passes are configured with credentials made now by openssl, so the journeys can verify a pass.
try {
  const dir = path.join(state, "wallet");
  mkdirSync(dir, { recursive: true });
  const { makeTestWalletCredentials } = await import("../tests/support/test-certs.mjs");
  const creds = makeTestWalletCredentials(dir);
  for (const [key, value] of Object.entries({ ...creds.apple, ...creds.google }))
    process.argv.push("--var", `${key}:${value.trim().replace(/\n/g, "\\n")}`);
} catch (error) {
  console.warn(`Wallet passes stay unconfigured (openssl missing?): ${error.message}`);
}
// The nonprofit journey's operators (one per Playwright project), named the way production names them.
process.argv.push("--var", "OPERATOR_EMAILS:operator-desktop@e2e.example.org,operator-phone@e2e.example.org");
// The mailings journey signs a bounce as the provider would, with this throwaway secret.
process.argv.push("--var", "RESEND_WEBHOOK_SECRET:whsec_ZTJlLW1haWxpbmctd2ViaG9vay1zZWNyZXQtMDEyMw==");
process.argv.push("--persist-to", state, "--app-env", "test", "--port", port);
await import("./serve-build.mjs");
