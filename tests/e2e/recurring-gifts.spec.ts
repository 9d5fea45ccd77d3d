import { execFileSync } from "node:child_process";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { serverState } from "./browser";
import { expect, expectAccessible, snapshot, ownerTest as test } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");

/** A form post as the page would send it (same origin), answered without following redirects. */
async function post(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { origin: new URL(baseURL).origin }, maxRedirects: 0 });
}

test("a donor cancels a monthly gift from the link in the receipt @layout", async ({ page, baseURL }, info) => {
  const base = baseURL ?? "";
  const api = page.request;
  // The owner's side, through the same forms the pages post: a published campaign on a connected account.
  const created = await post(api, base, "/campaigns/new", {
    intent: "save",
    title: "Warm Winter Beds",
    description: "Beds for cold nights.",
    extendedDescription: "Forty beds from November to March.",
    organization: "Harbour Shelter",
    organizerName: "Sam Reyes",
    location: "Portland, OR",
    category: "community",
    currency: "USD",
    goal: "5000",
    startDate: "2026-01-01",
    endDate: "2030-12-31",
    mission: "Nobody sleeps outside in winter.",
    impact: "25 dollars is a bed for a night.",
    budget: "Beds: 5000",
    team: "Sam Reyes",
    suggested: "25, 50",
    listed: "on",
  });
  const id = (created.headers().location ?? "").split("/")[2] ?? "";
  expect(id).not.toBe("");
  await post(api, base, `/campaigns/${id}/edit`, { intent: "publish" });
  const onboard = new URL((await post(api, base, "/campaigns", { intent: "connect" })).headers().location ?? "", base);
  await post(api, base, onboard.pathname, { return_url: onboard.searchParams.get("return_url") ?? "" });

  // The donor gives monthly through the test checkout.
  const donor = `donor-${crypto.randomUUID().slice(0, 8)}@e2e.example.org`;
  const start = await post(api, base, `/fundraising/${id}/donate`, { amount: "2500", frequency: "monthly" });
  const checkout = start.headers().location ?? "";
  expect(checkout).toContain("/pay/test/checkout/");
  expect((await post(api, base, checkout, { intent: "pay", email: donor, name: "Robin Giver" })).status()).toBe(302);

  // The receipt, as the donor reads it, carries the link.
  await page.goto("/dev/mailbox");
  const receipt = page
    .getByRole("listitem")
    .filter({ hasText: `To: ${donor}` })
    .first();
  const text = (await receipt.locator("pre").textContent()) ?? "";
  const link = /Manage your monthly gift \(pause, resume or cancel\): (\S+)/.exec(text)?.[1] ?? "";
  expect(link).toMatch(/\/fundraising\/gifts\//);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Your monthly gifts" })).toBeVisible();
  const gift = page.getByTestId("donor-gift");
  await expect(gift).toContainText("$25.00 a month to Warm Winter Beds");
  await expect(gift.getByTestId("donor-gift-status")).toHaveText("Active");
  await expectAccessible(page);
  await gift.getByRole("button", { name: "Cancel monthly gift" }).click();
  await expect(page.getByRole("status")).toHaveText("Your monthly gift is cancelled. Nothing more will be charged.");
  await expect(gift.getByTestId("donor-gift-status")).toHaveText("Cancelled");
  await expect(gift.getByRole("button", { name: "Cancel monthly gift" })).toHaveCount(0);
  // Nothing sideways on a phone: the page is no wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await snapshot(page, "donor-cancels-monthly-gift", info.project.name, { fullPage: true });
});

/** A statement on this worker's own local D1, through wrangler's CLI: the one way to end a trial in a journey. */
function sql(command: string) {
  execFileSync(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", serverState(test.info().parallelIndex), "--command", command],
    {
      cwd: root,
      stdio: "pipe",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
}

test("a change to yearly billing shows the amount and the date before anything is charged", async ({
  page,
  owner,
}, info) => {
  sql(
    `UPDATE account_plan SET trial_ends_at = ${Date.now() - 1000} WHERE user_id = (SELECT id FROM user WHERE email = '${owner.email}')`,
  );
  await page.goto("/settings/billing");
  await page.getByRole("radio", { name: "7.99 USD a month" }).check();
  await page.getByRole("button", { name: "Subscribe to Card Pro" }).click();
  await page.waitForURL(/\/pay\/test\/checkout\//);
  await page.getByRole("button", { name: /^Subscribe \$7\.99/ }).click();
  await page.waitForURL((url) => url.pathname === "/settings/billing");
  await expect(page.getByTestId("invoice")).toHaveCount(1);

  await page.getByRole("link", { name: "Switch to yearly" }).click();
  await expect(page.getByRole("heading", { name: "Switch to yearly billing" })).toBeVisible();
  const amount = page.getByTestId("change-amount");
  await expect(amount).toHaveText(/^\$\d+\.\d\d will be charged on .+ \d{4}\.$/);
  const shown = /\$\d+\.\d\d/.exec((await amount.textContent()) ?? "")?.[0] ?? "";
  await expectAccessible(page);
  await snapshot(page, "plan-change-preview", info.project.name, { fullPage: true });
  // Looking charged nothing.
  await page.goto("/settings/billing");
  await expect(page.getByTestId("invoice")).toHaveCount(1);
  await page.getByRole("link", { name: "Switch to yearly" }).click();
  await page.getByRole("button", { name: `Pay ${shown} and switch` }).click();
  await page.waitForURL((url) => url.pathname === "/settings/billing");
  await expect(page.getByTestId("invoice").filter({ hasText: "Change of billing period" })).toContainText(shown);
});
