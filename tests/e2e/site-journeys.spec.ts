import { expect, expectAccessible, snapshot, test } from "./fixtures";

test("landing: sections in order, testimonials rotate, campaigns stream in; screenshot", async ({ page }, info) => {
  // The page's clock runs as usual until the test moves it on, so the carousel's stillness takes no real wait.
  await page.clock.install();
  await page.goto("/");
  for (const name of ["How It Works", "Stay On Top of Your Network", "Featured campaigns", "See it in action"]) {
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: /Donate Now/ })).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Prepare for Nonprofit Tech Summit" })).toBeVisible();
  // Published organiser events come first (the organiser journey publishes some), then the samples: an
  // event happening today offers Scan QR.
  await expect(page.getByRole("link", { name: "Scan QR at Impact Fundraising Live" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Connections" })).toHaveAttribute("aria-selected", "true");
  const dots = page.getByRole("button", { name: /Show testimonial/ });
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 7000 });
  await expectAccessible(page);
  await snapshot(page, "site-landing", info.project.name, { fullPage: true });

  // Focus inside the carousel keeps it still even after the pointer leaves it.
  await dots.nth(2).click();
  await page.mouse.move(0, 0);
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await page.clock.runFor(5600);
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");

  // The live card is served outside React Router, so the link must load it as a document.
  await page.getByRole("link", { name: "See a live card" }).click();
  await expect(page).toHaveURL(/\/c\/demo$/);
  await expect(page.getByText("Know Where. Know Who. Know How.")).toBeVisible();
});

test(
  "pricing and about in Japanese and Arabic at 390 px: no overflow, axe clean; screenshots",
  { tag: "@phone" },
  async ({ page }, info) => {
    for (const [lang, heading] of [
      ["ja", "本気で人脈を築く人のための、シンプルな料金"],
      ["ar", "أسعار بسيطة لمن يبني علاقاته بجدية"],
    ] as const) {
      await page.goto(`/pricing?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId("price").filter({ visible: true })).toHaveText(
        lang === "ja" ? "$7.99" : /^\u200f?7\.99\s?US\$\u200e$/,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
      await snapshot(page, `site-pricing-${lang}`, info.project.name, { fullPage: true });
      await page.goto(`/about?lang=${lang}`);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);
      await snapshot(page, `site-about-${lang}`, info.project.name, { fullPage: true });
    }
  },
);

test(
  "pricing: monthly/yearly toggle and a one-at-a-time collapsible FAQ; screenshot",
  { tag: "@layout" },
  async ({ page }, info) => {
    await page.goto("/pricing");
    // Both periods' figures are in the page; CSS shows the chosen one.
    const price = page.getByTestId("price").filter({ visible: true });
    await expect(price).toHaveText("$7.99");
    await page.getByText(/^Yearly/).click();
    await expect(price).toHaveText("$79");
    await expect(page.getByText("billed yearly")).toBeVisible();
    const first = page.getByRole("button", { name: "Is there a free trial?" });
    const second = page.getByRole("button", { name: "Can I cancel at any time?" });
    await first.click();
    await expect(page.getByText("no credit card is required")).toBeVisible();
    await second.click();
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute(
      "href",
      "/auth?mode=signup&redirectTo=%2Fsettings%2Fbilling",
    );
    await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await snapshot(page, "site-pricing", info.project.name, { fullPage: true });
  },
);

test("guide page: metadata, helpful vote remembered; screenshot", { tag: "@layout" }, async ({ page }, info) => {
  await page.goto("/guides/event-hubs");
  await expect(page.getByText("KnowWho Product Team")).toBeVisible();
  await expect(page.getByText("May 12, 2024")).toBeVisible();
  await expect(page.getByText("15 min read").first()).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.ok()),
    page.getByRole("button", { name: "Yes", exact: true }).click(),
  ]);
  await expect(page.getByText("Thanks for your feedback.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Yes", exact: true })).toHaveAttribute("aria-pressed", "true");
  await snapshot(page, "site-guide", info.project.name, { fullPage: true });
});

test("unknown doc id redirects to the integration doc", async ({ page }) => {
  await page.goto("/docs/no-such-doc");
  await expect(page).toHaveURL(/\/docs\/krystal-integration$/);
  await expect(page.getByRole("link", { name: "Krystal AI Integration" })).toHaveAttribute("aria-current", "page");
});

test("review: each validation message first, then stored and listed; helpful toggles once", { tag: "@layout" }, async ({
  page,
  isMobile,
}) => {
  await page.goto("/reviews");
  // Validation runs in the browser once the page has hydrated.
  await page.waitForLoadState("networkidle");
  const form = page.locator("form#review");
  await form.getByRole("button", { name: "Submit Review" }).click();
  for (const message of [
    "Name must be at least 2 characters",
    "Please enter a valid email address",
    "Please select a rating",
    "Review must be at least 10 characters",
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  const name = `Tester ${isMobile ? "Phone" : "Desk"} ${Date.now() % 100000}`;
  await form.getByLabel("Name").fill(name);
  await expect(page.getByText("Name must be at least 2 characters")).toBeHidden();
  await form.getByLabel("Email").fill("tester@example.org");
  await form.getByRole("radio", { name: "4 stars" }).locator("..").click();
  await expect(form.getByText("Please select a rating")).toBeHidden();
  await form.getByLabel("Review").fill("Saved every contact from the summit in one evening.");
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Thank you for your review!")).toBeVisible();
  await expect(page.getByText("Your feedback has been submitted successfully.")).toBeVisible();
  const newest = page.getByRole("listitem").filter({ hasText: name });
  await expect(newest).toBeVisible();
  await expect(newest.getByText("Verified")).toHaveCount(0);
  await expect(page.getByText("tester@example.org")).toHaveCount(0);

  const helpful = newest.getByRole("button", { name: /Helpful/ });
  await expect(helpful).toHaveText("Helpful (0)");
  await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && r.ok()), helpful.click()]);
  await expect(helpful).toHaveText("Helpful (1)");
  await page.reload();
  const again = page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("button", { name: /Helpful/ });
  await expect(again).toHaveText("Helpful (1)");
  await again.click();
  await expect(again).toHaveText("Helpful (0)");
});

test("help request is acknowledged and lands in the support outbox", async ({ page }) => {
  await page.goto("/help#contact-form");
  await page.waitForLoadState("networkidle");
  const form = page.locator("#contact-form");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();
  const subject = `Cannot publish my card ${Date.now()}`;
  await form.getByLabel("Name").fill("Robin Example");
  await form.getByLabel("Email").fill("robin@example.org");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("The publish button stays disabled after I save my card.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toContainText("your message has been sent");
  await page.goto("/dev/mailbox");
  await expect(page.getByText(subject)).toBeVisible();
});

test.describe("newsletter slide-in", { tag: "@layout" }, () => {
  test.use({ newsletterPrompt: true });

  test("appears after 5 s, subscribes, and never returns to a subscriber", async ({ page, isMobile }) => {
    // The clock stands still while the page loads, so a slow load cannot count towards the 5 s.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/about");
    const offer = page.getByRole("region", { name: "Networking tips, once a month" });
    await page.clock.runFor(4000);
    await expect(offer).toHaveCount(0);
    await page.clock.runFor(1500);
    await expect(offer).toBeVisible();
    await offer.getByLabel("Email address").fill(`slide-${isMobile ? "phone" : "desk"}-${Date.now()}@example.org`);
    await offer.getByRole("button", { name: "Subscribe" }).click();
    await expect(offer.getByText("Success! Now check your email to confirm your subscription.")).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "kw_subscribed")?.value).toBe("1");

    await page.context().clearCookies({ name: "kw_newsletter_prompt" });
    await page.goto("/pricing");
    await page.clock.runFor(6000);
    await expect(offer).toHaveCount(0);
  });

  test("closes on Escape and stays away for 15 days", async ({ page }) => {
    await page.clock.install();
    await page.goto("/features");
    await page.clock.runFor(5500);
    const offer = page.getByRole("region", { name: "Networking tips, once a month" });
    await expect(offer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(offer).toHaveCount(0);
    const prompt = (await page.context().cookies()).find((c) => c.name === "kw_newsletter_prompt");
    expect(Math.round(((prompt?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(15);
    await page.goto("/guides");
    await page.clock.runFor(6000);
    await expect(offer).toHaveCount(0);
  });
});

test("a phone in Japanese reads a sample event, one in Arabic the contact form and its messages; screenshots", async ({
  browser,
}, info) => {
  const phone = (locale: string) =>
    browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
  const ja = await phone("ja-JP");
  const event = await ja.newPage();
  await event.goto("/events/nonprofit-tech-summit");
  await expect(event.locator("html")).toHaveAttribute("lang", "ja");
  await expect(event.getByRole("heading", { level: 1 })).toHaveText("非営利団体のためのテックサミット");
  await expect(event.getByText("参加予定者数")).toBeVisible();
  expect(await event.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(event);
  await snapshot(event, "sample-event-ja", info.project.name, { fullPage: true });
  await ja.close();

  const ar = await phone("ar-EG");
  const contact = await ar.newPage();
  await contact.goto("/contact");
  await expect(contact.locator("html")).toHaveAttribute("dir", "rtl");
  await contact.waitForLoadState("networkidle");
  const form = contact.locator("form#support");
  await form.getByLabel("الاسم").fill("س");
  await form.getByRole("button", { name: "إرسال الرسالة" }).click();
  await expect(form.getByText("يجب ألا يقل الاسم عن حرفين")).toBeVisible();
  await expect(form.getByText("يُرجى إدخال عنوان بريد إلكتروني صالح")).toBeVisible();
  await expect(form.getByLabel("الاسم")).toHaveValue("س");
  expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(contact);
  await snapshot(contact, "contact-ar", info.project.name, { fullPage: true });
  await ar.close();
});
