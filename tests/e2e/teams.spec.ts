import type { Page } from "@playwright/test";
import { expect, ownerTest } from "./fixtures";

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
