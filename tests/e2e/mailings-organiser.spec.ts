import { closeOrgEvent, expect, expectAccessible, snapshot, ownerTest as test } from "./fixtures";

const local = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

test("an organiser mails the attendees who agreed to hear from them: one message each, and an unsubscribe keeps them out of the next", async ({
  page,
  browser,
  baseURL,
}, info) => {
  const stamp = Date.now().toString(36);
  const title = `Garden Forum ${stamp}`;
  const organiser = `Garden Trust ${stamp}`;
  await page.goto("/organiser");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Talks on community gardens.");
  await page.getByLabel("Starts").fill(local(-1));
  await page.getByLabel("Ends").fill(local(1));
  await page.getByLabel(/^Time zone/).fill("Europe/London");
  await page.getByLabel("Organiser name").fill(organiser);
  await page.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const eventPage = page.url();
  const slug = ((await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "").split("/e/")[1] ?? "";

  // Two visitors join on the public page without an account; only one ticks the organiser's box.
  const visitors = [
    { name: "Ida Yes", email: `ida-${stamp}@example.org`, updates: true },
    { name: "Jo No", email: `jo-${stamp}@example.org`, updates: false },
  ];
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const v = await visitor.newPage();
  for (const person of visitors) {
    await v.goto(`/e/${slug}`);
    await v.getByRole("textbox", { name: "Name", exact: true }).fill(person.name);
    await v.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
    await v.getByRole("checkbox", { name: /List me in this event.s attendee directory/ }).check();
    if (person.updates) await v.getByRole("checkbox", { name: `Email me news from ${organiser}` }).check();
    await v.getByRole("button", { name: "Join" }).click();
    await expect(v).toHaveURL(new RegExp(`/e/${slug}/joined`));
  }
  await visitor.close();

  // The organiser's audience: who is in, and who is left out and why.
  await page.goto(eventPage);
  await page.getByRole("link", { name: "Mail attendees who agreed to hear from you" }).click();
  await expect(page.getByRole("heading", { name: "New mailing" })).toBeVisible();
  await expect(page.locator("#audience-count")).toHaveText("1 person will get this");
  await page.getByText("1 left out, and why").click();
  await expect(page.getByRole("list", { name: "Left out" })).toHaveText(
    "Jo No: Did not agree to hear from you when joining",
  );
  await expectAccessible(page);
  await snapshot(page, "mailings-organiser-audience", info.project.name, { fullPage: true });
  await page.getByLabel("Subject").fill(`Garden tour ${stamp}`);
  await page
    .getByLabel("Message (plain text; links become clickable)")
    .fill("Hi {{first_name}}, the tour at {{event}} is on.");
  await page.getByRole("button", { name: "Send mailing" }).click();
  // A mailing cannot be called back: the page asks once more, naming whom it reaches.
  await expect(page.getByRole("alert").filter({ hasText: "Send to 1 person now?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, send the mailing" }).click();
  await expect(page.getByRole("heading", { name: `Garden tour ${stamp}` })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.locator("#mailing-status")).toContainText("Sent");
  }).toPass({ timeout: 30_000 });

  // The local mailbox holds one message, to Ida, with both unsubscribe headers.
  await page.goto("/dev/mailbox");
  const messages = page.locator("li").filter({ hasText: `Garden tour ${stamp}` });
  await expect(messages).toHaveCount(1);
  await expect(messages).toContainText(`To: ${visitors[0]?.email}`);
  await expect(messages).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  await expect(messages).toContainText(`Hi Ida, the tour at ${title} is on.`);
  const unsubscribe = (await messages.textContent())?.match(/List-Unsubscribe: <([^>]+)>/)?.[1] ?? "";
  const oneClick = await fetch(unsubscribe, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(oneClick.status).toBe(200);

  // The next mailing to the event has nobody left, and says why.
  await page.goto(eventPage);
  await page.getByRole("link", { name: "Mail attendees who agreed to hear from you" }).click();
  await expect(page.locator("#audience-count")).toHaveText("0 people will get this");
  await page.getByText("2 left out, and why").click();
  await expect(page.getByRole("list", { name: "Left out" })).toContainText("Ida Yes: No longer wants to hear from you");
  await closeOrgEvent(page, eventPage);
});
