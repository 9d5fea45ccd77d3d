import { confirmAddress, expect, ownerTest as test } from "./fixtures";

const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

// The public event page is served by the Worker's own router, not by a page of the app: a client-side
// navigation to it would land on the app's not-found page, so the join and directory pages link to it plainly.
test("the join page and the directory lead back to the public event page", async ({ page, owner }) => {
  const title = `Quay Talks ${Date.now().toString(36)}`;
  await page.goto("/organiser");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Talks by the quay.");
  await page.getByLabel("Starts").fill(local(-1));
  await page.getByLabel("Ends").fill(local(1));
  await page.getByLabel(/^Time zone/).fill("Europe/London");
  await page.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const slug = ((await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "").split("/e/")[1] ?? "";
  expect(slug).toMatch(/^quay-talks-/);

  await page.goto(`/e/${slug}/join`);
  await page.getByRole("link", { name: `← ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/e/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // With a card to present, the owner joins and goes back from the directory.
  await page.goto("/card");
  await page.getByRole("button", { name: "Create your card" }).click();
  await expect(page.getByRole("heading", { name: "Edit your card" })).toBeVisible();
  // The pass is kept under the account's address: joining waits until the address is proved.
  await page.goto(`/e/${slug}/join`);
  await page.getByRole("button", { name: /^Join as / }).click();
  await expect(page.getByRole("alert")).toContainText(`Confirm your address first: we sent a link to ${owner.email}.`);
  await confirmAddress(page, owner.email);
  await page.goto(`/e/${slug}/join`);
  await page.getByRole("button", { name: /^Join as / }).click();
  await expect(page.getByRole("heading", { name: `Attendees of ${title}` })).toBeVisible();
  await page.getByRole("link", { name: `← ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/e/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});
