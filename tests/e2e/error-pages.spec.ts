import type { Page } from "@playwright/test";
import { ERROR_PAGES } from "~/lib/platform/error-pages";
import { capturePerson, demoTest, expect, expectAccessible, snapshot, test } from "./fixtures";

const STATUSES = Object.keys(ERROR_PAGES).map(Number) as (keyof typeof ERROR_PAGES)[];

/** The way back can be seen and tapped: the element at its centre is the link itself (not clipped or covered). */
async function expectTappable(page: Page, name: string) {
  const link = page.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();
  const hit = await link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(hit, `${name} is the element at its centre`).toBe(true);
}

/**
 * The page for one status: its heading and status, the way back, and (unless `axe` is false) axe in light
 * and in dark, with a screenshot of each when `shot` names one.
 */
async function expectErrorPage(page: Page, status: keyof typeof ERROR_PAGES, back: string, shot?: string, axe = true) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: ERROR_PAGES[status].title })).toBeVisible();
  await expect(main.getByText(`Error ${status}`, { exact: true })).toBeVisible();
  await expect(main.getByText(ERROR_PAGES[status].text)).toBeVisible();
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  await expectTappable(page, back);
  if (!axe) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
    if (shot) await snapshot(page, `${shot}-${colorScheme}`, test.info().project.name);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

demoTest("a missing person is a 404 page inside the app shell, with the way back to People", async ({ page }) => {
  const response = await page.goto("/connections/999999");
  expect(response?.status()).toBe(404);
  // The app's own navigation, not the marketing header.
  await expect(page.getByRole("navigation", { name: page.viewportSize()!.width < 768 ? "Tabs" : "App" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectErrorPage(page, 404, "Back to People", "error-404-app");
  await page.getByRole("link", { name: "Back to People", exact: true }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

demoTest(
  "a form too large for the server, sent with JavaScript on, is a 413 page inside the app shell",
  async ({ page }) => {
    await page.goto("/connections");
    const { id } = await capturePerson(page, { name: "Large Form Lee", email: "lee@example.org" });
    await page.goto(`/connections/${id}`);
    const details = page.locator("form").filter({ has: page.getByRole("heading", { name: "Details" }) });
    // Over the 1 MB cap: the Worker refuses it before any route runs, and the router shows its page.
    await details.evaluate((form) => {
      const pad = document.createElement("input");
      pad.type = "hidden";
      pad.name = "notesPad";
      pad.value = "x".repeat(1_100_000);
      form.appendChild(pad);
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      details.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(response.status()).toBe(413);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expectErrorPage(page, 413, "Back to People", "error-413-app");
  },
);

// The pages differ only in their words: the phone checks each page's layout, and runs axe on one page of
// each layout (its tab bar or menu), whose markup every status shares; the desktop runs axe on every status.
demoTest(
  "every status has its own page inside the app shell, in light and dark",
  { tag: "@layout" },
  async ({ page, isMobile }) => {
    // Seven pages, each checked by axe twice, on a shared 2-core machine.
    test.setTimeout(300_000);
    for (const status of STATUSES) {
      const response = await page.goto(`/dev/app-error/${status}`);
      expect(response?.status(), String(status)).toBe(status);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      const shot = status === 500 ? "error-500-app" : undefined;
      await expectErrorPage(page, status, "Go to the dashboard", shot, !isMobile || Boolean(shot));
    }
  },
);

test("every status has its own page inside the marketing layout, in light and dark", { tag: "@layout" }, async ({
  page,
  isMobile,
}) => {
  test.setTimeout(300_000);
  for (const status of STATUSES) {
    const response = await page.goto(`/dev/error/${status}`);
    expect(response?.status(), String(status)).toBe(status);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const shot = status === 429 ? "error-429-public" : undefined;
    await expectErrorPage(page, status, "Go to the home page", shot, !isMobile || Boolean(shot));
  }
});

test("a form posted to a page that takes none is a 405 page with the way home", async ({ page }) => {
  await page.goto("/pricing");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/pricing";
      document.body.appendChild(form);
      form.submit();
    }),
  ]);
  expect(response.status()).toBe(405);
  await expectErrorPage(page, 405, "Go to the home page", "error-405-public");
});
