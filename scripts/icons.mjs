// Renders the app icons in public/icons/ from the logo (public/favicon.svg). Run after changing the logo:
// node scripts/icons.mjs. The PNGs are committed, so builds need no renderer.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const root = path.resolve(import.meta.dirname, "..");
const logo = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const inner = logo.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
// The card glyph without its rounded tile, for the full-bleed icons.
const glyph = inner.replace(/<rect width="32" height="32"[^>]*\/>/, "");

const svg = {
  // "any": the logo as it is, rounded tile and all.
  any: logo,
  // "maskable" and Apple: a full-bleed tile, the glyph inside the 80 % safe circle.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${glyph}</g></svg>`,
  apple: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/><g transform="translate(16 16) scale(0.9) translate(-16 -16)">${glyph}</g></svg>`,
};

const out = path.join(root, "public/icons");
mkdirSync(out, { recursive: true });
const render = (source, size, file) =>
  writeFileSync(path.join(out, file), new Resvg(source, { fitTo: { mode: "width", value: size } }).render().asPng());

render(svg.any, 192, "icon-192.png");
render(svg.any, 512, "icon-512.png");
render(svg.maskable, 192, "maskable-192.png");
render(svg.maskable, 512, "maskable-512.png");
render(svg.apple, 180, "apple-touch-icon.png");
console.log("icons written to public/icons");
