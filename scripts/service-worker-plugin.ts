import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/** Client files the worker does not keep: dotfiles (wrangler's .assetsignore), the OCR engine (15 MB, fetched when used), the visitor card's script, headers. */
const SKIP = [/(^|\/)\./, /^vendor\//, /^sw\.js$/, /^_headers$/, /^card\.js$/, /^og-image\.png$/, /\.map$/];

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
export async function writeServiceWorker(outDir: string, root: string): Promise<void> {
  const all = (await files(outDir)).filter((f) => !SKIP.some((r) => r.test(f)));
  const manifestFile = all.find((f) => /^assets\/manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error("service worker: React Router's manifest is missing from the client build");
  const manifestSource = await readFile(path.join(outDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as {
    version: string;
    routes: unknown;
  };
  const hash = createHash("sha256");
  for (const f of all.sort()) hash.update(f).update(await readFile(path.join(outDir, f)));
  const info = {
    version: hash.digest("hex").slice(0, 12),
    // The static assets answer /x.html with a redirect to /x; precache the address that answers 200.
    precache: all.map((f) => `/${f.replace(/\.html$/, "")}`),
    manifestVersion: manifest.version,
    routes: manifest.routes,
  };
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
  return {
    name: "knowwho-service-worker",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        await writeServiceWorker(path.resolve(client.config.root, client.config.build.outDir), client.config.root);
      },
    },
  };
}
