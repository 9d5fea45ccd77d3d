import { readFileSync } from "node:fs";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

test("an owner imports a Givebutter export and sees the gifts on the campaign and a donor's page", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const p = info.project.name;
  // Each run imports its own transactions and donors, so the shared demo account never sees a repeat.
  const run = `${p}${Date.now().toString(36)}`;
  const csv = readFileSync("tests/fixtures/gifts/givebutter-transactions.csv", "utf8")
    .replaceAll("GBT-", `GBT-${run}-`)
    .replaceAll("@example.org", `.${run}@example.org`)
    .replaceAll("Ana,Lima", `Ana,Lima ${run}`)
    // Phones match people too: a fixed number would join this run's Ana to an earlier run's.
    .replaceAll("+1 503 555 0101", "");
  const title = `Library Fund ${run}`;
  const main = page.getByRole("main");
  const today = new Date().toISOString().slice(0, 10);

  await page.goto("/campaigns/new");
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Description").fill("Books for the reading corner.");
  await main.getByLabel("Story").fill("Shelves, books and a reading corner for the east side.");
  await main.getByLabel("Organisation").fill("Reading Friends");
  await main.getByLabel("Organiser").fill("Amara Reyes");
  await main.getByLabel("Location").fill("Portland, OR");
  await main.getByLabel("Category").selectOption("education");
  await main.getByLabel("Goal").fill("5000");
  await main.getByLabel("Start date").fill("2026-01-01");
  await main.getByLabel("End date").fill("2030-06-30");
  await main.getByLabel("Mission").fill("A book for every child.");
  await main.getByLabel("Impact").fill("25 dollars buys five books.");
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: "Edit campaign" })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/")[2] ?? "";
  expect(today >= "2026-01-01").toBe(true);

  // From the campaign's dashboard to its import page.
  await page.goto(`/campaigns/${id}`);
  await main.getByRole("link", { name: "Import gifts" }).click();
  await expect(page.getByRole("heading", { name: "Import gifts" })).toBeVisible();
  await main.getByRole("button", { name: "Preview" }).click();
  await expect(main.getByText("Choose a CSV file to import")).toBeVisible();
  await main.getByLabel("File").setInputFiles({
    name: "givebutter-transactions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await main.getByRole("button", { name: "Preview" }).click();

  const summary = main.getByTestId("gift-summary");
  await expect(summary).toContainText("read as Givebutter transactions export");
  await expect(summary).toContainText("$1,305.00");
  await expect(main.getByTestId("gift-preview").getByText("New donor")).toHaveCount(4);
  await expect(main.getByTestId("gift-notes")).toContainText("Row 5: Refunded; skipped");
  await expect(main.getByTestId("gift-notes")).toContainText("Row 6: Status “failed”, not a completed gift; skipped");
  await expectAccessible(page);
  await snapshot(page, "gift-import-preview", p, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await snapshot(page, "gift-import-preview-dark", p, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  await main.getByRole("button", { name: "Import 4 gifts" }).click();
  await expect(page.getByText("Import finished")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`));
  await expect(main.getByTestId("dashboard-donors")).toHaveText("3");
  await expect(main.getByTestId("gift-row")).toHaveCount(4);
  await expect(main.getByTestId("gift-row").filter({ hasText: "Chloé Durand" })).toContainText("$1,200.00");
  await expect(main.getByTestId("gift-row").first()).toContainText("Imported");

  // The donor's own page shows both of Ana's gifts.
  await main
    .getByTestId("gift-row")
    .getByRole("link", { name: `Ana Lima ${run}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: `Ana Lima ${run}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("giving")).toContainText("$80.00");
  await snapshot(page, "gift-import-donor", p, { fullPage: true });
});
