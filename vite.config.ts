import { createRequire } from "node:module";
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";
// @ts-expect-error a plain build script without types
import { copyVendorAssets } from "./scripts/vendor.mjs";

/** Modules the Worker never runs, swapped for small stand-ins in the server build only. */
const SERVER_STUBS: Record<string, string> = {
  jsqr: "app/server/stubs/browser-only.ts",
  "tesseract.js": "app/server/stubs/browser-only.ts",
  "@better-auth/kysely-adapter": "app/server/stubs/kysely-adapter.ts",
  kysely: "app/server/stubs/kysely.ts",
};

const serverStubs = (): Plugin => ({
  name: "knowwho-server-stubs",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "ssr",
  resolveId(id) {
    const stub = SERVER_STUBS[id];
    return stub ? path.resolve(import.meta.dirname, stub) : null;
  },
});

/**
 * react-dom/server for workerd is a CommonJS file that loads two renderers (the streaming one and the
 * legacy browser one behind renderToString, 46 KB gzip); the Worker uses only the first (decision 0077).
 */
const oneServerRenderer = (): Plugin => ({
  name: "knowwho-one-server-renderer",
  enforce: "pre",
  apply: "build",
  applyToEnvironment: (environment) => environment.name === "ssr",
  resolveId(id) {
    if (id !== "react-dom/server") return null;
    const reactDom = path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
    return path.join(reactDom, "cjs", "react-dom-server.edge.production.js");
  },
});

/**
 * The WebP and JPEG codecs' glue assigns import.meta.url when a host leaves it unset; Vite's module runner
 * (the Worker tests) cannot parse an assignment to import.meta, and the Worker never needs it: its wasm is
 * handed to init and its file is never located (decision 0248).
 */
const codecGlue = (): Plugin => ({
  name: "knowwho-codec-glue",
  applyToEnvironment: (environment) => environment.name === "ssr",
  transform(code, id) {
    if (!/@jsquash[\\/](webp|jpeg)[\\/]codec[\\/]/.test(id)) return null;
    return code.replaceAll('import.meta.url="https://localhost"', "void 0");
  },
});

/** Puts the on-demand OCR engine into public/vendor before dev or build serves public/. */
const vendorAssets = (): Plugin => ({ name: "knowwho-vendor-assets", buildStart: () => copyVendorAssets() });

export default defineConfig({
  plugins: [
    serverStubs(),
    oneServerRenderer(),
    vendorAssets(),
    codecGlue(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    serviceWorker(),
  ],
  resolve: { tsconfigPaths: true },
  // Names this build in the keys of cached public pages, so a deploy never serves the last one's pages.
  define: { __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
  server: { host: "127.0.0.1" },
  environments: {
    // The Worker is sized by its gzipped script (3 MB on the Free plan); names are not needed at run time.
    ssr: { build: { minify: true } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // zod and the setting that turns off its eval probe travel in one chunk, so the setting runs
            // before any other chunk builds a schema (our CSP forbids eval; see app/lib/forms/zod-config.ts).
            codeSplitting: {
              groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]|app[\\/]lib[\\/]forms[\\/]zod-config\.ts/ }],
            },
          },
        },
      },
    },
  },
});
