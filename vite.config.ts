import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { serviceWorker } from "./scripts/service-worker-plugin.ts";
// @ts-expect-error a plain build script without types
import { copyVendorAssets } from "./scripts/vendor.mjs";

/** Puts the on-demand OCR engine into public/vendor before dev or build serves public/. */
const vendorAssets = (): Plugin => ({ name: "knowwho-vendor-assets", buildStart: () => copyVendorAssets() });

export default defineConfig({
  plugins: [
    vendorAssets(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    serviceWorker(),
  ],
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
});
