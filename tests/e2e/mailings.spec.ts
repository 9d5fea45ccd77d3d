import { Webhook } from "standardwebhooks";
import { capturePerson, expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// The throwaway signing secret the journeys' server is started with (scripts/e2e-server.mjs).
const WEBHOOK_SECRET = "whsec_ZTJlLW1haWxpbmctd2ViaG9vay1zZWNyZXQtMDEyMw==";

test("the owner mails the consenting people met at an event: once each, one-click unsubscribe, bounces and gifts counted", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const p = `${info.project.name}-${Date.now()}`;
  const event = `Mailing Summit ${p}`;
  const main = page.getByRole("main");

  // Online giving on, so the mailing's campaign link can take a gift.
  await page.goto("/campaigns");
  const connect = main.getByRole("button", { name: /Connect Stripe|Continue Stripe setup/ });
  if (await connect.isVisible()) {
    await connect.click();
    await page.getByRole("button", { name: "Complete onboarding" }).click();
  }
  await expect(main.getByTestId("stripe-status")).toContainText("connected");

  // The owner's event, and three people met at it; two agreed to hear from the owner by email. Meeting
  // someone at an event is not consent to mail them: the owner records the two agreements, as a user would.
  await page.goto("/events/new");
  await main.getByLabel("Title").fill(event);
  await main.getByLabel("Date", { exact: true }).fill(new Date().toISOString().slice(0, 10));
  await main.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("heading", { name: event })).toBeVisible();

  const people = ["Ana", "Ben", "Cleo"].map((first) => ({ first, email: `${first.toLowerCase()}.${p}@example.org` }));
  const ids: number[] = [];
  for (const person of people) {
    const saved = await capturePerson(page, { name: `${person.first} Mailer`, email: person.email, eventName: event });
    expect(saved.status).toBe(201);
    ids.push(saved.id);
  }
  for (const id of ids.slice(0, 2)) {
    await page.goto(`/connections/${id}`);
    const consent = page.getByRole("main").getByRole("region", { name: "Consent" });
    await expect(consent).toContainText("You may not email them: they have not agreed to hear from you by email.");
    await consent.getByRole("button", { name: "Record consent to email" }).click();
    await expect(consent).toContainText("You may email them: they agreed to hear from you.");
    await expect(
      consent.getByText(/^Email from you: yes · “Agreed to hear from you by email \(recorded by you\)”/),
    ).toHaveCount(1);
  }

  // The audience: who is in, who is left out and why.
  await page.goto(`/mailings/new?event=${encodeURIComponent(event)}`);
  await expect(page.getByRole("heading", { name: "New mailing" })).toBeVisible();
  await expect(page.locator("#audience-count")).toHaveText("2 people will get this");
  await page.getByText("1 left out, and why").click();
  await expect(page.getByRole("list", { name: "Left out" })).toContainText(
    "Cleo Mailer: No consent to be contacted on record",
  );
  await expectAccessible(page);

  // Bad input: each message beside its field, with what was typed kept.
  await page.getByLabel("Message (plain text; links become clickable)").fill("Hi {{nickname}}");
  await page.getByRole("button", { name: "Send mailing" }).click();
  await expect(page.getByText("Enter a subject")).toBeVisible();
  await expect(page.getByText(/Unknown merge field \{\{nickname\}\}/)).toBeVisible();
  await expect(page.getByLabel("Message (plain text; links become clickable)")).toHaveValue("Hi {{nickname}}");

  await page.getByLabel("Subject").fill("News from the summit");
  await page
    .getByLabel("Message (plain text; links become clickable)")
    .fill("Hello {{first_name}}, good to meet you at {{event}}.\n\nGive here: {{campaign_link}}");
  await page.getByLabel("Campaign for {{campaign_link}}").selectOption({ label: "Clean Rivers Initiative" });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(`Hello Ana, good to meet you at ${event}.`);
  await snapshot(page, "mailing-compose", info.project.name, { fullPage: true });
  await page.getByRole("button", { name: "Send mailing" }).click();
  // A mailing cannot be called back: the page asks once more, naming whom it reaches.
  await expect(page.getByRole("alert").filter({ hasText: "Send to 2 people now?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, send the mailing" }).click();
  await expect(page.getByRole("heading", { name: "News from the summit" })).toBeVisible();
  const firstUrl = page.url();
  // The queue sends in the background: the results page says Sent once every message is out.
  await expect(async () => {
    await page.reload();
    await expect(page.locator("#mailing-status")).toContainText("Sent");
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole("region", { name: "Results" })).toContainText("Sent2");

  // The local mailbox: one message per recipient, each with both unsubscribe headers; none for Cleo.
  const mailbox = async () => {
    await page.goto("/dev/mailbox");
    return page.locator("li").filter({ hasText: "News from the summit" });
  };
  let messages = await mailbox();
  for (const person of people.slice(0, 2)) {
    const mine = messages.filter({ hasText: `To: ${person.email}` });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await expect(mine).toContainText("List-Unsubscribe: <");
  }
  await expect(messages.filter({ hasText: people[2]?.email ?? "" })).toHaveCount(0);

  // Ana unsubscribes with the mail client's one-click POST: no account, no page of ours.
  const ana = messages.filter({ hasText: `To: ${people[0]?.email}` });
  const unsubscribe = (await ana.textContent())?.match(/List-Unsubscribe: <([^>]+)>/)?.[1] ?? "";
  expect(unsubscribe).toMatch(/\/mail\/u\/\d+\./);
  const oneClick = await fetch(unsubscribe, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(oneClick.status).toBe(200);
  // The visible link's page works without JavaScript and says it is done.
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: { cookies: [], origins: [] },
  });
  const linkPage = await noScript.newPage();
  await linkPage.goto(unsubscribe);
  await expect(linkPage.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await linkPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(linkPage.getByText(/will get no more mailings/)).toBeVisible();

  // The withdrawal is on her history.
  await page.goto(`/connections/${ids[0]}`);
  await expect(page.getByText(/Unsubscribed from your mailings/).first()).toBeVisible();

  // A signed bounce for Ben's message suppresses his address.
  messages = await mailbox();
  const ben = messages.filter({ hasText: `To: ${people[1]?.email}` });
  const outboxId = (await ben.textContent())?.match(/#(\d+)/)?.[1];
  const payload = JSON.stringify({
    type: "email.bounced",
    created_at: new Date().toISOString(),
    data: { email_id: `outbox-${outboxId}` },
  });
  const msgId = `msg_${Date.now()}`;
  // One instant for the header and the signature: read apart, a second could pass between them.
  const at = new Date();
  const signed = await fetch(new URL("/api/mailings/webhook", baseURL).toString(), {
    method: "POST",
    body: payload,
    headers: {
      "content-type": "application/json",
      "svix-id": msgId,
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": new Webhook(WEBHOOK_SECRET).sign(msgId, at, payload),
    },
  });
  expect(signed.status).toBe(200);

  // A gift through the mailing's campaign link is counted as the mailing's.
  const text = (await ben.textContent()) ?? "";
  const campaignLink = text.match(/Give here: (\S+?\?mailing=\d+)/)?.[1] ?? "";
  expect(campaignLink).toContain("/fundraising/");
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const v = await visitor.newPage();
  await v.goto(campaignLink);
  await v.getByRole("button", { name: "Donate" }).click();
  await v
    .getByRole("main")
    .getByLabel("Email", { exact: true })
    .fill(people[1]?.email ?? "");
  await v.getByRole("main").getByLabel("Name", { exact: true }).fill("Ben Mailer");
  await v.getByRole("button", { name: /^Donate \$/ }).click();
  await expect(v.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await visitor.close();
  await noScript.close();

  await page.goto(firstUrl);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results).toContainText("Bounced1");
  await expect(results).toContainText("Unsubscribed1");
  await expect(results).toContainText(/Gifts1 \(/);
  await expectAccessible(page);
  await snapshot(page, "mailing-results", info.project.name, { fullPage: true });

  // The next mailing to the same event skips Ana (unsubscribed) and Ben (bounced).
  await page.goto(`/mailings/new?event=${encodeURIComponent(event)}`);
  await expect(page.locator("#audience-count")).toHaveText("0 people will get this");
  await page.getByText("3 left out, and why").click();
  const leftOut = page.getByRole("list", { name: "Left out" });
  await expect(leftOut).toContainText("Ana Mailer: Unsubscribed from your mailings");
  await expect(leftOut).toContainText("Ben Mailer: Their address bounced");
  await page.getByLabel("Subject").fill("Second news");
  await page.getByLabel("Message (plain text; links become clickable)").fill("Hello again");
  await page.getByRole("button", { name: "Send mailing" }).click();
  await expect(
    page.getByText("Nobody in this audience can be mailed: choose people who agreed to be contacted"),
  ).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Second news");
});
