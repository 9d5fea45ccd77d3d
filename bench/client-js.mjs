// `npx react-router build && node bench/client-js.mjs`: what the browser and the Worker are sent, from the
// build as it stands (no server): every client script's gzip total, the scripts a signed-in first visit to
// /dashboard loads before it is interactive (largest first, with what each holds), the server bundle.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  clientDir,
  clientScripts,
  gzipBytes,
  precacheLists,
  routeManifest,
  routeScripts,
} from "../scripts/client-assets.mjs";
import { root } from "../scripts/wrangler-env.mjs";

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (values) => [...values].reduce((a, b) => a + b, 0);

const scripts = clientScripts();
console.log(`Client scripts (build/client/assets, gzip): ${kb(sum(scripts.values()))} in ${scripts.size} files`);

const dashboard = [...routeScripts(routeManifest(), "routes/app/dashboard")].map((url) => [url, scripts.get(url)]);
dashboard.sort((a, b) => b[1] - a[1]);
console.log(
  `JavaScript before /dashboard is interactive (gzip, from the route manifest): ${kb(sum(dashboard.map(([, n]) => n)))} in ${dashboard.length} modules (goal 100 KB)`,
);
for (const [url, bytes] of dashboard.filter(([, n]) => n >= 1024))
  console.log(`  ${url.padEnd(48)} ${kb(bytes).padStart(9)}`);

// A hydrated page in the visitor's language (decision 0270): the event join page's scripts, and the one language
// catalogue it loads beside them (each language a chunk of its own, named by its code), smallest to largest.
const join = sum(
  [...routeScripts(routeManifest(), "routes/app/organiser-events/join")].map((url) => scripts.get(url) ?? 0),
);
const catalogues = [...scripts].filter(([url]) =>
  /\/assets\/(es|fr|de|pt-BR|it|nl|ja|zh-Hans|ar)-[\w-]{8}\.js$/.test(url),
);
const sizes = catalogues.map(([, n]) => n);
console.log(
  `Event join page in a visitor's language (gzip): ${kb(join)} of scripts + its language catalogue ${catalogues.length ? `${kb(Math.min(...sizes))}-${kb(Math.max(...sizes))}` : "none"} (${catalogues.length} catalogues, one per language)`,
);

let server = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name.endsWith(".js")) server += gzipBytes(readFileSync(file));
  }
};
walk(path.join(root, "build", "server"));
console.log(`Server bundle (build/server, gzip, scripts only): ${kb(server)}`);

const { precache, later } = precacheLists();
const weigh = (urls) =>
  sum(
    urls.map((u) =>
      gzipBytes(readFileSync(path.join(clientDir, existsSync(path.join(clientDir, u)) ? u : `${u}.html`))),
    ),
  );
console.log(
  `Service worker: ${kb(weigh(precache))} gzip in ${precache.length} files at install (${precache.filter((u) => u.endsWith(".js")).length} scripts), ${kb(weigh(later))} in ${later.length} scripts once a signed-in page says hello`,
);
