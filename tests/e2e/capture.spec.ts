import path from "node:path";
import { writeQrVideo } from "../fixtures/qr-video";
import { cameraLaunchOptions, E2E_OUTPUT } from "./browser";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// Chromium's fake camera plays this video: a MECARD QR code, as a badge or phone would show it.
const video = writeQrVideo(
  path.join(E2E_OUTPUT, "fixtures", "mecard.y4m"),
  "MECARD:N:Okafor,Chidi;TEL:+14155550123;EMAIL:chidi@riverside.org;ORG:Riverside Trust;;",
);
test.use({
  launchOptions: cameraLaunchOptions(video),
  permissions: ["camera"],
});

test.beforeEach(async ({ page }) => {
  await page.goto("/capture");
  await expect(page.getByRole("heading", { name: "Capture contacts" })).toBeVisible();
  // Wait for hydration: the client id is set by the page's script.
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
});

test("scans a QR code from the camera and saves the contact", async ({ page }, info) => {
  await expectAccessible(page);
  await page.getByRole("button", { name: "Scan a QR code" }).click();
  await expect(page.getByRole("main").getByLabel("Name", { exact: true })).toHaveValue("Chidi Okafor", {
    timeout: 20_000,
  });
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("chidi@riverside.org");
  await expect(page.getByRole("main").getByLabel("Company", { exact: true })).toHaveValue("Riverside Trust");
  await snapshot(page, "capture", info.project.name, { fullPage: true });
  await page.getByRole("button", { name: "Save contact" }).click();
  // The phone journey runs second against the same account, so it finds Chidi already there.
  await expect(
    page.getByText(/^Chidi Okafor (is in your network|was already there; what you captured was added)\.$/),
  ).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Name", { exact: true })).toHaveValue("");
});

test("reads a photographed business card with on-device text recognition", async ({ page }, info) => {
  test.setTimeout(120_000);
  const card = await page.context().newPage();
  await card.setViewportSize({ width: 700, height: 400 });
  await card.setContent(`<div id="card" style="width:700px;height:400px;background:#fff;color:#111;font:32px/1.5 Arial,sans-serif;padding:40px;box-sizing:border-box">
      <div style="font-size:24px">Open Futures Foundation</div>
      <div style="font-size:40px;font-weight:bold">Amara Reyes</div>
      <div>Director of Partnerships</div>
      <div>amara@openfutures.org</div>
      <div>+1 415 555 2671</div></div>`);
  const image = await card.locator("#card").screenshot();
  await card.close();

  // Bytes over the wire: the page as it first loads, then what text recognition fetches when needed.
  const loaded = { before: 0, after: 0 };
  let phase: keyof typeof loaded = "before";
  const engineEarly: string[] = [];
  page.on("requestfinished", async (request) => {
    const counted = phase;
    const sizes = await request.sizes().catch(() => null);
    if (sizes) loaded[counted] += sizes.responseBodySize + sizes.responseHeadersSize;
    if (counted === "before" && request.url().includes("/vendor/tesseract/")) engineEarly.push(request.url());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.reload();
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await page.waitForLoadState("networkidle");
  phase = "after";

  const started = Date.now();
  await page
    .getByLabel("Photo of a business card")
    .setInputFiles({ name: "card.png", mimeType: "image/png", buffer: image });
  await expect(page.getByText(/Read the card in/)).toBeVisible({ timeout: 90_000 });
  info.annotations.push({ type: "ocr-ms", description: String(Date.now() - started) });
  console.log(
    `text recognition on a ${image.byteLength}-byte card image: ${Date.now() - started} ms (${info.project.name})`,
  );
  await page.waitForLoadState("networkidle");
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `capture page: ${kb(loaded.before)} on load, ${kb(loaded.after)} more once text recognition is needed (${info.project.name})`,
  );
  // The engine and its language data are fetched only once a photo needs reading.
  expect(engineEarly).toEqual([]);
  expect(loaded.after).toBeGreaterThan(1_000_000);
  await expect(page.getByRole("main").getByLabel("Name", { exact: true })).toHaveValue("Amara Reyes");
  await expect(page.getByRole("main").getByLabel("Email", { exact: true })).toHaveValue("amara@openfutures.org");
  await expect(page.getByRole("main").getByLabel("Title", { exact: true })).toHaveValue("Director of Partnerships");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(
    page.getByText(/^Amara Reyes (is in your network|was already there; what you captured was added)\.$/),
  ).toBeVisible();
});

test("a capture made offline is kept and synced once when back online", async ({ page, context }) => {
  await context.setOffline(true);
  await page.getByRole("main").getByLabel("Name", { exact: true }).fill("Dana Whitfield");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill("dana@harbor.org");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByText("Dana Whitfield will sync when you're back online.")).toBeVisible();
  await expect(page.getByText(/1 waiting to sync/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("1 offline capture synced")).toBeVisible();
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
  // Nothing is left to replay after a reload.
  await page.reload();
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
});

test("quick add works without JavaScript and keeps typed values on errors", async ({ browser, demoStorage }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: demoStorage });
  const page = await context.newPage();
  await page.goto("/capture");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("main").getByLabel("Company", { exact: true }).fill("Harbor Trust");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Company", { exact: true })).toHaveValue("Harbor Trust");
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill("lee@harbor.org");
  await page.getByRole("main").getByLabel("Name", { exact: true }).fill("Lee Harbor");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page).toHaveURL(/\/capture$/);
  await context.close();
});
