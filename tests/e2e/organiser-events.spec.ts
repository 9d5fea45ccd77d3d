import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { unzipSync } from "fflate";
import { writeQrVideo } from "../fixtures/qr-video";
import { cameraLaunchOptions, E2E_OUTPUT } from "./browser";
import { closeOrgEvent, expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// The fake camera reads this file when the scan starts; the test writes the pass's QR into it first.
const video = path.join(E2E_OUTPUT, "fixtures", "event-pass.y4m");
writeQrVideo(video, "placeholder");
test.use({
  launchOptions: cameraLaunchOptions(video),
  permissions: ["camera"],
});

/**
 * Whether a person sees all of it and can tap it: inside the screen's width, its text not cut by its box, and
 * the element hit at its centre is it (Playwright's visibility ignores clipping by an ancestor).
 */
const wholeOnScreen = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inside: r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight,
      uncut: el.scrollWidth <= el.clientWidth,
      hit: Boolean(hit && (hit === el || el.contains(hit))),
    };
  });
const WHOLE = { inside: true, uncut: true, hit: true };

const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

test("an organiser publishes and writes an NFC tag, attendees join with and without JavaScript, exchange by pass scan, plan who to meet, an exhibitor scans one-way, and the organiser counts it", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const title = `Harbour Summit ${info.project.name} ${Date.now().toString(36)}`;

  // Web NFC exists only on Android phones: a recorder stands in for the tag, so the written record is checked.
  await page.addInitScript(() => {
    const w = window as unknown as { __nfc: unknown[]; NDEFReader: unknown };
    w.__nfc = [];
    w.NDEFReader = class {
      async write(message: unknown) {
        w.__nfc.push(message);
      }
    };
  });

  // The demo owner publishes an event as its organiser.
  await page.goto("/organiser");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Talks on harbour restoration and grants.");
  await page.getByLabel("Starts").fill(local(-1));
  await page.getByLabel("Ends").fill(local(1));
  await page.getByLabel(/^Time zone/).fill("Europe/London");
  await page.getByLabel("Venue (optional)").fill("Pier 4");
  await page.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const link = (await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "";
  const slug = link.split("/e/")[1] ?? "";
  expect(slug).toMatch(/^harbour-summit/);
  const organiserUrl = page.url();
  await page.getByRole("button", { name: "Write to an NFC tag" }).click();
  await expect(page.getByText("NFC tag written")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __nfc: unknown[] }).__nfc)).toEqual([
    { records: [{ recordType: "url", data: `${link}?src=nfc` }] },
  ]);

  // The public page of an active event (its "Scan QR" outline button too) is readable in both themes.
  await page.goto(`/e/${slug}`);
  await expect(page.getByRole("link", { name: "Scan QR" })).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: "light" });

  // The same account joins it with one tap, presenting its card.
  await page.goto(`/e/${slug}/join`);
  const joinButton = page.getByRole("button", { name: /^Join as / }).first();
  const demoName = ((await joinButton.textContent()) ?? "").replace(/^Join as (.*) \(.*\)$/, "$1");
  await joinButton.click();
  await expect(page.getByRole("heading", { name: `Attendees of ${title}` })).toBeVisible();
  // Back on the public page, signed in: their pass in place of the join form.
  await page.goto(`/e/${slug}`);
  await expect(page.getByRole("link", { name: "Open your pass" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Join this event" })).toHaveCount(0);

  // A visitor on a phone without JavaScript joins with name and email, then opens the mailed pass.
  const visitorEmail = `vera-${Date.now().toString(36)}@example.org`;
  const visitor = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    // A stranger: none of the demo owner's session.
    storageState: { cookies: [], origins: [] },
  });
  const phone = await visitor.newPage();
  await phone.goto(`/e/${slug}`);
  await expect(phone.locator(".badge")).toHaveText("Active");
  await phone.getByLabel("Name", { exact: true }).fill("Vera Visitor");
  await phone.getByLabel("Email", { exact: true }).fill(visitorEmail);
  await phone.getByLabel("Company (optional)").fill("Tidewater Trust");
  await phone.getByLabel(/List me in this event/).check();
  await snapshot(phone, "organiser-event-page", info.project.name, { fullPage: true });
  await phone.getByRole("button", { name: "Join" }).click();
  await expect(phone.getByRole("heading", { name: `You joined ${title}` })).toBeVisible();
  await phone.goto("/dev/mailbox");
  const mail = phone
    .getByRole("listitem")
    .filter({ hasText: `To: ${visitorEmail}` })
    .first();
  const passLink = ((await mail.locator("pre").textContent()) ?? "").match(/https?:\/\/\S+\/pass\/\S+/)?.[0] ?? "";
  expect(passLink).toBeTruthy();
  await phone.goto(passLink);
  await expect(phone.getByRole("img", { name: "Your pass QR code" })).toBeVisible();
  // At 390 px each visibility choice is whole on screen, the longest one too.
  const choices = phone.getByRole("group", { name: "Who can see me" }).locator("label");
  await expect(choices).toHaveCount(2);
  for (const choice of await choices.all()) {
    await choice.scrollIntoViewIfNeeded();
    expect(await wholeOnScreen(choice)).toEqual(WHOLE);
  }
  await snapshot(phone, "organiser-event-pass", info.project.name, { fullPage: true });
  const badgeUrl = (await phone.locator("[data-badge-link]").textContent()) ?? "";
  // Without script too, the pass goes into Apple Wallet as a ticket whose QR is the badge link the door scans.
  const [ticket] = await Promise.all([
    phone.waitForEvent("download"),
    phone.getByRole("link", { name: "Add to Apple Wallet" }).click(),
  ]);
  const ticketJson = unzipSync(readFileSync((await ticket.path()) ?? ""))["pass.json"] ?? new Uint8Array();
  expect(JSON.parse(Buffer.from(ticketJson).toString("utf8")).barcodes[0].message).toBe(badgeUrl);

  // They find each other in the directory; the organiser-attendee scans the visitor's pass in /capture.
  await page.goto(`/e/${slug}/directory`);
  await expect(page.locator('[data-attendee="Vera Visitor"]')).toBeVisible();
  await expect(page.getByText(visitorEmail)).toHaveCount(0);
  // On a phone the first attendee is on the first screen, without scrolling.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/e/${slug}/directory`);
  const firstName = page.getByRole("list", { name: "Attendees" }).locator("li p").first();
  await expect(firstName).toHaveText("Vera Visitor");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await wholeOnScreen(firstName)).toEqual(WHOLE);
  if (size) await page.setViewportSize(size);
  writeQrVideo(video, badgeUrl);
  await page.goto("/capture");
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await page.getByRole("button", { name: "Scan a QR code" }).click();
  await expect(page.getByText("Details exchanged")).toBeVisible({ timeout: 20_000 });
  await page.goto(`/e/${slug}/directory`);
  await expect(page.locator('[data-attendee="Vera Visitor"]').getByText(visitorEmail)).toBeVisible();
  await page.goto(`/connections?q=${encodeURIComponent("Vera Visitor")}`);
  await expect(page.getByText("Vera Visitor").first()).toBeVisible();

  // The visitor's pass lists who they exchanged with.
  await phone.goto(passLink);
  await expect(phone.getByRole("region", { name: "People you exchanged with" })).toContainText(demoName);
  await visitor.close();

  // The demo attendee's plan: goals written on its pass; the visitor's organisation matches them.
  await page.goto(`/e/${slug}/directory`);
  await page.getByRole("link", { name: "Your pass and directory choices" }).click();
  await page.getByLabel(/^My goals for this event/).fill("Meet tidewater restoration funders");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your directory choices are saved.")).toBeVisible();
  await page.goto(`/e/${slug}/directory`);
  const plan = page.getByRole("list", { name: "People to meet" });
  await expect(plan.getByText("Vera Visitor")).toBeVisible();
  await expect(plan).toContainText("Their organisation mentions tidewater");

  // A third attendee joins; the organiser gives its own stand one-way lead retrieval, and scans their pass.
  const thirdEmail = `theo-${Date.now().toString(36)}@example.org`;
  const third = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const thirdPhone = await third.newPage();
  await thirdPhone.goto(`/e/${slug}`);
  await thirdPhone.getByLabel("Name", { exact: true }).fill("Theo Third");
  await thirdPhone.getByLabel("Email", { exact: true }).fill(thirdEmail);
  await thirdPhone.getByRole("button", { name: "Join" }).click();
  await expect(thirdPhone.getByRole("heading", { name: `You joined ${title}` })).toBeVisible();
  await thirdPhone.goto("/dev/mailbox");
  const thirdMail = thirdPhone
    .getByRole("listitem")
    .filter({ hasText: `To: ${thirdEmail}` })
    .first();
  const thirdPass =
    ((await thirdMail.locator("pre").textContent()) ?? "").match(/https?:\/\/\S+\/pass\/\S+/)?.[0] ?? "";
  await thirdPhone.goto(thirdPass);
  const thirdBadge = (await thirdPhone.locator("[data-badge-link]").textContent()) ?? "";
  await page.goto(organiserUrl);
  await page.getByLabel("Attendee's email").fill("demo@knowwho.app");
  await page.getByLabel("Lead retrieval").selectOption("one-way");
  await page.getByRole("button", { name: "Save exhibitor" }).click();
  await expect(page.getByRole("list", { name: "Exhibitors" })).toContainText("one-way, 0 leads");
  writeQrVideo(video, thirdBadge);
  await page.goto("/capture");
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await page.getByRole("button", { name: "Scan a QR code" }).click();
  await expect(page.getByText("Lead saved")).toBeVisible({ timeout: 20_000 });
  // One-way: the third attendee sees which stand scanned them, and gets no card back.
  await thirdPhone.goto(thirdPass);
  await expect(thirdPhone.getByText("No one yet. Show your QR code to exchange.")).toBeVisible();
  await expect(thirdPhone.getByRole("region", { name: "People you exchanged with" })).toContainText(
    `Stands that scanned you${demoName}`,
  );
  await third.close();

  // The organiser's view counts all of it: three attendees, one exchange, one lead.
  await page.goto(organiserUrl);
  await expect(page.locator('[data-count="attendees"] dd')).toHaveText("3");
  await expect(page.locator('[data-count="exchanges"] dd')).toHaveText("1");
  await expect(page.locator('[data-count="leads"] dd')).toHaveText("1");
  await expect(page.getByRole("list", { name: "Exhibitors" })).toContainText("one-way, 1 lead");
  await snapshot(page, "organiser-event-dashboard", info.project.name, { fullPage: true });
  // What happened says the same, and goes away as a CSV report.
  await page.getByRole("link", { name: "What happened" }).click();
  await expect(page.locator('[data-count="registrations"] dd')).toHaveText("3");
  const [report] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download this report (CSV)" }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/-what-happened\.csv$/);
  expect(readFileSync(await report.path(), "utf8")).toContain('"Totals","Registrations","count","3"');
  await closeOrgEvent(page, organiserUrl);
});
