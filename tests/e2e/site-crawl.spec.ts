import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

// Card and settings pages are built on the accounts branch; the crawl covers the public site only.
const SKIP = [
  /^\/settings/,
  /^\/card(\/|$)/,
  /^\/c\//,
  /^\/auth/,
  /^\/dashboard/,
  /^\/dev\//,
  /^\/api\//,
  /^\/newsletter/,
];

/** The crawl runs as this many tests, which the workers take in parallel (docs/decisions/0172). */
const PARTS = 4;

/** Pages of one route module share their markup: the route's address with its parameter as `:id`. */
const DYNAMIC = /^\/(guides|docs|updates|fundraising|events|e)\/[^/]+/;
const layoutOf = (path: string) => path.replace(DYNAMIC, "/$1/:id").replace(/\/\d+(?=\/|$)/g, "/:n");

/** A file to download (a calendar entry, a contact, an export): discovery checks its status; a browser saves it. */
const FILE = /\.(ics|vcf|csv|xlsx|pkpass|pdf)$/;

/** Internal addresses a page links to, without query or fragment, minus the skipped areas. */
function internal(hrefs: string[]): string[] {
  return hrefs
    .filter((href) => href.startsWith("/"))
    .map((href) => href.split("#")[0]?.split("?")[0] ?? "")
    .filter((clean) => clean && !SKIP.some((r) => r.test(clean)));
}

/** What discover() found, per server: parts that share a worker read the site once. */
const discovered = new Map<string, string[]>();

/**
 * Every internal page reachable from `/`, breadth first, read as the server's HTML (no browser: each
 * worker repeats this, so it must be cheap); each answers below 400.
 */
async function discover(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const known = discovered.get(baseURL);
  if (known) return known;
  const seen = new Set<string>();
  const queue = ["/"];
  while (queue.length) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await request.get(path);
    expect(response.status(), `status of ${path}`).toBeLessThan(400);
    const html = await response.text();
    const hrefs = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));
    for (const next of internal(hrefs)) if (!seen.has(next)) queue.push(next);
  }
  discovered.set(baseURL, [...seen]);
  return [...seen];
}

/**
 * The kinds of element the page is made of (tag, classes, attribute names, role, whether it holds text of
 * its own): two pages of one layout whose kinds axe has already seen differ only in their words.
 */
const markupKinds = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll("*")].map((el) => {
      const attrs = el
        .getAttributeNames()
        .filter((n) => n !== "class")
        .sort()
        .join(",");
      const text = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      return `${el.tagName}.${[...el.classList].sort().join(".")}[${attrs}]${el.getAttribute("role") ?? ""}${text ? "T" : ""}`;
    }),
  );

test.describe.configure({ mode: "parallel" });

for (let part = 0; part < PARTS; part++) {
  test(`crawl ${part + 1}/${PARTS}: every internal link from / answers without a 404 and passes axe in light and dark`, async ({
    page,
    request,
    baseURL,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one crawl is enough; layouts are checked by the journeys");
    test.setTimeout(180_000);
    const pages = await discover(request, baseURL ?? "");
    expect(pages.length).toBeGreaterThan(25);
    // Each layout belongs to one part (in sorted order, round robin), so each part sees every page of its layouts.
    const layouts = [...new Set(pages.map(layoutOf))].sort();
    const mine = pages.filter((p) => layouts.indexOf(layoutOf(p)) % PARTS === part);
    const checked = new Map<string, Set<string>>();
    let axed = 0;
    for (const path of mine) {
      if (FILE.test(path)) continue;
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBeLessThan(400);
      const hrefs = await page.$$eval("a[href]", (as) =>
        as.map((a) => ({
          href: a.getAttribute("href") ?? "",
          target: a.getAttribute("target"),
          rel: a.getAttribute("rel"),
        })),
      );
      const own = new URL(page.url()).origin;
      for (const { href, target, rel } of hrefs) {
        // An absolute link to this site (an event page's own address, shown to copy) is internal, not external.
        if (!/^https?:\/\//.test(href) || new URL(href).origin === own) continue;
        expect(target, `external link ${href} on ${path}`).toBe("_blank");
        expect(rel, `external link ${href} on ${path}`).toContain("noopener");
      }
      // A link the browser renders but the server's HTML lacks would escape the discovery above.
      for (const next of internal(hrefs.map((h) => h.href)))
        expect(pages, `${next}, linked from ${path} after hydration`).toContain(next);
      // axe on the first page of a layout, and again only where a page adds a kind of element it has not seen.
      const layout = layoutOf(path);
      const kinds = await markupKinds(page);
      const seen = checked.get(layout);
      if (seen && kinds.every((k) => seen.has(k))) continue;
      checked.set(layout, new Set([...(seen ?? []), ...kinds]));
      axed++;
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: "dark" });
      // The header fades its colours over 200 ms: expectAccessible waits for that transition to end.
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: "light" });
    }
    console.log(`crawl ${part + 1}/${PARTS}: ${mine.length} of ${pages.length} pages, axe on ${axed}`);
  });
}
