import { expect, ownerTest as test } from "./fixtures";

test("a photo the browser cannot read says what to do instead of the decoder's words", async ({ page }) => {
  await page.goto("/card");
  await page.getByRole("button", { name: "Create your card" }).click();
  await expect(page.getByRole("heading", { name: "Edit your card" })).toBeVisible();
  const main = page.getByRole("main");
  // Named and typed as a PNG, but not one: what a half-downloaded or renamed file looks like.
  await main
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") });
  await expect(page.getByText("Could not use that photo")).toBeVisible();
  await expect(
    page.getByText("This file could not be read as a picture. Choose a JPEG, PNG or WebP photo."),
  ).toBeVisible();
  await expect(page.getByText(/could not be decoded/)).toHaveCount(0);
});
