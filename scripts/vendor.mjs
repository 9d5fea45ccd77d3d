// Copies the browser-side engines the capture page loads on demand into public/vendor, so they
// are served by us (never a CDN) and only fetched when someone photographs a card.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { root } from "./wrangler-env.mjs";

const nm = (...p) => path.join(root, "node_modules", ...p);
const out = path.join(root, "public", "vendor", "tesseract");

const files = [
  [nm("tesseract.js", "dist", "worker.min.js"), path.join(out, "worker.min.js")],
  // LSTM-only cores (one per CPU feature level); each embeds its wasm.
  ...["tesseract-core-lstm.wasm.js", "tesseract-core-simd-lstm.wasm.js", "tesseract-core-relaxedsimd-lstm.wasm.js"].map(
    (f) => [nm("tesseract.js-core", f), path.join(out, "core", f)],
  ),
  // Integer-quantised English model: a third of the size of the float one.
  [
    nm("@tesseract.js-data", "eng", "4.0.0_best_int", "eng.traineddata.gz"),
    path.join(out, "lang", "eng.traineddata.gz"),
  ],
];

export function copyVendorAssets() {
  for (const [from, to] of files) {
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) copyVendorAssets();
