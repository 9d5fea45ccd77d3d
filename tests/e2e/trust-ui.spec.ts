import type { Locator, Page } from "@playwright/test";
import { capturePerson, demoTest, expect, expectAccessible, snapshot, test } from "./fixtures";

/** The element a tap at the centre of this one would hit is it (or inside it): not clipped, not covered. */
async function expectReachable(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(at && (at === el || el.contains(at)));
  });
  expect(hit, "the element is what a tap at its centre hits").toBe(true);
}

/** The message the field is described by, as a screen reader reads it. */
async function describedBy(page: Page, field: Locator) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const id = (await field.getAttribute("aria-describedby")) ?? "";
  const message = page.locator(`[id="${id}"]`);
  await expectReachable(message);
  return (await message.textContent())?.trim();
}

const noWiderThanTheWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("a visitor's share-back names what to correct, beside the field", { tag: "@layout" }, () => {
  test("with JavaScript: a mistyped email is marked in the open form, focused and kept", async ({ page }, info) => {
    await page.goto("/c/demo");
    await page.getByRole("link", { name: "Share Your Info" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Sam Visitor");
    await dialog.getByLabel("Email", { exact: true }).fill("sam@example");
    await dialog.getByRole("button", { name: "Share" }).click();
    const email = dialog.getByLabel("Email", { exact: true });
    expect(await describedBy(page, email)).toBe("Please enter a valid email address.");
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("sam@example");
    await expect(dialog.getByLabel("Name")).toHaveValue("Sam Visitor");
    await expect(dialog.getByRole("alert")).toContainText("Please enter a valid email address.");
    await expectAccessible(page);
    await snapshot(page, "share-back-field-error", info.project.name);

    // Corrected, the marks go and the share is confirmed.
    await email.fill(`sam-${Date.now()}-${info.project.name}@example.org`);
    await dialog.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Contact shared successfully")).toBeVisible();
  });

  test("with JavaScript: empty name and email are each marked", async ({ page }) => {
    await page.goto("/c/demo");
    await page.getByRole("link", { name: "Share Your Info" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Share" }).click();
    expect(await describedBy(page, dialog.getByLabel("Name"))).toBe("Please provide your name and email address.");
    expect(await describedBy(page, dialog.getByLabel("Email", { exact: true }))).toBe(
      "Please provide your name and email address.",
    );
    await expect(dialog.getByLabel("Name")).toBeFocused();
  });

  test("without JavaScript: the same message sits under the email field", async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, ...info.project.use });
    const page = await context.newPage();
    await page.goto("/c/demo");
    await page.getByLabel("Name").fill("Sam Plain");
    await page.getByLabel("Email", { exact: true }).fill("sam@example");
    await page.getByLabel("Phone (optional)").fill("=1+2");
    await page.getByRole("button", { name: "Share" }).click();
    const email = page.getByLabel("Email", { exact: true });
    expect(await describedBy(page, email)).toBe("Please enter a valid email address.");
    expect(await describedBy(page, page.getByLabel("Phone (optional)"))).toBe("Please enter a valid phone number.");
    await expect(email).toHaveValue("sam@example");
    // axe needs JavaScript; the scripted journey above checks the same marks drawn the same way.
    await snapshot(page, "share-back-field-error-nojs", info.project.name);
    await context.close();
  });
});

demoTest("an emoji in a name: whole initials and no hydration error #418", async ({ page }, info) => {
  const console418: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /418|hydrat/i.test(m.text())) console418.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (/418|hydrat/i.test(e.message)) console418.push(e.message);
  });
  await page.goto("/dashboard");
  const { id } = await capturePerson(page, {
    name: "Sam 🎨",
    email: `sam-emoji-${Date.now()}-${info.project.name}@example.org`,
  });
  expect(id).toBeGreaterThan(0);
  for (const path of ["/connections", `/connections/${id}`, "/dashboard"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("body")).not.toContainText("\uFFFD");
  }
  await page.goto(`/connections/${id}`);
  await expect(page.getByRole("heading", { name: "Sam 🎨" })).toBeVisible();
  await expect(page.locator("main span[aria-hidden=true]", { hasText: /^S$/ }).first()).toBeVisible();
  await expectAccessible(page);
  expect(console418).toEqual([]);
});

test(
  "a new owner with a 100-character name: sign-up tells the truth and /welcome stays the window's width",
  { tag: "@layout" },
  async ({ page }, info) => {
    // Sign-up, two guided steps and the editor: more than the default minute on a loaded machine.
    test.setTimeout(150_000);
    await page.goto("/auth?mode=signup");
    await expect(page.getByText("Free plan, no credit card required.")).toHaveCount(0);
    await expect(page.getByText("Card Pro free for 7 days, no credit card required.", { exact: false })).toBeVisible();
    const name = "W".repeat(100);
    await page.getByLabel("Name").fill(name);
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(`wide-${Date.now()}-${info.project.name}@example.org`);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await noWiderThanTheWindow(page)).toBe(true);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { name: "Publish your card" })).toBeVisible();
    expect(await noWiderThanTheWindow(page)).toBe(true);
    await expectAccessible(page);
    await snapshot(page, "welcome-long-name", info.project.name, { fullPage: true });

    // A long unbroken bio wraps inside the editor's live preview.
    await page.getByRole("link", { name: "Edit every detail first" }).click();
    await page.getByLabel("Short bio").fill("B".repeat(400));
    const card = page.locator(".kw .card").first();
    await expect(card).toContainText("BBBB");
    const fits = await card.evaluate((el) =>
      [el, ...el.querySelectorAll(".bio, .name")].every((e) => e.scrollWidth <= e.clientWidth + 1),
    );
    expect(fits, "the preview's text stays inside the card").toBe(true);
    expect(await noWiderThanTheWindow(page)).toBe(true);
    await snapshot(page, "card-preview-long-bio", info.project.name);
  },
);

demoTest(
  "a campaign photo over 1 MB is made smaller on the device and saved, the page kept",
  async ({ page }, info) => {
    test.setTimeout(150_000);
    const main = page.getByRole("main");
    await page.goto("/campaigns/new");
    const today = new Date().toISOString().slice(0, 10);
    await main.getByLabel("Title").fill(`Big photo ${info.project.name} ${Date.now()}`);
    await main.getByLabel("Description").fill("A campaign whose photo came straight off a phone.");
    await main.getByLabel("Story").fill("The photo is several megabytes, as phone photos are.");
    await main.getByLabel("Organisation").fill("Open Futures Foundation");
    await main.getByLabel("Organiser").fill("Amara Reyes");
    await main.getByLabel("Goal").fill("1000");
    await main.getByLabel("Start date").fill(today);
    await main.getByLabel("End date").fill("2030-06-30");
    await main.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { name: "Edit campaign" })).toBeVisible();
    // Noise does not compress: a PNG of a few megabytes, as a phone's photo is.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 1400;
      canvas.height = 1000;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      const pixels = ctx.createImageData(canvas.width, canvas.height);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      ctx.putImageData(pixels, 0, 0);
      return canvas.toDataURL("image/png");
    });
    const buffer = Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
    expect(buffer.length).toBeGreaterThan(1_000_000);
    await main.getByLabel(/^Image/).setInputFiles({ name: "phone-photo.png", mimeType: "image/png", buffer });
    await main.getByRole("button", { name: "Upload image" }).click();
    await expect(main.getByRole("img", { name: "Campaign" })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    await expect(main.getByLabel("Title")).not.toHaveValue("");
    await expectAccessible(page);
  },
);
