// What the browser is sent, read from the client build (build/client): each script's gzip size and the
// scripts a page's document names, from React Router's route manifest. Shared by the bench and the tests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./wrangler-env.mjs";

export const clientDir = path.join(root, "build", "client");

/** Bytes after gzip at its highest level, as the bench has always counted them. */
export const gzipBytes = (buf) => gzipSync(buf, { level: 9 }).byteLength;

/** Every script under /assets/ and its gzip size, by the address the page names it with. */
export function clientScripts(dir = clientDir) {
  const sizes = new Map();
  for (const name of readdirSync(path.join(dir, "assets")))
    if (name.endsWith(".js")) sizes.set(`/assets/${name}`, gzipBytes(readFileSync(path.join(dir, "assets", name))));
  return sizes;
}

/** The scripts served beside the assets (/site.js, /card.js, /passkey.js, /sw.js) and their gzip sizes. */
export function siteScripts(dir = clientDir) {
  const sizes = new Map();
  for (const name of readdirSync(dir))
    if (name.endsWith(".js")) sizes.set(`/${name}`, gzipBytes(readFileSync(path.join(dir, name))));
  return sizes;
}

/** React Router's route manifest as the build wrote it (window.__reactRouterManifest=...). */
export function routeManifest(dir = clientDir) {
  const file = readdirSync(path.join(dir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("React Router's manifest is missing from build/client/assets: build first");
  return JSON.parse(
    readFileSync(path.join(dir, "assets", file), "utf8")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  );
}

/** The scripts a first visit to a route loads before it is interactive: the entry's and each route's up the tree. */
export function routeScripts(manifest, routeId) {
  const urls = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? ""])
    for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
  return urls;
}

/** The service worker's two lists (scripts/service-worker-plugin.ts): fetched at install, and once it runs. */
export function precacheLists(dir = clientDir) {
  return JSON.parse(readFileSync(path.join(dir, "..", "sw-precache.json"), "utf8"));
}
