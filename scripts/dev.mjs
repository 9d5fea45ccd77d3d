// `npm start`: set up the local database (idempotent), then the dev server, offline.
import path from "node:path";
import { bin, root, run, start } from "./wrangler-env.mjs";

run(process.execPath, [path.join(root, "scripts", "setup.mjs")]);
const port = process.env.PORT ?? "5173";
const child = start(bin("react-router"), ["dev", "--host", "127.0.0.1", "--port", port, "--strictPort"]);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
