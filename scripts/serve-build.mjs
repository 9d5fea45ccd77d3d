// Serves the production build (build/) with wrangler on loopback.
//   node scripts/serve-build.mjs [--port N] [--persist-to DIR] [--app-env NAME]
import { bin, start } from "./wrangler-env.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > -1 ? process.argv[i + 1] : fallback;
};

const port = arg("--port", process.env.PORT ?? "8787");
const persistTo = arg("--persist-to");
const appEnv = arg("--app-env");

const args = ["dev", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false"];
if (persistTo) args.push("--persist-to", persistTo);
if (appEnv) args.push("--var", `APP_ENV:${appEnv}`);
// Extra variables given as --var KEY:VALUE (the journeys' throwaway wallet credentials).
process.argv.forEach((a, i) => {
  if (a === "--var" && process.argv[i + 1]) args.push("--var", process.argv[i + 1]);
});

const child = start(bin("wrangler"), args);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
