import type { Browser } from "@playwright/test";
import { expect, expectAccessible, snapshot, test } from "./fixtures";

/** A phone at 390 px whose browser asks for `locale` first. */
const phone = (browser: Browser, locale: string, javaScriptEnabled = true) =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
    javaScriptEnabled,
  });

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a visitor whose phone speaks Japanese reads the card and shares back in Japanese", async ({ browser }, info) => {
  const context = await phone(browser, "ja-JP");
  const page = await context.newPage();
  await page.goto("/c/demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { name: "Amara Reyes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "連絡先を保存" })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "card-ja", info.project.name, { fullPage: true });

  await page.getByRole("link", { name: "自分の情報を共有" }).click();
  const dialog = page.getByRole("dialog", { name: "連絡先を共有する" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "共有する" }).click();
  await expect(dialog.getByRole("alert")).toContainText("入力内容が不足しています");
  await expect(dialog.getByLabel("お名前")).toBeFocused();
  await dialog.getByLabel("お名前").fill("佐藤 花子");
  await dialog.getByLabel("メールアドレス").fill(`hanako.${stamp()}@example.jp`);
  await dialog.getByLabel(/電話番号/).fill("+81 90-1234-5678");
  await dialog.getByRole("textbox", { name: /お話しした内容/ }).fill("来月の展示会について");
  // The news box speaks Japanese too, and stays unticked: only the exchange consent is given here.
  await expect(
    dialog.getByRole("checkbox", { name: "Amara Reyesさんからのお知らせをメールで受け取ります" }),
  ).not.toBeChecked();
  await dialog.getByRole("checkbox", { name: /連絡を受けることに同意します/ }).check();
  await expectAccessible(page);
  await snapshot(page, "card-ja-share", info.project.name);
  await dialog.getByRole("button", { name: "共有する" }).click();
  const toast = page.getByRole("status").filter({ hasText: "連絡先を共有しました" });
  await expect(toast).toContainText("佐藤 花子さんの連絡先をAmara Reyesさんに送信しました。");
  await expect(dialog).toBeHidden();
  await expectAccessible(page);
  await snapshot(page, "card-ja-shared", info.project.name);
  await context.close();
});

test("a visitor reads the card in Arabic, right to left, and shares back without the card's script", async ({
  browser,
}, info) => {
  const context = await phone(browser, "ar-EG");
  // The page as a no-script visitor gets it (the form posts, the server answers), while axe can still run.
  await context.route("**/card.js", (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/c/demo");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const save = page.getByRole("link", { name: "حفظ جهة الاتصال" });
  const share = page.getByRole("link", { name: "شارك بياناتك" });
  // Right to left: the first action sits on the right.
  const [saveBox, shareBox] = [await save.boundingBox(), await share.boundingBox()];
  expect(saveBox?.x ?? 0).toBeGreaterThan(shareBox?.x ?? 0);
  // The owner's phone number still reads left to right inside the Arabic page.
  await expect(page.getByText("+1 415 555 0142")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("body")).not.toHaveCSS("overflow-x", "scroll");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await snapshot(page, "card-ar", info.project.name, { fullPage: true });

  await share.click();
  const form = page.getByRole("region", { name: "شارك معلومات الاتصال الخاصة بك" });
  await form.getByLabel("الاسم").fill("سارة المصري");
  await form.getByLabel("البريد الإلكتروني", { exact: true }).fill("sara@");
  await form.getByRole("button", { name: "مشاركة" }).click();
  await expect(page.locator("#share-error-email")).toHaveText("يُرجى إدخال بريد إلكتروني صالح.");
  await expect(form.getByLabel("الاسم")).toHaveValue("سارة المصري");
  await expectAccessible(page);
  await snapshot(page, "card-ar-error", info.project.name, { fullPage: true });

  await form.getByLabel("البريد الإلكتروني", { exact: true }).fill(`sara.${stamp()}@example.eg`);
  await form.getByRole("button", { name: "مشاركة" }).click();
  await expect(page.getByRole("heading", { name: "تمت مشاركة جهة الاتصال بنجاح" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(
    // The English name is set apart from the Arabic sentence by bidi isolates (translate.ts).
    "تمت مشاركة معلومات الاتصال الخاصة بـسارة المصري مع \u2068Amara Reyes\u2069.",
  );
  await expectAccessible(page);
  await snapshot(page, "card-ar-shared", info.project.name, { fullPage: true });
  await context.close();
});

test("the language switcher works without JavaScript and is remembered", async ({ browser }) => {
  const context = await phone(browser, "en-US", false);
  const page = await context.newPage();
  await page.goto("/c/demo");
  await expect(page.getByRole("link", { name: "Save Contact" })).toBeVisible();
  await page.getByText("Language: English").click();
  await page.getByRole("link", { name: "العربية" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await page.goto("/c/demo");
  await expect(page.getByRole("link", { name: "حفظ جهة الاتصال" })).toBeVisible();
  await page.getByText("اللغة: العربية").click();
  await page.getByRole("link", { name: "日本語" }).click();
  await page.goto("/c/demo");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await context.close();
});
