import { readFileSync } from "node:fs";
import { expect, expectAccessible, snapshot, test } from "./fixtures";

test(
  "home page: header, footer and sections, accessible in both themes",
  { tag: "@layout" },
  async ({ page }, info) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/KnowWho/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, "home-light", info.project.name, { fullPage: true });

    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    await expectAccessible(page);
    await snapshot(page, "home-dark", info.project.name, { fullPage: true });
  },
);

test("theme toggle remembers the choice across reloads without a flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByRole("button", { name: "Toggle dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("header turns solid after 20 px of scroll", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-scrolled", "false");
  // Scroll until the listener (attached on hydration) has seen it.
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-scrolled", "true", { timeout: 500 });
  }).toPass();
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("unknown path shows the landing page with 404 and noindex", async ({ page }, info) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "not-found-light", info.project.name);
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  await expectAccessible(page);
  await snapshot(page, "not-found-dark", info.project.name);
});

test("error page shows its status, title and the way home", async ({ page }, info) => {
  await page.goto("/");
  // A plain form post to a page without an action is a 405 the root error boundary renders.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/";
      document.body.appendChild(form);
      form.submit();
    }),
  ]);
  expect(response.status()).toBe(405);
  await expect(page.getByRole("heading", { name: "This page can't do that" })).toBeVisible();
  await expect(page.getByText("Error 405")).toBeVisible();
  await snapshot(page, "error-light", info.project.name);
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  await expectAccessible(page);
  await snapshot(page, "error-dark", info.project.name);
});

test("newsletter from the footer gives the success message", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(`reader+${Date.now()}@example.org`);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText("Success! Now check your email to confirm your subscription.")).toBeVisible();
});

test(
  "sign up, sign out, and sign in again keeping the typed email on a wrong password",
  { tag: "@layout" },
  async ({ page, isMobile }, info) => {
    const email = `journey-${Date.now()}-${info.project.name}@example.org`;
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Name").fill("Jo Rivera");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole("heading", { name: "Welcome, Jo Rivera. Let's make your card." })).toBeVisible();
    await expectAccessible(page);

    if (isMobile) await page.getByRole("navigation", { name: "Tabs" }).getByText("More", { exact: true }).click();
    else await page.getByLabel("Account menu for Jo Rivera").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("Signed out")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth/);

    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  },
);

for (const signedIn of [false, true]) {
  test(`the page never scrolls sideways from phone to desktop widths, ${signedIn ? "signed in" : "signed out"}`, async ({
    page,
    demoStorage,
  }, info) => {
    test.skip(info.project.name !== "desktop", "the widths are set here; one project is enough");
    if (signedIn) await page.context().addCookies(JSON.parse(readFileSync(demoStorage, "utf8")).cookies);
    await page.goto(signedIn ? "/dashboard" : "/");
    for (const width of [390, 768, 900, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBe(width);
    }
  });
}
