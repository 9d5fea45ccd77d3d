import path from "node:path";
import { writeQrVideo } from "../fixtures/qr-video";
import { cameraLaunchOptions, E2E_OUTPUT, serverURL } from "./browser";
import { demoTest, expect, expectAccessible, signUpInto, snapshot, test } from "./fixtures";

test.use({
  // The fake camera shows the demo owner's published card on this worker's server, as another attendee's phone would.
  launchOptions: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, { parallelIndex }) => {
      const video = writeQrVideo(
        path.join(E2E_OUTPUT, "fixtures", `card-link-${parallelIndex}.y4m`),
        `${serverURL(parallelIndex)}/c/demo?src=qr`,
      );
      await use(cameraLaunchOptions(video));
    },
    { scope: "worker" },
  ],
  permissions: ["camera"],
});

test("scanning someone's KnowWho card adds its owner to the network at once", async ({ page }, info) => {
  await signUpInto(page, { name: "Lee Morgan", email: `scan-${Date.now()}-${info.project.name}@example.org` });

  await page.goto("/capture");
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  // Someone without a published card is shown how to get a QR code of their own.
  await expect(page.getByRole("link", { name: "Publish a card" })).toBeVisible();
  await page.getByRole("button", { name: "Scan a QR code" }).click();
  await expect(page.getByText("Added Amara Reyes from their card.")).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await page.getByRole("link", { name: "Open their connection" }).click();
  await expect(page.getByRole("heading", { name: "Amara Reyes" })).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("amara@openfutures.example");
});

demoTest(
  "the owner shows their own card full screen for others to scan",
  { tag: "@layout" },
  async ({ page }, info) => {
    await page.goto("/capture");
    await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
    await page.getByRole("button", { name: "Show my QR code" }).click();
    const dialog = page.getByRole("dialog", { name: "QR code for Amara Reyes's card" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: "QR code linking to /c/demo" })).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, "capture-my-qr", info.project.name);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Scanning their own card tells them so rather than adding themselves.
    await page.getByRole("button", { name: "Scan a QR code" }).click();
    await expect(page.getByText("That is your own card.", { exact: false })).toBeVisible({ timeout: 20_000 });
  },
);
