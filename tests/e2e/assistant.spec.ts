import { capturePerson, expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// Words from the owner's private notes, event goals and the tags the app writes: none may reach a message.
const PRIVATE =
  /LOI|\$15k|15k ask|hunger grant|ED is leaving|director retires|keep it quiet|program officers|\$50k match/i;
const SYSTEM_TAG = /\b(Scanned|Imported|New Contact|Saved Contact|Shared|Quick add|Card photo|Donor)\b/;

test("drafts and report messages never show private notes or system tags; the dashboard shows who is due", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  // The demo's Priya: a private note, a call 100 days ago and a pledge 95 days ago, so her quarterly Funder
  // rhythm has her due because of real contact.
  await page.goto("/dashboard");
  const reconnect = page.getByRole("region", { name: "Reconnect this week" });
  const priya = reconnect.getByRole("listitem").filter({ hasText: "Priya Natarajan" });
  await expect(priya).toContainText("Last contact 95 days ago");
  await expect(priya).toContainText("Overdue");

  await page.goto("/connections/1");
  const draft = page.getByRole("region", { name: "Follow-up email" });
  await expect(draft.getByTestId("todos")).toContainText("Send LOI by Dec 10");
  const write = draft.getByRole("button", { name: /Draft a follow-up|Write a new draft/ });
  await write.click();
  await expect(page.getByText("Draft ready")).toBeVisible();
  const body = await draft.getByLabel("Message").inputValue();
  const subject = await draft.getByLabel("Subject").inputValue();
  // A pledge makes her a donor: thanked, the call referred to, the note's promise offered in the owner's voice.
  expect(body).toMatch(/^Dear Priya,\n\nThank you again for your generous support, and for our call on /);
  expect(body).toContain("I'll get the letter of inquiry over to you by December 10.");
  expect(`${subject}\n${body}`).not.toMatch(PRIVATE);
  expect(`${subject}\n${body}`).not.toMatch(SYSTEM_TAG);
  await expectAccessible(page);
  await draft.scrollIntoViewIfNeeded();
  await snapshot(page, "assistant-draft", info.project.name, { fullPage: true });

  // An event with private goals, someone captured there with a private note and a logged call.
  const title = `Funders Dinner ${info.project.name} ${Date.now()}`;
  const main = page.getByRole("main");
  await page.goto("/events/new");
  await main.getByLabel("Title").fill(title);
  await main.getByLabel("Date", { exact: true }).fill(new Date().toISOString().slice(0, 10));
  await main.getByLabel("Description").fill("Goals: meet 3 foundation program officers; secure the $50k match");
  await main.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const hubUrl = page.url();
  const person = await capturePerson(page, {
    name: `Lee Report ${info.project.name}`,
    email: `lee-report-${Date.now()}@example.org`,
    company: "Lumen Foundation",
    eventName: title,
    notes: "Send LOI by Dec 10 for the 2027 hunger grant ($15k ask)\nHer ED is leaving in March",
  });
  expect(person.status).toBe(201);
  await page.goto(`/connections/${person.id}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await timeline.getByLabel("What happened (optional)").fill("Talked about the school meals pilot");
  await timeline.getByRole("button", { name: "Call" }).click();
  await expect(page.getByText("Interaction logged")).toBeVisible();

  await page.goto(`${hubUrl}/report`);
  await expect(page.getByRole("heading", { name: "Post-event report" })).toBeVisible();
  const message = main.getByLabel(`Message to Lee Report ${info.project.name}`);
  await expect(message).toBeVisible();
  const reported = await message.inputValue();
  expect(reported).toContain("I'll get the letter of inquiry over to you by December 10.");
  expect(reported).not.toMatch(PRIVATE);
  expect(reported).not.toMatch(SYSTEM_TAG);
  await snapshot(page, "assistant-report", info.project.name, { fullPage: true });
});
