import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The scripts served beside the build's assets (/site.js, /card.js, /passkey.js...) are classic scripts that
 * load no other script: a page that names only them downloads only them (tests/worker/page-weight.test.ts).
 */
describe("the light pages' own scripts", () => {
  const dir = path.join(import.meta.dirname, "../../public");
  const scripts = readdirSync(dir).filter((name) => name.endsWith(".js") && name !== "sw.js");

  it("are the three the light pages name", () => {
    expect(scripts.sort()).toEqual(["card.js", "passkey.js", "site.js"]);
  });

  it.each(scripts)("%s imports nothing and adds no script element", (name) => {
    const text = readFileSync(path.join(dir, name), "utf8");
    expect(text).not.toMatch(/\bimport\s*\(|^\s*import\s|createElement\(\s*["'`]script|importScripts/m);
  });
});
