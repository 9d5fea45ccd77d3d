import { readFileSync } from "node:fs";
import { expect, expectAccessible, signUpInto, snapshot, test } from "./fixtures";

test("build and publish a card, a visitor saves it and shares back, the owner sees them", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const email = `owner-${Date.now()}-${info.project.name}@example.org`;
  const slug = `ann-${Date.now().toString(36)}-${info.project.name}`;

  await signUpInto(page, { name: "Ann Lee", email });

  await page.goto("/card");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create your card" }).click();
  await expect(page.getByRole("heading", { name: "Edit your card" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Title", { exact: true }).fill("Director of Development");
  await main.getByLabel("Company or organization").fill("Harbor Trust");
  await main.getByLabel("Email", { exact: true }).fill("ann@harbor.org");
  await main.getByLabel("Website").fill("javascript:alert(1)");
  await main.getByRole("button", { name: "Save card" }).click();
  await expect(main.getByText("Enter a web address, such as example.org")).toBeVisible();
  // A bare domain is enough: https:// is added.
  await main.getByLabel("Website").fill("harbor.example");
  await main.getByLabel("Headline", { exact: true }).fill("Every child a reader");
  // The live preview follows what is typed: beside the form on desktop, behind a Preview tab on phones.
  const phone = info.project.name === "phone";
  if (phone) await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByLabel("Card preview").getByText("Harbor Trust")).toBeVisible();
  await expect(page.getByLabel("Card preview").getByText("Every child a reader")).toBeVisible();
  await expect(page.getByLabel("Card preview").getByText("Save Contact")).toBeVisible();
  await expect(page.getByLabel("Card preview").getByText("Share Your Info")).toBeVisible();
  await expect(page.getByLabel("Card preview").getByText("Know Where. Know Who. Know How.")).toHaveCount(0);
  if (phone) await page.getByRole("tab", { name: "Edit" }).click();
  await expect(main.getByText("You have unsaved changes.")).toBeVisible();
  await main.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("Card saved")).toBeVisible();
  const photo = await page.context().newPage();
  await photo.setContent(
    '<div id="p" style="width:300px;height:200px;background:linear-gradient(#f59e0b,#4f46e5)"></div>',
  );
  const png = await photo.locator("#p").screenshot();
  await photo.close();
  await main.getByLabel("Photo", { exact: true }).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Photo updated")).toBeVisible();
  if (phone) await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByLabel("Card preview").locator("img")).toBeVisible();
  if (phone) await page.getByRole("tab", { name: "Edit" }).click();
  await main.getByLabel(/Your link/).fill(slug);
  await main.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Card published")).toBeVisible();
  await expect(main.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "card-editor", info.project.name, { fullPage: true });

  // A visitor on a phone, signed out, with JavaScript: 390 px wide in both projects, so axe runs on the desktop's.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const card = await visitor.newPage();
  await card.goto(`/c/${slug}?src=qr`);
  // The owner's words on the card; KnowWho's tagline only in the page's footer line.
  await expect(card.getByRole("article").getByText("Every child a reader")).toBeVisible();
  await expect(card.getByRole("article").getByText("Know Where. Know Who. Know How.")).toHaveCount(0);
  await expect(card.locator("footer").getByText("Know Where. Know Who. Know How.")).toBeVisible();
  await expect(card.getByRole("link", { name: /harbor\.example/ })).toHaveAttribute("href", "https://harbor.example/");
  await expect(card.getByRole("heading", { name: "Ann Lee" })).toBeVisible();
  await expectAccessible(card, { phone: false });
  await snapshot(card, "card-visitor", info.project.name, { fullPage: true });
  const [download] = await Promise.all([
    card.waitForEvent("download"),
    card.getByRole("link", { name: "Save Contact" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Ann_Lee_contact.vcf");
  const vcf = readFileSync((await download.path()) ?? "", "utf8");
  expect(vcf).toContain("FN:Ann Lee");
  expect(vcf).toContain("ORG:Harbor Trust");

  await card.getByRole("link", { name: "Share Your Info" }).click();
  const dialog = card.getByRole("dialog", { name: "Share Your Contact Information" });
  await expect(
    dialog.getByText("Share your contact details with Ann Lee to be added to their connections."),
  ).toBeVisible();
  await expectAccessible(card, { phone: false });
  await card.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await card.getByRole("link", { name: "Share Your Info" }).click();
  await dialog.getByRole("button", { name: "Share" }).click();
  // The summary above the form, and the same words beside each empty field.
  await expect(card.locator("#share-notice")).toContainText("Please provide your name and email address.");
  await dialog.getByLabel("Name").fill("Bo Chen");
  await dialog.getByLabel("Email", { exact: true }).fill("bo@beta.io");
  await dialog.getByLabel(/may contact me/).check();
  await dialog.getByRole("button", { name: "Share" }).click();
  await expect(card.getByText("Bo Chen's contact info has been shared with Ann Lee.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await visitor.close();

  // The same page with JavaScript off: plain links and a plain form.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`/c/${slug}`);
  await plain.getByLabel("Name").fill("Dee Lopez");
  await plain.getByLabel("Email", { exact: true }).fill("dee@lopez.org");
  await plain.getByRole("button", { name: "Share" }).click();
  await expect(plain).toHaveURL(new RegExp(`/c/${slug}/shared#shared$`));
  await expect(plain.getByText("Dee Lopez's contact info has been shared with Ann Lee.")).toBeVisible();
  // Reloading the confirmation does not post again: Dee shows once on the dashboard below.
  await plain.reload();
  await expect(plain.getByRole("heading", { name: "Contact shared successfully" })).toBeVisible();
  await noJs.close();

  // The owner's pages from here on differ on a phone only by the tab bar: axe on desktop.
  await page.goto("/dashboard");
  const shared = page.getByRole("region", { name: "Shared with you in the last 48 hours" });
  await expect(shared.getByText("Bo Chen", { exact: true })).toBeVisible();
  await expect(shared.getByText("Dee Lopez", { exact: true })).toBeVisible();
  await expect(shared.getByText("agreed to be contacted")).toHaveCount(1);
  // Each share-back is also a connection, so they head the recent ones.
  await expect(
    page.getByRole("region", { name: "Recent connections" }).getByRole("link", { name: "Dee Lopez" }),
  ).toBeVisible();
  await expectAccessible(page, { phone: false });
  // The newest notification opens the connection the share-back created.
  await page.getByRole("link", { name: "View contact" }).first().click();
  await expect(page.getByRole("heading", { name: "Dee Lopez" })).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Status")).toHaveValue("Pending");
  await expect(page.getByRole("main").locator("span", { hasText: /^New Contact$/ })).toBeVisible();
  await expectAccessible(page, { phone: false });
  await expect(page.getByRole("link", { name: "Notifications, 2 unread" })).toBeVisible();
  await page.getByRole("link", { name: "Notifications, 2 unread" }).click();
  await expect(page.getByText("2 unread")).toBeVisible();
  await expectAccessible(page, { phone: false });
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("0 unread")).toBeVisible();
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  await page.goto("/connections?q=bo");
  await expect(page.getByRole("link", { name: /Bo Chen/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Dee Lopez/ })).toHaveCount(0);
  await expectAccessible(page, { phone: false });
});

test("broken and tampered card links", async ({ page }) => {
  const broken = await page.goto("/c/v/not-a-card");
  expect(broken?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Business Card Not Found" })).toBeVisible();
  await expect(
    page.getByText("The business card you're looking for is either invalid or has been removed."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  const payload = Buffer.from(JSON.stringify({ name: "Zoe Park", title: "Founder", userId: "demo-user" })).toString(
    "base64url",
  );
  // A link handed out before encoded links moved to /c/v/ lands there, signature and all.
  await page.goto(`/card/v/${payload}.tampered`);
  await expect(page).toHaveURL(`/c/v/${payload}.tampered`);
  await expect(page.getByText("Unverified card.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Zoe Park" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expectAccessible(page);
});
