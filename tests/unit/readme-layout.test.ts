import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The README's Layout block: the map a newcomer reads first. */
function layoutBlock(readme: string): string {
  return readme.match(/^## Layout\n+```\n([\s\S]*?)\n```/m)?.[1] ?? "";
}

/** The folders directly under `dir` in the work tree. */
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * What the Layout must name: every folder git tracks at the top (as `name/`), every folder of `app/` (as
 * `app/name/`), and every feature folder of `app/server/` and area of `app/routes/` (as a word in the list
 * their `<feature>`/`<area>` line gives).
 */
function unnamedFolders(layout: string, tree: { top: string[]; app: string[]; server: string[]; routes: string[] }) {
  const word = (name: string) =>
    new RegExp(`(^|[\\s(,/])${name.replace(/[.-]/g, "\\$&")}([\\s),/]|$)`, "m").test(layout);
  return [
    ...tree.top.filter((name) => !layout.includes(`${name}/`)).map((name) => `${name}/`),
    ...tree.app.filter((name) => !layout.includes(`app/${name}/`)).map((name) => `app/${name}/`),
    ...tree.server.filter((name) => !word(name)).map((name) => `app/server/${name}/`),
    ...tree.routes.filter((name) => !word(name)).map((name) => `app/routes/${name}/`),
  ];
}

const tracked = [
  ...new Set(
    execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file.includes("/"))
      .map((file) => file.split("/")[0] as string),
  ),
];

describe("the README's Layout", () => {
  const layout = layoutBlock(readFileSync("README.md", "utf8"));

  it("names every top-level folder, every folder of app/ and every feature and route area", () => {
    expect(layout).not.toBe("");
    const tree = {
      top: tracked,
      app: folders("app"),
      server: folders("app/server"),
      routes: folders("app/routes"),
    };
    expect(unnamedFolders(layout, tree)).toEqual([]);
  });

  it("finds a folder the block leaves out", () => {
    const block = "app/sw/   the service worker\napp/server/<feature>/  people, cards (and passes)\ndocs/decisions/";
    const tree = { top: ["docs", "public"], app: ["sw", "lib"], server: ["people", "cards", "mailings"], routes: [] };
    expect(unnamedFolders(block, tree)).toEqual(["public/", "app/lib/", "app/server/mailings/"]);
  });
});
