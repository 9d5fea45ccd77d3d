import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The JavaScript a visitor's browser actually downloads for a page (issue 18): every script response
 * Chromium receives while the page loads and settles, gzipped at level 9 as the bench measures it.
 */
async function scriptBytes(page: Page, path: string) {
  const scripts = new Map<string, number>();
  // Each body is awaited before the count: under load a body could still be on its way at network idle.
  const bodies: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response.body().then(
        (body) => void scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).byteLength),
        () => undefined,
      ),
    );
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await Promise.all(bodies);
  const total = [...scripts.values()].reduce((sum, n) => sum + n, 0);
  return { total, scripts: [...scripts.keys()] };
}

/**
 * The budgets and script lists of every public page are counted from the server's HTML and the build in
 * tests/worker/page-weight.test.ts (docs/decisions/0275); this one page proves in a real browser that the
 * document's list is the whole download, and that /site.js works.
 */
test("the landing page downloads /site.js and nothing more, and its carousel runs", async ({ page, isMobile }) => {
  test.skip(isMobile, "bytes do not depend on the viewport; one project is enough");
  const { total, scripts } = await scriptBytes(page, "/");
  expect(scripts).toEqual(["/site.js"]);
  expect(total).toBeLessThanOrEqual(60 * 1024);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await expect(page.getByRole("button", { name: "Show testimonial 1" })).toHaveAttribute("aria-current", "true");
});

test.describe("the light public pages still work with only /site.js", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour, not layout; one project is enough");

  test("a campaign filter applies itself on change, and the list follows", async ({ page }) => {
    await page.goto("/fundraising");
    await page.getByLabel("Category").selectOption("education");
    await page.waitForURL((url) => url.searchParams.get("category") === "education");
    await expect(page.getByLabel("Category")).toHaveValue("education");
    await expect(page.getByRole("status")).toHaveText(/\d+ campaigns?/);
  });

  test("sign-in refusals sit beside their field, and the button names its work while it posts", async ({ page }) => {
    await page.goto("/auth");
    const email = page.getByRole("textbox", { name: "Email", exact: true });
    await email.fill("not-an-email");
    await page.getByLabel("Password").fill("whatever-it-is");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    // What was typed is kept, the password is not.
    await expect(email).toHaveValue("not-an-email");
    await expect(page.getByLabel("Password")).toHaveValue("");

    await email.fill("demo@knowwho.app");
    await page.getByLabel("Password").fill("not-the-password");
    // Clicked and read in one step in the page: the words and state it shows while the post is on its way.
    const busy = await page.getByRole("button", { name: "Sign in" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      return { text: button.textContent, disabled: button.disabled };
    });
    expect(busy).toEqual({ text: "Signing in...", disabled: true });
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });
});

test.describe("the password reset pages work without JavaScript", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour, not layout; one project is enough");

  test("forgot and reset refuse beside their fields and answer in the specification's words", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth/forgot");
    const email = page.getByRole("main").getByRole("textbox", { name: "Email", exact: true });
    await email.fill("not an email");
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(email).toHaveValue("not an email");
    await email.fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "If nobody-here@example.com has a KnowWho account, a reset link is on its way. It works once, for one hour.",
    );

    await page.goto("/auth/reset?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("a new password 26");
    await page.getByLabel("New password again").fill("a new password 2");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByText("The two passwords are not the same")).toBeVisible();
    // The token stays in the form the server sent back, so the second try is checked against it.
    await page.getByLabel("New password", { exact: true }).fill("a new password 26");
    await page.getByLabel("New password again").fill("a new password 26");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "This reset link has expired or was already used. Ask for a new one.",
    );
    await expect(page.getByRole("link", { name: "Send me a new link" })).toHaveAttribute("href", "/auth/forgot");
    await context.close();
  });
});
