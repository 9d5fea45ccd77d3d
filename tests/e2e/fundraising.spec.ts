import { deflateSync } from "node:zlib";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

/** A real 64×36 PNG (a teal field), made here so the journey needs no file on disk. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const [w, h] = [64, 36];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([13, 148, 136]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("an owner runs a campaign: a visitor gives, the donor is a person, thanked, and a refund reverses the gift", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const p = info.project.name;
  const title = `Reading Buddies ${p}`;
  const main = page.getByRole("main");
  const today = new Date().toISOString().slice(0, 10);

  // Online giving: the demo owner connects their Stripe account (the local test onboarding) once.
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Your campaigns" })).toBeVisible();
  const connect = main.getByRole("button", { name: /Connect Stripe|Continue Stripe setup/ });
  if (await connect.isVisible()) {
    await connect.click();
    await expect(page.getByRole("heading", { name: "Connect your Stripe account" })).toBeVisible();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
  }
  await expect(main.getByTestId("stripe-status")).toContainText("connected");

  // Create, add an image, publish.
  await main.getByRole("link", { name: "New campaign" }).click();
  await expect(page.getByRole("heading", { name: "New campaign" })).toBeVisible();
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByText("Title is required")).toBeVisible();
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Description").fill("Volunteers who read with first-graders every week.");
  await main.getByLabel("Story").fill("Forty volunteers, three schools, one book a week for every child.");
  await main.getByLabel("Organisation").fill("Open Futures Foundation");
  await main.getByLabel("Organiser").fill("Amara Reyes");
  await main.getByLabel("Location").fill("Chicago, IL");
  await main.getByLabel("Category").selectOption("education");
  await main.getByLabel("Goal").fill("2000");
  await main.getByLabel("Start date").fill(today);
  await main.getByLabel("End date").fill("2020-01-01");
  await main.getByLabel("Mission").fill("Every child reads with a grown-up every week.");
  await main.getByLabel("Impact").fill("50 dollars buys a term of books for one child.");
  await main.getByLabel("Budget").fill("Books: 1200\nVolunteer training: 800");
  await main.getByLabel("Team").fill("Amara Reyes, Director\nSam Lee, Volunteer lead");
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(main.getByText("The end date must be on or after the start date")).toBeVisible();
  await expect(main.getByLabel("Title")).toHaveValue(title);
  await main.getByLabel("End date").fill("2030-06-30");
  await main.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: "Edit campaign" })).toBeVisible();
  await expect(main.getByTestId("campaign-status")).toHaveText("Draft");
  const id = new URL(page.url()).pathname.split("/")[2] ?? "";
  await main.getByLabel(/^Image/).setInputFiles({ name: "reading.png", mimeType: "image/png", buffer: png() });
  await main.getByRole("button", { name: "Upload image" }).click();
  await expect(main.getByRole("img", { name: "Campaign" })).toBeVisible();
  await expectAccessible(page);
  await main.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // A visitor (no account) gives through the built-in test checkout.
  const visitor = await browser.newContext({
    baseURL,
    viewport: page.viewportSize() ?? undefined,
    storageState: { cookies: [], origins: [] },
  });
  const v = await visitor.newPage();
  await v.goto(`/fundraising/${id}?src=qr`);
  await expect(v.getByRole("heading", { name: title })).toBeVisible();
  await expect(v.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(v.getByRole("progressbar", { name: "Raised towards goal" })).toHaveAttribute("aria-valuenow", "0");
  await expectAccessible(v);
  await v.getByRole("button", { name: "Donate" }).click();
  await expect(v.getByTestId("checkout-amount")).toHaveText("$50.00");
  await v.getByRole("main").getByLabel("Email", { exact: true }).fill(`dee.${p}@donor.example`);
  await v.getByRole("main").getByLabel("Name", { exact: true }).fill(`Dee Donor ${p}`);
  await v.getByRole("button", { name: "Donate $50.00" }).click();
  await expect(v.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await v.goto(`/fundraising/${id}`);
  await expect(v.getByRole("progressbar", { name: "Raised towards goal" })).toHaveAttribute("aria-valuenow", "3");
  await expect(v.getByTestId("donor-count")).toHaveText("1");
  await snapshot(v, "campaign-page", p, { fullPage: true });
  await v.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(v);
  await snapshot(v, "campaign-page-dark", p, { fullPage: true });
  await visitor.close();

  // The owner sees the gift on the campaign and in its analytics.
  await page.goto(`/campaigns/${id}`);
  await expect(main.getByTestId("dashboard-donors")).toHaveText("1");
  const row = main.getByTestId("gift-row").filter({ hasText: `Dee Donor ${p}` });
  await expect(row).toContainText("$50.00");
  await expect(row).toContainText("QR code");
  await expect(main.getByRole("img", { name: /Gifts by source/ })).toBeVisible();
  await expect(main.getByRole("img", { name: /Raised over time/ })).toBeVisible();

  // The owner records a cash gift and a pledge.
  const gift = main.getByRole("form", { name: "Record a gift" });
  await gift.getByLabel("Donor's name").fill(`Cass Cash ${p}`);
  await gift.getByLabel("Amount").fill("120");
  await gift.getByLabel("Method").selectOption("cash");
  await gift.getByRole("button", { name: "Record gift" }).click();
  await expect(page.getByText("Gift recorded")).toBeVisible();
  await expect(main.getByTestId("gift-row").filter({ hasText: `Cass Cash ${p}` })).toContainText("Cash");
  await expect(main.getByRole("heading", { name: /Waiting for a thank-you/ })).toBeVisible();
  const pledge = main.getByRole("form", { name: "Record a pledge" });
  await pledge.getByLabel("Donor's name").fill(`Penny Pledger ${p}`);
  await pledge.getByLabel("Pledged amount").fill("600");
  await pledge.getByLabel("Instalments (monthly)").fill("3");
  // Due from next month: an instalment due today would add an overdue follow-up to the shared demo dashboard.
  const nextMonth = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
  await pledge.getByLabel("First due date").fill(nextMonth);
  // Sent from the keyboard: on the emulated phone Chromium's hit test lands on the field above the button.
  await pledge.getByRole("button", { name: "Record pledge" }).press("Enter");
  await expect(page.getByText("Pledge recorded")).toBeVisible();
  await expect(main.getByTestId("pledge").filter({ hasText: `Penny Pledger ${p}` })).toContainText(
    `${nextMonth}: $200.00`,
  );
  await expect(main.getByTestId("dashboard-donors")).toHaveText("2");
  await expectAccessible(page);
  await snapshot(page, "campaign-dashboard", p, { fullPage: true });

  // The donor is a person in the network, with their giving on their page.
  await row.getByRole("link", { name: `Dee Donor ${p}` }).click();
  await expect(page.getByRole("heading", { name: `Dee Donor ${p}`, level: 1 })).toBeVisible();
  const giving = main.getByRole("region", { name: "Giving" });
  await expect(giving.getByTestId("giving")).toContainText("$50.00");
  await expect(main.getByText("Donor", { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await giving.scrollIntoViewIfNeeded();
  await snapshot(page, "donor-person", p, { fullPage: true });

  // The thank-you went through the mail adapter.
  await page.goto("/dev/mailbox");
  await expect(page.getByText(`To: dee.${p}@donor.example`)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Thank you for your gift to ${title}` }).first()).toBeVisible();

  // A refund is never one click: part of the gift, its amount confirmed before Stripe is asked, then the rest.
  await page.goto(`/campaigns/${id}`);
  const deeRow = main.getByTestId("gift-row").filter({ hasText: `Dee Donor ${p}` });
  await deeRow.getByRole("link", { name: /^Refund/ }).click();
  await page.getByLabel("Amount to refund (USD)").fill("60");
  await page.getByRole("button", { name: "Review the refund" }).click();
  await expect(page.getByText("A refund can be at most $50.00, what is left of this gift")).toBeVisible();
  await page.getByLabel("Amount to refund (USD)").fill("10");
  await page.getByRole("button", { name: "Review the refund" }).click();
  await expect(page.getByTestId("refund-confirm")).toHaveText(`Refund $10.00 to Dee Donor ${p}?`);
  await snapshot(page, "refund-confirm", p);
  await page.getByRole("button", { name: "Refund $10.00" }).click();
  await expect(page.getByText("Refund of $10.00 requested")).toBeVisible();
  await expect(deeRow).toContainText("$10.00 refunded");
  await deeRow.getByRole("link", { name: /^Refund/ }).click();
  await expect(page.getByLabel("Amount to refund (USD)")).toHaveValue("40.00");
  await page.getByRole("button", { name: "Review the refund" }).click();
  await page.getByRole("button", { name: "Refund $40.00" }).click();
  await expect(page.getByText("Refund of $40.00 requested")).toBeVisible();
  await expect(deeRow).toContainText("Refunded");
  await expect(main.getByTestId("dashboard-donors")).toHaveText("1");
  await page.goto(`/fundraising/${id}`);
  await expect(page.getByTestId("donor-count")).toHaveText("1");
});
