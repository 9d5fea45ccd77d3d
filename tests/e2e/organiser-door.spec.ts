import { closeOrgEvent, expect, demoTest as test } from "./fixtures";

const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

test("at the door on a phone, a pass checks in once, the count moves, and the list shows who is in", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const title = `Harbour Door Day ${info.project.name} ${Date.now().toString(36)}`;
  await page.goto("/organiser");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Starts").fill(local(-1));
  await page.getByLabel("Ends").fill(local(1));
  await page.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const organiserUrl = page.url();
  const slug = ((await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "").split("/e/")[1] ?? "";

  // A visitor joins without JavaScript and opens the pass mailed to them.
  const email = `door-${Date.now().toString(36)}@example.org`;
  const visitor = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: { cookies: [], origins: [] },
  });
  const phone = await visitor.newPage();
  await phone.goto(`/e/${slug}`);
  await phone.getByLabel("Name", { exact: true }).fill("Nell Harbour");
  await phone.getByLabel("Email", { exact: true }).fill(email);
  await phone.getByRole("button", { name: "Join" }).click();
  await phone.goto("/dev/mailbox");
  const mail = phone
    .getByRole("listitem")
    .filter({ hasText: `To: ${email}` })
    .first();
  const pass = ((await mail.locator("pre").textContent()) ?? "").match(/https?:\/\/\S+\/pass\/\S+/)?.[0] ?? "";
  await phone.goto(pass);
  const badge = (await phone.locator("[data-badge-link]").textContent()) ?? "";
  expect(badge).toContain(`/e/${slug}/a/`);
  await visitor.close();

  // The organiser at the door on a phone: the pass checks in, a second time says so, the count is one.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(organiserUrl);
  await page.getByRole("link", { name: "Door check-in" }).click();
  await expect(page.getByRole("button", { name: "Scan passes with the camera" })).toBeVisible();
  // No network at the door: the scan is kept on the phone, and sent (once) when the network is back.
  await page.context().setOffline(true);
  await page.getByLabel("Or paste the pass's link").fill(badge);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.locator("[data-door-queue]")).toHaveText(/Offline: 1 scan kept on this phone/);
  await page.context().setOffline(false);
  await expect(page.locator("[data-door-queue]")).toHaveText(/Back online: kept scans sent, 1 let in/);
  await expect(page.locator("[data-count=inside]")).toHaveText("1 of 1 in");
  await page.getByLabel("Or paste the pass's link").fill(badge);
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Nell Harbour: already checked in at" })).toBeVisible();
  // Text that is no pass is refused beside the field, kept as typed.
  await page.getByLabel("Or paste the pass's link").fill("hello");
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not an attendee pass" }).first()).toBeVisible();
  await expect(page.getByLabel("Or paste the pass's link")).toHaveValue("hello");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: `← Attendees of ${title}` }).click();
  await expect(page.locator("[data-count=door]")).toHaveText("1 of 1 checked in");
  await expect(page.getByRole("row", { name: /Nell Harbour/ })).toContainText("UTC");
  await closeOrgEvent(page, organiserUrl);
});
