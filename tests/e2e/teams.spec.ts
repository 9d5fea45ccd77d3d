import type { Page } from "@playwright/test";
import { expect, expectAccessible, ownerTest, snapshot } from "./fixtures";

/** The shell's menu that holds the workspace switcher: the account menu on a laptop, More on a phone. */
async function openSwitcher(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole("navigation", { name: "Tabs" }).getByText("More").click();
  else await page.getByLabel(/^Account menu for/).click();
  const menu = page.getByRole("region", { name: "Workspace" }).filter({ visible: true });
  await expect(menu).toBeVisible();
  return menu;
}

ownerTest(
  "makes a team and switches between it and one's own workspace from the shell @layout",
  async ({ page, isMobile }) => {
    await page.goto("/teams");
    await page.getByLabel("Team name").fill("Riverside Food Bank");
    await page.getByRole("button", { name: "Make a team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Riverside Food Bank" })).toBeVisible();
    const chip = page.getByTitle("The team you are working in");
    await expect(chip).toHaveText("Riverside Food Bank");

    let menu = await openSwitcher(page, isMobile);
    await menu.getByRole("button", { name: "Switch to Your own workspace" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(chip).toHaveCount(0);

    menu = await openSwitcher(page, isMobile);
    await menu.getByRole("button", { name: "Switch to Riverside Food Bank" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(chip).toHaveText("Riverside Food Bank");
  },
);

ownerTest(
  "invites colleagues from a file after seeing each row, and reads the audit log, in light and dark",
  async ({ page }, info) => {
    await page.goto("/teams");
    await page.getByLabel("Team name").fill("Riverside Food Bank");
    await page.getByRole("button", { name: "Make a team" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Riverside Food Bank" })).toBeVisible();

    // A single invitation; the form is empty again for the next one.
    const address = page.getByLabel("Email address");
    await address.fill("bo@example.org");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent to bo@example.org")).toBeVisible();
    await expect(address).toHaveValue("");

    const file = ["email", "cai@example.org", "not an address", "CAI@example.org", "dee@example.org"].join("\n");
    await page.getByLabel("File of addresses").setInputFiles({
      name: "colleagues.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(file),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    const preview = page.getByRole("region", { name: /colleagues\.csv/ });
    await expect(preview.getByRole("heading")).toHaveText("colleagues.csv: 2 to invite, 1 not valid, 1 listed twice");
    await expect(preview.getByRole("row", { name: /not an address/ })).toContainText(
      "Please enter a valid email address",
    );
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await snapshot(page, `team-file-preview-${colorScheme}`, info.project.name, { fullPage: true });
      await expectAccessible(page);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await preview.getByRole("button", { name: "Send 2 invitations as member" }).click();
    await expect(page.getByText("Invitations sent to 2 people")).toBeVisible();
    await expect(page.getByRole("list", { name: "Invitations" }).getByRole("listitem")).toHaveCount(3);

    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(4);
    await expect(entries.last()).toContainText("Made the team");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await snapshot(page, `team-audit-${colorScheme}`, info.project.name, { fullPage: true });
      await expectAccessible(page);
    }
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the whole log as CSV" }).click();
    expect((await download).suggestedFilename()).toBe("team-audit-log.csv");
  },
);
