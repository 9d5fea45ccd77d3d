import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The JavaScript a visitor's browser actually downloads for a page (issue 18): every script response
 * Chromium receives while the page loads and settles, gzipped at level 9 as the bench measures it.
 */
async function scriptBytes(page: Page, path: string) {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).byteLength);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
  return { total, scripts: [...scripts.keys()] };
}

const KB = 1024;
/** Budgets from issue 18. */
const LANDING_BUDGET = 60 * KB;
const CARD_BUDGET = 10 * KB;

test.describe("JavaScript budgets", () => {
  test.skip(({ isMobile }) => isMobile, "bytes do not depend on the viewport; one project is enough");

  test("the landing page loads at most 60 KB gzip of JavaScript", async ({ page }) => {
    const { total, scripts } = await scriptBytes(page, "/");
    expect(total, `scripts: ${scripts.join(", ")}`).toBeLessThanOrEqual(LANDING_BUDGET);
    // It still works: the testimonials carousel is driven by /site.js.
    await expect(page.getByRole("button", { name: "Show testimonial 1" })).toHaveAttribute("aria-current", "true");
  });

  test("the visitor card loads under 10 KB gzip in all", async ({ page }) => {
    const response = await page.goto("/c/demo");
    const html = gzipSync((await response?.body()) ?? Buffer.alloc(0), { level: 9 }).byteLength;
    const { total } = await scriptBytes(page, "/c/demo");
    expect(html + total).toBeLessThan(CARD_BUDGET);
  });

  for (const path of [
    "/",
    "/pricing",
    "/features",
    "/about",
    "/guides",
    "/guides/welcome",
    "/docs/krystal-integration",
    "/updates",
    "/privacy",
  ]) {
    test(`${path} ships no framework JavaScript`, async ({ page }) => {
      const { scripts } = await scriptBytes(page, path);
      expect(scripts).toEqual(["/site.js"]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  }
});
