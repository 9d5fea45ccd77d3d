import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

/** A phone at 390 px whose browser asks for `locale` first; the page's own script blocked, as with JavaScript off. */
async function phone(browser: Browser, locale: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
  });
  // No /site.js: the page as a no-script visitor gets it, while axe can still run in the page.
  await context.route("**/site.js", (route) => route.abort());
  return context;
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const CAMPAIGN = "/fundraising/clean-rivers-2026";

test("a donor reads the campaign and Donate form in Arabic, right to left at 390 px, and switches language without JavaScript", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const p = info.project.name;
  // Giving open on the demo's campaign, so its public page carries the Donate form.
  await page.goto("/campaigns");
  const connect = page.getByRole("main").getByRole("button", { name: /Connect Stripe|Continue Stripe setup/ });
  if (await connect.isVisible()) {
    await connect.click();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
  }

  const context = await phone(browser, "ar-EG");
  const ar = await context.newPage();
  await ar.goto(CAMPAIGN);
  await expect(ar.locator("html")).toHaveAttribute("lang", "ar");
  await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
  const form = ar.getByRole("form", { name: "تبرّع" });
  await expect(form).toBeVisible();
  await expect(form.getByRole("radio", { name: "شهريًا" })).toBeVisible();
  // Right to left: a field's label starts at the right edge of the form.
  const [formBox, legendBox] = [await form.boundingBox(), await form.getByText("عدد المرات").boundingBox()];
  expect((legendBox?.x ?? 0) + (legendBox?.width ?? 0)).toBeGreaterThan((formBox?.x ?? 0) + (formBox?.width ?? 0) - 40);
  expect(await sideways(ar)).toBe(0);
  await expectAccessible(ar);
  await snapshot(ar, "giving-ar", p, { fullPage: true });

  // A wrong amount comes back beside its field, in Arabic, with what was typed.
  await form.getByRole("radio", { name: "مبلغ آخر" }).first().check();
  await form.getByRole("textbox", { name: /مبلغ آخر/ }).fill("abc");
  await form.getByRole("button", { name: "تبرّع" }).click();
  await expect(ar.getByText("أدخل مبلغًا، مثل")).toBeVisible();
  await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(ar.getByRole("textbox", { name: /مبلغ آخر/ })).toHaveValue("abc");
  expect(await sideways(ar)).toBe(0);
  await expectAccessible(ar);
  await snapshot(ar, "giving-ar-error", p, { fullPage: true });

  // The switcher is links in a <details>: no script needed, and the choice is remembered.
  await ar.goto(CAMPAIGN);
  await ar.getByText("اللغة: العربية").click();
  await ar.getByRole("link", { name: "日本語" }).click();
  await expect(ar.locator("html")).toHaveAttribute("lang", "ja");
  await expect(ar.getByRole("form", { name: "寄付する" })).toBeVisible();
  await ar.goto(CAMPAIGN);
  await expect(ar.locator("html")).toHaveAttribute("lang", "ja");
  await expect(ar.getByRole("button", { name: "寄付する" })).toBeVisible();
  await context.close();
});
