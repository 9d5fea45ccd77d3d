import { expect, snapshot, demoTest as test } from "./fixtures";

// Journeys from the security audit (issue 14). The fixture fails each on any CSP violation.

test("a crafted redirectTo never takes a signed-in visitor off the site", async ({ page, baseURL }) => {
  for (const to of ["/\t/evil.example/phish", "/\\evil.example", "//evil.example", "/\n/evil.example"]) {
    await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
    expect(new URL(page.url()).origin, JSON.stringify(to)).toBe(new URL(baseURL ?? "").origin);
  }
  // A control character is not a 500 any more.
  const res = await page.goto(`/auth?redirectTo=${encodeURIComponent("/\r\nSet-Cookie: a=1")}`);
  expect(res?.status()).toBeLessThan(500);
});

test("an event's https image is shown from its own origin without a CSP violation", async ({ page }, info) => {
  const title = `Image Gala ${info.project.name} ${Date.now()}`;
  const main = page.getByRole("main");
  await page.goto("/events/new");
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Date", { exact: true }).fill(new Date().toISOString().slice(0, 10));
  // Nothing listens there: the browser tries the image (allowed) and the load fails (not reported).
  await main.getByLabel("Image link").fill("https://127.0.0.1:9/gala.png");
  await main.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const image = main.locator('img[src="https://127.0.0.1:9/gala.png"]');
  await expect(image).toHaveCount(1);
  await image.evaluate(
    (img: HTMLImageElement) =>
      new Promise((resolve) => (img.complete ? resolve(null) : img.addEventListener("error", resolve))),
  );
  // Clean up: delete the event (asked once more on the page) so both projects start from the same list.
  const remove = main.getByRole("button", { name: /Delete event/ });
  if (await remove.count()) {
    await remove.click();
    await main.getByRole("button", { name: "Delete the event" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeHidden();
  }
});

test("the card and connection editors validate with zod and raise no CSP report", async ({ page }) => {
  await page.goto("/card");
  await page.getByRole("link", { name: /Edit/ }).first().click();
  await expect(page.getByRole("heading", { name: "Edit your card" })).toBeVisible();
  const name = page.getByRole("main").getByLabel("Name", { exact: true });
  await name.fill("");
  await name.blur();
  await expect(page.getByRole("main").getByText("Name is required").first()).toBeVisible();
  await page.goto("/connections/new");
  const email = page.getByRole("main").getByLabel("Email", { exact: true });
  await email.fill("not-an-email");
  await email.blur();
  await expect(page.getByRole("main").getByText("Please enter a valid email address").first()).toBeVisible();
});

// The visitor card's refusal is read on a phone at the venue: the one journey here whose layout differs.
test(
  "a refused share-back without JavaScript keeps what the visitor typed and says when to retry",
  { tag: "@layout" },
  async ({ browser, baseURL }, info) => {
    const { viewport, isMobile, userAgent } = info.project.use;
    const context = await browser.newContext({ baseURL, viewport, isMobile, userAgent, javaScriptEnabled: false });
    const page = await context.newPage();
    const values = { name: "Pat Quinn", email: `pat-${Date.now()}@x.org` };
    // Five a minute per person; a burst that straddles a window boundary needs at most 5 + 6 tries.
    let last = 0;
    for (let i = 0; i < 11 && last !== 429; i++) {
      await page.goto("/c/demo");
      await page.getByLabel(/Name/).first().fill(values.name);
      await page.getByLabel(/Email/).first().fill(values.email);
      const response = page.waitForResponse((r) => r.url().endsWith("/c/demo/share"));
      await page.getByRole("button", { name: /Share/ }).last().click();
      last = (await response).status();
    }
    expect(last).toBe(429);
    await expect(page.getByText(/try again in a minute/)).toBeVisible();
    await expect(page.getByLabel(/Name/).first()).toHaveValue(values.name);
    await expect(page.getByLabel(/Email/).first()).toHaveValue(values.email);
    await snapshot(page, "share-refused", info.project.name, { fullPage: true });
    await context.close();
  },
);
