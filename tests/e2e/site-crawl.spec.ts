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

test("crawl: every internal link from / answers without a 404 and passes axe in light and dark", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "one crawl is enough; layouts are checked by the journeys");
  test.setTimeout(300_000);
  const seen = new Set<string>();
  const queue = ["/"];
  while (queue.length) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await page.goto(path);
    expect(response?.status(), `status of ${path}`).toBeLessThan(400);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    // The header fades its colours over 200 ms: expectAccessible waits for that transition to end.
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });
    const hrefs = await page.$$eval("a[href]", (as) =>
      as.map((a) => ({
        href: a.getAttribute("href") ?? "",
        target: a.getAttribute("target"),
        rel: a.getAttribute("rel"),
      })),
    );
    for (const { href, target, rel } of hrefs) {
      if (/^https?:\/\//.test(href)) {
        expect(target, `external link ${href} on ${path}`).toBe("_blank");
        expect(rel, `external link ${href} on ${path}`).toContain("noopener");
        continue;
      }
      if (!href.startsWith("/")) continue;
      const clean = href.split("#")[0]?.split("?")[0] ?? "";
      if (!clean || SKIP.some((r) => r.test(clean)) || seen.has(clean)) continue;
      queue.push(clean);
    }
  }
  expect(seen.size).toBeGreaterThan(25);
});
