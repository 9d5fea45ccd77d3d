import type { Browser, Page } from "@playwright/test";
import { closeOrgEvent, expect, expectAccessible, ownerTest, snapshot, demoTest as test } from "./fixtures";

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

  // The page's switcher is links in a <details>: no script needed, and the choice is remembered. (The site's footer
  // offers the same choice.)
  await ar.goto(CAMPAIGN);
  const switcher = ar.getByTestId("language-switch");
  await switcher.getByText("اللغة: العربية").click();
  await switcher.getByRole("link", { name: "日本語" }).click();
  await expect(ar.locator("html")).toHaveAttribute("lang", "ja");
  await expect(ar.getByRole("form", { name: "寄付する" })).toBeVisible();
  await ar.goto(CAMPAIGN);
  await expect(ar.locator("html")).toHaveAttribute("lang", "ja");
  await expect(ar.getByRole("button", { name: "寄付する" })).toBeVisible();
  await context.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

ownerTest(
  "a visitor joins an event in Japanese and in Arabic at 390 px: its field messages and the confirmation in their language",
  async ({ page, browser }, info) => {
    test.setTimeout(120_000);
    const p = info.project.name;
    const stamp = Date.now().toString(36);
    await page.goto("/organiser");
    await page.getByLabel("Title").fill(`Foro ${stamp}`);
    await page.getByLabel("Description").fill("Dos días de datos abiertos.");
    await page.getByLabel("Starts").fill(inDays(2));
    await page.getByLabel("Ends").fill(inDays(3));
    await page.getByLabel(/^Time zone/).fill("Asia/Tokyo");
    await page.getByLabel("Organiser name").fill(`Civic ${stamp}`);
    await page.getByRole("button", { name: "Publish event" }).click();
    await expect(page.getByRole("heading", { name: `Foro ${stamp}` })).toBeVisible();
    const organiserUrl = page.url();
    const slug = ((await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "").split("/e/")[1] ?? "";

    const jaContext = await phone(browser, "ja-JP");
    const ja = await jaContext.newPage();
    await ja.goto(`/e/${slug}`);
    await expect(ja.locator("html")).toHaveAttribute("lang", "ja");
    await ja.getByRole("textbox", { name: "お名前", exact: true }).fill("山田 花子");
    await ja.getByRole("textbox", { name: "メールアドレス", exact: true }).fill("hanako@");
    await ja.getByRole("button", { name: "参加する", exact: true }).click();
    await expect(ja.getByText("有効なメールアドレスを入力してください")).toBeVisible();
    await expect(ja.getByRole("textbox", { name: "お名前", exact: true })).toHaveValue("山田 花子");
    expect(await sideways(ja)).toBe(0);
    await expectAccessible(ja);
    await snapshot(ja, "event-ja-error", p, { fullPage: true });
    await jaContext.close();

    const arContext = await phone(browser, "ar-EG");
    const ar = await arContext.newPage();
    await ar.goto(`/e/${slug}`);
    await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
    await ar.getByRole("textbox", { name: "الاسم", exact: true }).fill("سارة أحمد");
    await ar.getByRole("textbox", { name: "البريد الإلكتروني", exact: true }).fill(`sara-${stamp}@example.org`);
    await ar.getByRole("checkbox", { name: /أدرجني في دليل حضور/ }).check();
    expect(await sideways(ar)).toBe(0);
    await expectAccessible(ar);
    await snapshot(ar, "event-ar", p, { fullPage: true });
    await ar.getByRole("button", { name: "انضم", exact: true }).click();
    await expect(ar).toHaveURL(new RegExp(`/e/${slug}/joined`));
    await expect(ar.getByRole("heading", { name: /لقد انضممت إلى/ })).toBeVisible();
    await expect(ar.locator("html")).toHaveAttribute("dir", "rtl");
    await expectAccessible(ar);
    await arContext.close();
    await closeOrgEvent(page, organiserUrl);
  },
);
