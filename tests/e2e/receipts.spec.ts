import { expect, expectAccessible, ownerTest, snapshot } from "./fixtures";

const CAMPAIGN = {
  intent: "save",
  title: "Harvest Appeal",
  description: "Meals for every family.",
  extendedDescription: "A year of meals.",
  organization: "Riverside Food",
  organizerName: "Ana Ruiz",
  location: "Portland",
  category: "community",
  currency: "USD",
  goal: "1000",
  startDate: "2025-01-01",
  endDate: "2030-12-31",
  mission: "No one hungry.",
  impact: "50 dollars feeds a family for a month.",
  budget: "Food: 1000",
  team: "Ana Ruiz, Director",
  suggested: "25, 50, 100",
  listed: "on",
};

type Page = import("@playwright/test").Page;

async function newCampaign(page: Page) {
  const res = await page.request.post("/campaigns/new", { form: CAMPAIGN, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return (res.headers().location ?? "").split("/")[2] ?? "";
}

/** True when a tap at the element's centre lands on it (not on something covering or clipping it). */
const tappable = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    el?.scrollIntoView({ block: "center" });
    const r = el?.getBoundingClientRect();
    if (!el || !r) return false;
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit === el || Boolean(hit && el.contains(hit)) || hit?.closest("label")?.contains(el) === true;
  }, selector);

ownerTest(
  "a year-end statement lists a donor's gifts with the charity's legal name and tax id",
  async ({ page }, info) => {
    const p = info.project.name;
    const id = await newCampaign(page);
    const year = new Date().getUTCFullYear() - 1;
    for (const [amount, date] of <[string, string][]>[
      ["120", `${year}-03-04`],
      ["80.50", `${year}-11-30`],
    ]) {
      const res = await page.request.post(`/campaigns/${id}`, {
        form: {
          intent: "gift",
          nonce: crypto.randomUUID(),
          donorName: "Dee Donor",
          donorEmail: "dee@donor.example",
          amount,
          currency: "USD",
          date,
          method: "cheque",
        },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
    }

    await page.goto("/campaigns");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Organisation profile" }).click();
    await page.getByLabel("Legal name").fill("Riverside Community Food Bank Inc.");
    await page.getByLabel("Registration or tax id").fill("12-3456789");
    // The message sits beside its field, and what was typed stays.
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Choose the country that issued this number")).toBeVisible();
    await expect(page.getByLabel("Registration or tax id")).toHaveValue("12-3456789");
    await page.getByLabel("Country of registration").selectOption("US");
    await page.getByLabel("Address").fill("1 River Road\nPortland, OR 97201");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Organisation profile saved")).toBeVisible();
    await expect(main.getByText("Registration or tax id: 12-3456789 (United States)")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/campaigns");
    await main.getByRole("link", { name: "Year-end statements" }).click();
    await page.getByLabel("Year", { exact: true }).selectOption(String(year));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(main.getByText(`Calendar year ${year}: 1 donor`)).toBeVisible();
    await expectAccessible(page);
    await main.getByRole("link", { name: "Statement for Dee Donor" }).click();

    await expect(page.getByRole("heading", { name: "Giving statement" })).toBeVisible();
    await expect(page.getByText("Riverside Community Food Bank Inc.")).toBeVisible();
    await expect(page.getByText("12-3456789 (United States)")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`March 4, ${year}.*\\$120\\.00`) })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`November 30, ${year}.*\\$80\\.50`) })).toBeVisible();
    await expect(page.getByRole("row", { name: /Total.*\$200\.50/ })).toBeVisible();
    await snapshot(page, "year-end-statement", p, { fullPage: true });
    // On a phone the statement fits the screen: nothing runs off to the side (it was 405 px wide at 390).
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("row", { name: /Total.*\$200\.50/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (size) await page.setViewportSize(size);
    // On paper only the document: the buttons are for the screen.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: /Email to/ })).toBeHidden();
    await snapshot(page, "year-end-statement-print", p, { fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("button", { name: "Email to dee@donor.example" }).click();
    await expect(page.getByText("Statement emailed to Dee Donor")).toBeVisible();
  },
);

ownerTest(
  "a donor on a phone covers the fee, sees the total before paying, and gives in memory of someone",
  { tag: "@layout" },
  async ({ page }, info) => {
    const p = info.project.name;
    const id = await newCampaign(page);
    expect(
      (await page.request.post(`/campaigns/${id}/edit`, { form: { intent: "publish" }, maxRedirects: 0 })).status(),
    ).toBe(302);
    await page.goto("/campaigns");
    await page.getByRole("main").getByRole("button", { name: "Connect Stripe" }).click();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    // Back on the campaigns page once onboarding is saved: a goto before then could cut the post short.
    await expect(page.getByRole("main").getByTestId("stripe-status")).toContainText("connected");

    await page.goto(`/fundraising/${id}`);
    const donate = page.getByRole("form", { name: "Donate" });
    await expect(donate).toBeVisible();
    await expect(donate.getByTestId("fee-examples")).toContainText("$1.81 on $50");
    expect(await tappable(page, 'input[name="coverFees"]')).toBe(true);
    await donate.getByLabel(/Add the card processing fee/).check();
    await donate.getByText("Give in honour or in memory of someone").click();
    await donate.getByLabel("In memory of").check();
    // A typo in the email to tell comes back beside its field, with everything typed kept.
    await donate.getByLabel("Their name").fill("Rose Ruiz");
    await donate.getByLabel("Let someone know by email (optional)").fill("family@ruiz");
    await snapshot(page, "donate-form-details", p, { fullPage: true });
    await donate.getByRole("button", { name: "Donate" }).click();
    const again = page.getByRole("form", { name: "Donate" });
    await expect(again.getByText("Please enter a valid email address")).toBeVisible();
    await expect(again.getByLabel("Their name")).toHaveValue("Rose Ruiz");
    await expect(again.getByLabel(/Add the card processing fee/)).toBeChecked();
    await again.getByLabel("Let someone know by email (optional)").fill("family@ruiz.example");
    await again.getByRole("button", { name: "Donate" }).click();
    await expect(page.getByText("including $1.81 to cover the processing fee")).toBeVisible();
    await expect(page.getByText("$51.81").first()).toBeVisible();
    await snapshot(page, "checkout-with-fee", p, { fullPage: true });
  },
);
