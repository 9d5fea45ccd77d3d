import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

/** The field says it is wrong and names its message (conform's aria-invalid and aria-describedby). */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(described).toContain(message);
}

/** Checked with axe and photographed around the refused field, in both themes. */
async function lookAt(page: Page, field: Locator, name: string, project: string) {
  await field.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expectAccessible(page);
  await snapshot(page, name, project);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await snapshot(page, `${name}-dark`, project);
  await page.emulateMedia({ colorScheme: "light" });
}

// The server's answer to a form posted without JavaScript is the same HTML at any width: checked on the desktop.
test.describe("without JavaScript", () => {
  test.skip(({ isMobile }) => isMobile, "the server's refusal does not depend on the screen");

  test("settings without JavaScript: a refused preference keeps everything typed and names its error", async ({
    browser,
    demoStorage,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: demoStorage });
    const page = await context.newPage();
    await page.goto("/settings");
    const prefs = page.getByRole("form", { name: "Preferences" });
    await prefs.getByLabel("Time zone").fill("Europe/Lisbon");
    await prefs.getByLabel("Country code (for phone numbers)").fill("Q1");
    await prefs.getByRole("button", { name: "Save preferences" }).click();
    const country = page.getByRole("form", { name: "Preferences" }).getByLabel("Country code (for phone numbers)");
    await expectFieldError(page, country, "Use a two-letter country code, like US or GB");
    await expect(country).toHaveValue("Q1");
    await expect(page.getByRole("form", { name: "Preferences" }).getByLabel("Time zone")).toHaveValue("Europe/Lisbon");
    // The other forms of the page are untouched by this refusal.
    await expect(page.getByRole("form", { name: "Profile" }).getByLabel("Name")).not.toHaveAttribute("aria-invalid");
    await context.close();
  });

  test("the newsletter without JavaScript keeps the typed address beside its error", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill("reader@");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please enter a valid email address");
    const again = page.getByRole("main").getByLabel("Email address");
    await expect(again).toHaveValue("reader@");
    await expectFieldError(page, again, "Please enter a valid email address");
    await context.close();
  });
});

test("settings: a field error shows by its field, in both themes", { tag: "@layout" }, async ({ page }, info) => {
  await page.goto("/settings");
  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel("Name").fill("A");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expectFieldError(page, profile.getByLabel("Name"), "Name must be at least 2 characters");
  await expect(profile.getByLabel("Name")).toHaveValue("A");
  await lookAt(page, profile.getByLabel("Name"), "settings-field-error", info.project.name);
});

test(
  "capture: a field error shows by its field and the rest stays typed",
  { tag: "@layout" },
  async ({ page }, info) => {
    await page.goto("/capture");
    await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill("Ann Field");
    await main.getByLabel("Email", { exact: true }).fill("ann@");
    await main.getByLabel("Company", { exact: true }).fill("Acme Trust");
    await page.getByRole("button", { name: "Save contact" }).click();
    await expectFieldError(page, main.getByLabel("Email", { exact: true }), "Please enter a valid email address");
    await expect(main.getByLabel("Company", { exact: true })).toHaveValue("Acme Trust");
    await lookAt(page, main.getByLabel("Email", { exact: true }), "capture-field-error", info.project.name);
  },
);

test(
  "keep in touch: the rhythm form names its error, with and without JavaScript",
  { tag: "@layout" },
  async ({ page, browser, demoStorage, isMobile }, info) => {
    await page.goto("/settings/keep-in-touch");
    await page.getByLabel("Tag", { exact: true }).fill("Volunteers");
    await page.getByLabel("How often").selectOption("days");
    await page.getByLabel("Days", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Save rhythm" }).click();
    await expectFieldError(page, page.getByLabel("Days", { exact: true }), "At least 1 day");
    await lookAt(page, page.getByLabel("Days", { exact: true }), "keep-in-touch-field-error", info.project.name);
    // The server's refusal without JavaScript is the same HTML at any width: checked on the desktop.
    if (isMobile) return;

    const context = await browser.newContext({ javaScriptEnabled: false, storageState: demoStorage });
    const plain = await context.newPage();
    await plain.goto("/settings/keep-in-touch");
    await plain.getByLabel("Tag", { exact: true }).fill("Volunteers");
    await plain.getByLabel("How often").selectOption("days");
    await plain.getByRole("button", { name: "Save rhythm" }).click();
    await expectFieldError(plain, plain.getByLabel("Days", { exact: true }), "Enter a number of days");
    await expect(plain.getByLabel("Tag", { exact: true })).toHaveValue("Volunteers");
    await expect(plain.getByLabel("How often")).toHaveValue("days");
    await context.close();
  },
);

test("a file too large, sent without JavaScript, gets the import page's own message; other pages a page that leads back", async ({
  // Desktop only: the refusal is the server's HTML, and the phone's error page is checked in error-pages.spec.ts.
  page,
  browser,
  demoStorage,
}, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: demoStorage });
  const plain = await context.newPage();
  await plain.goto("/connections/import");
  await plain
    .getByLabel("File")
    .setInputFiles({ name: "everyone.vcf", mimeType: "text/vcard", buffer: Buffer.alloc(5_200_000, "a") });
  await plain.getByRole("button", { name: "Preview" }).click();
  // The contact import takes files up to 5 MB (10,000 contacts); past that its own page says so (issue 42).
  await expect(plain.getByRole("heading", { name: "Import contacts", level: 1 })).toBeVisible();
  await expectFieldError(plain, plain.getByLabel("File"), "That file is too large; split it into files under 5 MB.");
  await context.close();

  // Any other page's refusal, reached by the browser's own form submission, where axe can run.
  await page.goto("/settings");
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.enctype = "multipart/form-data";
    form.action = "/settings";
    const input = Object.assign(document.createElement("input"), { type: "file", name: "file" });
    const files = new DataTransfer();
    files.items.add(new File(["a".repeat(1_200_000)], "everyone.vcf", { type: "text/vcard" }));
    input.files = files.files;
    form.appendChild(input);
    document.body.appendChild(form);
    form.submit();
  });
  await expect(page.getByRole("heading", { name: "That file is too large", level: 1 })).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
    await snapshot(page, `too-large-${scheme}`, info.project.name);
  }
  await page.emulateMedia({ colorScheme: "light" });
});
