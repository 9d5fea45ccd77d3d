import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

type Entry = { path?: string; file: string; children?: Entry[] };

/** The route files under the signed-in layout, whose middleware has already put the user on the context. */
function underLayout(entries: Entry[], inside = false): string[] {
  return entries.flatMap((e) => [
    ...(inside ? [e.file] : []),
    ...underLayout(e.children ?? [], inside || e.file === "routes/app/_layout.tsx"),
  ]);
}

/** The route modules these rules were brought to, and the parts modules split out of them. */
const ROUTES = [
  "routes/app/settings.tsx",
  "routes/app/card-edit.tsx",
  "routes/app/mailings/compose.tsx",
  "routes/app/mailings/list.tsx",
  "routes/app/mailings/results.tsx",
  "routes/app/organiser/directory.tsx",
  "routes/app/organiser/event.tsx",
  "routes/app/organiser/join.tsx",
  "routes/app/organiser/list.tsx",
];
const SPLIT = ["routes/app/settings.tsx", "routes/app/card-edit.tsx", "routes/app/mailings/compose.tsx"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}
const SHARED = [
  "app/routes/app/settings/+shared",
  "app/routes/app/card-edit/+shared",
  "app/routes/app/mailings/+shared",
]
  .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
  .flatMap(filesUnder);

const read = (file: string) => readFileSync(file.startsWith("app/") ? file : `app/${file}`, "utf8");

describe("one idiom per job in the settings, card editor, mailing and organiser pages", () => {
  it.each(SPLIT)("%s is a thin route module, under 300 lines", (file) => {
    expect(read(file).split("\n").length).toBeLessThan(300);
  });

  it.each(ROUTES)("%s sits under the signed-in layout and takes its user from it", (file) => {
    expect(underLayout(routes as Entry[])).toContain(file);
    const source = read(file);
    expect(source).toMatch(/\bgetUser\(context\)/);
    expect(source).not.toMatch(/\brequireUser\(/);
  });

  it.each([...ROUTES, ...SHARED])("%s links and redirects to the app's own pages through href()", (file) => {
    const source = read(file);
    // A written address to one of the app's pages: `to="/x"`, to={`/x/${id}`}, redirect("/x"), redirectWithToast(`/x`...).
    const written = [
      ...source.matchAll(/\bto=(?:"|\{`)(\/[^"`]*)/g),
      ...source.matchAll(/\bredirect(?:WithToast)?\(\s*["`](\/[^"`]*)/g),
    ].map((m) => m[1]);
    expect(written).toEqual([]);
    // 404s are the one notFound(), never a Response made on the spot.
    expect(source).not.toMatch(/new Response\("Not Found"/);
  });
});
