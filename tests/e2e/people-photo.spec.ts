import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

test("the owner gives a person a photo, sees it on their page and in the list, and exports it", async ({
  page,
}, info) => {
  const who = `Photo Person ${info.project.name} ${Date.now()}`;
  await page.goto("/connections/new");
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill(who);
  await main.getByLabel("Email").fill(`photo-${Date.now()}-${info.project.name}@example.org`);
  await main.getByLabel(/^Role/).fill("Board member");
  await main
    .getByRole("button", { name: /^(Add|Save)/ })
    .first()
    .click();
  await expect(main.getByRole("heading", { name: who })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  // A photo as a phone's camera roll has it: wider than tall, cropped to a square in the browser.
  const maker = await page.context().newPage();
  await maker.setContent(
    '<div id="p" style="width:480px;height:320px;background:radial-gradient(circle,#f59e0b,#0f766e)"></div>',
  );
  const png = await maker.locator("#p").screenshot();
  await maker.close();
  await main.getByLabel("Add a photo").setInputFiles({ name: "face.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Photo updated")).toBeVisible();
  const photo = main.getByRole("img", { name: who });
  await expect(photo).toBeVisible();
  // Really drawn, not a broken image: the served JPEG decoded at the cropped size.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(main.getByLabel("Change photo")).toBeVisible();
  await expectAccessible(page);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
    await snapshot(page, `person-photo-${colorScheme}`, info.project.name, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(`/connections?q=${encodeURIComponent(who)}`);
  const listed = page.getByRole("main").locator(`img[src^="/api/people/${id}/photo"]`);
  await expect(listed).toBeVisible();
  await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The export carries it inline, as phones import it.
  const vcf = await (await page.request.get(`/api/connections/export?format=vcf&ids=${id}`)).text();
  expect(vcf).toContain(`FN:${who}`);
  expect(vcf.replace(/\r\n /g, "")).toMatch(/PHOTO;ENCODING=b;TYPE=JPEG:\/9j\/[A-Za-z0-9+/=]{200,}/);

  // Removed, the initials come back.
  await page.goto(`/connections/${id}`);
  await page.getByRole("main").getByRole("button", { name: "Remove photo", exact: true }).click();
  await expect(page.getByText("Photo removed")).toBeVisible();
  await expect(page.getByRole("main").getByRole("img", { name: who })).toHaveCount(0);
});
