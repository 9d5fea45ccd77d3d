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
  "routes/app/organiser-events/directory.tsx",
  "routes/app/organiser-events/event.tsx",
  "routes/app/organiser-events/join.tsx",
  "routes/app/organiser-events/list.tsx",
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

type Config = { path?: string; index?: boolean; children?: Config[] };

/** Every page the route table answers, as a pattern (the catch-all not-found page is no address to link to). */
function routePatterns(entries: Config[], parent = ""): RegExp[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent;
    const own = e.path === "*" || (!e.path && !e.index) ? [] : [full || "/"];
    const mine = own.map(
      (p) =>
        new RegExp(
          `^${p
            .replace(/[.]/g, "\\.")
            .replace(/:[^/]+/g, "[^/]+")
            .replace(/\/$/, "")}/?$`,
        ),
    );
    return [...mine, ...routePatterns(e.children ?? [], full)];
  });
}
const PAGES = routePatterns(routes as Config[]);

/**
 * The string and template literals of the expression that starts at `from`, up to the comma or bracket that
 * ends it, each with its `${...}` parts read as one path segment ("x").
 */
function literalsFrom(source: string, from: number): string[] {
  const found: string[] = [];
  let i = from;
  const at = (n: number) => source.charAt(n);
  const template = (): string => {
    let text = "";
    for (i++; i < source.length && at(i) !== "`"; ) {
      if (at(i) === "\\") {
        text += at(i + 1);
        i += 2;
      } else if (at(i) === "$" && at(i + 1) === "{") {
        expression(i + 2);
        text += "x";
      } else text += at(i++);
    }
    i++;
    return text;
  };
  // Scans to the end of one argument, attribute value or `${...}`, collecting the literals in it.
  const expression = (start: number) => {
    let level = 0;
    for (i = start; i < source.length; ) {
      const c = at(i);
      if (c === '"' || c === "'") {
        const end = source.indexOf(c, i + 1);
        found.push(source.slice(i + 1, end));
        i = end + 1;
      } else if (c === "`") found.push(template());
      else if ("({[".includes(c)) {
        level++;
        i++;
      } else if (")}]".includes(c)) {
        i++;
        if (--level < 0) return;
      } else if (c === "," && level === 0) return;
      else i++;
    }
  };
  expression(from);
  return found;
}

/** Addresses of the app's own pages written as literals where a link, a form or a redirect names its target. */
function writtenAppAddresses(raw: string): string[] {
  // href()'s pattern is the route's name, not an address written by hand.
  const source = raw.replace(/\bhref\(\s*"[^"]*"/g, 'href(""');
  const starts = [
    ...source.matchAll(/\b(?:to|action)=\{?/g),
    ...source.matchAll(/\b(?:redirect|redirectWithToast|navigate)\(/g),
  ].map((m) => m.index + m[0].length);
  return starts.flatMap((from) => {
    // A bare attribute value (to="/x") is one literal; a braced value or an argument is scanned to its end.
    const literals =
      source.charAt(from) === '"'
        ? [source.slice(from + 1, source.indexOf('"', from + 1))]
        : literalsFrom(source, from);
    return literals.filter((literal) => {
      const address = literal.split(/[?#]/)[0] ?? "";
      return address.startsWith("/") && PAGES.some((p) => p.test(address));
    });
  });
}

const isSource = (f: string) => !/\.test\.tsx?$/.test(f) && !f.includes("/+types/");
const ALL_ROUTE_FILES = filesUnder("app/routes").filter(isSource);
const COMPONENTS = filesUnder("app/components").filter(isSource);

describe("every route module, its +shared parts and the components link and redirect to app pages through href()", () => {
  it("the check finds an address written by hand, and none built by href()", () => {
    expect(writtenAppAddresses(`<Link to="/connections/new">`)).toEqual(["/connections/new"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code, not a template to fill.
    expect(writtenAppAddresses("<Link to={`/connections/${p.id}`} />")).toEqual(["/connections/x"]);
    expect(writtenAppAddresses(`redirect(a === "/dashboard" ? "/welcome" : a, { headers })`)).toEqual([
      "/dashboard",
      "/welcome",
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code, not a template to fill.
    expect(writtenAppAddresses("redirectWithToast(`/campaigns/${encodeURIComponent(id)}/edit`, t)")).toEqual([
      "/campaigns/x/edit",
    ]);
    expect(writtenAppAddresses(`<Form method="post" action="/campaigns/gifts">`)).toEqual(["/campaigns/gifts"]);
    expect(writtenAppAddresses(`navigate("/auth?mode=signup")`)).toEqual(["/auth?mode=signup"]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code, not a template to fill.
    expect(writtenAppAddresses('<Link to={`${href("/connections/:id", { id })}#x`} />')).toEqual([]);
    expect(writtenAppAddresses(`redirect(href("/campaigns/:id", { id }))`)).toEqual([]);
    // Not the app's pages: the Worker's own pages and files stay strings (and are plain links).
    expect(writtenAppAddresses(`<form action="/api/cards/1/save">`)).toEqual([]);
  });

  it.each([...ALL_ROUTE_FILES, ...COMPONENTS])("%s", (file) => {
    expect(writtenAppAddresses(readFileSync(file, "utf8"))).toEqual([]);
  });

  it("no client-side Link goes to a page the Worker serves outside React Router (/c/, /e/:slug, /api/, /dav/)", () => {
    const offenders = [...ALL_ROUTE_FILES, ...COMPONENTS].filter((f) =>
      /\bto=(?:"|\{`)\/(?:c|api|dav)\/|\bto=(?:"|\{`)\/e\/[^/"`]+["`]/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
