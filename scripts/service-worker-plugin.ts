import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** Client files the worker does not keep: dotfiles (wrangler's .assetsignore), the OCR engine (15 MB, fetched when used), the public pages' and the visitor card's scripts, headers. */
const SKIP = [
  /(^|\/)\./,
  /^vendor\//,
  /^sw\.js$/,
  /^_headers$/,
  /^card\.js$/,
  /^site\.js$/,
  /^og-image\.png$/,
  /\.map$/,
];

/** The routes whose pages open offline: the root, the signed-in layout and each kept page's route. */
const KEPT_ROUTE_PATHS = ["", "capture", "connections", "dashboard", "card", "card/:id"];

/** Of those, what offline capture needs, precached at install; the other kept pages' code follows once the worker runs (0263). */
export const FIRST_ROUTE_PATHS = ["", "capture"];

/** One client chunk's static and dynamic imports, as the client build wrote them. */
export type ChunkGraph = Map<string, string[]>;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
};
export type RouteManifest = {
  version: string;
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
};

/**
 * The build files the kept pages need, and nothing else: React Router's entry, the routes above with
 * their parents (the layout), every chunk they import statically or on demand (the QR scanner on
 * /capture, the toaster), and the route manifest. Other pages' code is fetched when visited; offline,
 * the worker answers it with a module that opens the offline page (0078).
 */
export function keptAssets(
  manifest: RouteManifest,
  manifestFile: string,
  graph: ChunkGraph,
  paths: readonly string[] = KEPT_ROUTE_PATHS,
): Set<string> {
  const fullPath = (route: ManifestRoute | undefined): string => {
    if (!route) return "";
    const parent = route.parentId ? fullPath(manifest.routes[route.parentId]) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const starts = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    const address = fullPath(route);
    // The landing page is the root's index; a kept page split into sections (/capture) keeps its index.
    if (!paths.includes(address) || (route.index && address === "")) continue;
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      for (const url of [r.module, ...(r.imports ?? []), ...(r.css ?? [])]) starts.add(url);
  }
  const kept = new Set<string>([manifestFile]);
  const visit = (file: string) => {
    if (kept.has(file)) return;
    kept.add(file);
    for (const next of graph.get(file) ?? []) visit(next);
  };
  for (const url of starts) visit(url.replace(/^\//, ""));
  return kept;
}

async function files(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join("/"));
  }
  return out;
}

/**
 * Builds app/sw/service-worker.ts into the client output as /sw.js once the whole app is built,
 * with the list of files to precache and React Router's route manifest (read from the build, so
 * route discovery works offline). The version changes whenever any precached file does.
 */
export async function writeServiceWorker(outDir: string, root: string, graph: ChunkGraph): Promise<void> {
  const files_ = (await files(outDir)).filter((f) => !SKIP.some((r) => r.test(f)));
  const manifestFile = files_.find((f) => /^assets\/manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error("service worker: React Router's manifest is missing from the client build");
  const manifestSource = await readFile(path.join(outDir, manifestFile), "utf8");
  const manifest = JSON.parse(
    manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
  ) as RouteManifest;
  const kept = keptAssets(manifest, manifestFile, graph);
  const first = keptAssets(manifest, manifestFile, graph, FIRST_ROUTE_PATHS);
  const script = (f: string) => /^assets\/.*\.js$/.test(f);
  // Scripts are kept only when a kept page needs them; stylesheets, icons and the offline page always.
  const all = files_.filter((f) => !script(f) || kept.has(f));
  const url = (f: string) => `/${f.replace(/\.html$/, "")}`;
  const hash = createHash("sha256");
  for (const f of all.sort()) hash.update(f).update(await readFile(path.join(outDir, f)));
  const info = {
    version: hash.digest("hex").slice(0, 12),
    // The static assets answer /x.html with a redirect to /x; precache the address that answers 200.
    precache: all.filter((f) => !script(f) || first.has(f)).map(url),
    later: all.filter((f) => script(f) && !first.has(f)).map(url),
    manifestVersion: manifest.version,
    routes: manifest.routes,
  };
  // The two lists beside the build, for the bench (scripts/client-assets.mjs); the minified worker is no format.
  await writeFile(
    path.join(outDir, "..", "sw-precache.json"),
    JSON.stringify({ precache: info.precache, later: info.later }),
  );
  await build({
    input: path.join(root, "app/sw/service-worker.ts"),
    cwd: root,
    platform: "browser",
    transform: { define: { __SW_BUILD__: JSON.stringify(info) } },
    output: { file: path.join(outDir, "sw.js"), format: "iife", minify: true },
    logLevel: "warn",
  });
}

export function serviceWorker(): Plugin {
  // The client build's chunk graph, read as it is written (React Router removes Vite's manifest file).
  const graph: ChunkGraph = new Map();
  return {
    name: "knowwho-service-worker",
    apply: "build",
    writeBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle))
        if (chunk.type === "chunk") graph.set(chunk.fileName, [...chunk.imports, ...chunk.dynamicImports]);
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const outDir = path.resolve(client.config.root, client.config.build.outDir);
        await writeServiceWorker(outDir, client.config.root, graph);
      },
    },
  };
}
