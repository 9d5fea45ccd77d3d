import { expect, snapshot, demoTest as test } from "./fixtures";

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
const sideways = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test(
  "a campaign's dashboard and public page fit the screen, and the Donate form comes before the story on a phone",
  { tag: "@layout" },
  async ({ page }, info) => {
    test.setTimeout(120_000);
    const p = info.project.name;
    const main = page.getByRole("main");

    // Giving open, so the public page carries its Donate form.
    await page.goto("/campaigns");
    const connect = main.getByRole("button", { name: /Connect Stripe|Continue Stripe setup/ });
    if (await connect.isVisible()) {
      await connect.click();
      await page.getByRole("button", { name: "Complete onboarding" }).click();
    }
    await expect(main.getByTestId("stripe-status")).toContainText("connected");

    // A gift with a long donor name, so the gifts table has a row to lay out.
    const id = "clean-rivers-2026";
    const res = await page.request.post(`/campaigns/${id}`, {
      form: {
        intent: "gift",
        donorName: `Riverside Community Food Bank Volunteers ${p}`,
        currency: "USD",
        amount: "125.50",
        date: new Date().toISOString().slice(0, 10),
        method: "bank_transfer",
        nonce: `phone-${p}-${Date.now()}`,
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);

    await page.goto(`/campaigns/${id}`);
    await expect(main.getByTestId("giving-status")).toContainText("Online giving is open");
    await expect(main.getByTestId("gift-row").first()).toBeVisible();
    expect(await sideways(page)).toBe(0);
    await snapshot(page, "campaign-dashboard", p, { fullPage: true });
    // Each gift links to its printable receipt, reachable on a phone without sideways scrolling.
    const receiptLink = main
      .getByTestId("gift-row")
      .first()
      .getByRole("link", { name: /^Receipt/ });
    await receiptLink.scrollIntoViewIfNeeded();
    await expect(receiptLink).toBeInViewport();
    expect(await sideways(page)).toBe(0);
    await receiptLink.click();
    await expect(page.getByRole("heading", { name: "Receipt", level: 1 })).toBeVisible();
    await expect(page.getByText("$125.50")).toBeVisible();

    await page.goto(`/fundraising/${id}`);
    const donate = main.getByRole("form", { name: "Donate" });
    await expect(donate).toBeVisible();
    expect(await sideways(page)).toBe(0);
    const formTop = (await donate.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const storyTop = (await main.getByRole("heading", { name: "Mission" }).boundingBox())?.y ?? 0;
    if (p === "phone") expect(formTop).toBeLessThan(storyTop);
    await snapshot(page, "campaign-public", p, { fullPage: true });
  },
);
