import { capturePerson, expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// Each project works on its own seeded person, so the desktop and phone runs do not meet.
const PERSON = { desktop: { id: 3, name: "Sofia Lindqvist" }, phone: { id: 4, name: "Daniel Okoro" } } as const;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("the owner sets a rhythm, logs an interaction from the dashboard in two taps and sees the rhythm move", async ({
  page,
}, info) => {
  const person = PERSON[info.project.name as keyof typeof PERSON];
  await page.goto(`/connections/${person.id}`);
  const rhythm = page.getByRole("region", { name: "Keep in touch" });
  await rhythm.getByLabel("Keep in touch").selectOption("weekly");
  await rhythm.getByRole("button", { name: "Save rhythm" }).click();
  await expect(page.getByText("Rhythm saved")).toBeVisible();
  // Met 12 or 40 days ago with nothing logged since: a weekly rhythm is overdue.
  await expect(rhythm.getByTestId("rhythm-next")).toContainText("Overdue");

  await page.goto("/dashboard");
  const reconnect = page.getByRole("region", { name: "Reconnect this week" });
  const row = reconnect.getByRole("listitem").filter({ hasText: person.name });
  await expect(row).toContainText("Overdue");
  await expect(row).toContainText("Every week");
  await expectAccessible(page);
  await row.getByText("Log", { exact: true }).click();
  await row.getByRole("button", { name: "Call" }).click();
  await expect(page.getByText("Interaction logged")).toBeVisible();
  await expect(reconnect.getByRole("listitem").filter({ hasText: person.name })).toHaveCount(0);

  await page.goto(`/connections/${person.id}`);
  // Seven days from the owner's today, whatever their zone: within a day of seven days from now in UTC.
  const next = (await rhythm.getByTestId("rhythm-next").textContent())?.match(/Next on (\d{4}-\d{2}-\d{2})/)?.[1];
  expect([inDays(6), inDays(7), inDays(8)]).toContain(next);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("list", { name: "Timeline" }).getByRole("listitem").first()).toContainText("Call");
  await expect(timeline.getByTestId("last-contacted")).not.toContainText("No contact");

  // A note with text, from the person's page: kept in the owner's words, escaped.
  await timeline.getByLabel("What happened (optional)").fill("Asked about <the> board seat");
  await timeline.getByRole("button", { name: "Note" }).click();
  await expect(page.getByText("Interaction logged")).toBeVisible();
  await expect(timeline.getByText("Asked about <the> board seat")).toBeVisible();

  await expectAccessible(page);
  await timeline.scrollIntoViewIfNeeded();
  await snapshot(page, "person-timeline", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectAccessible(page);
  await snapshot(page, "person-timeline-dark", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
});

test("the owner keeps every Funder in touch quarterly", async ({ page }) => {
  await page.goto("/settings");
  await page.getByRole("link", { name: "Set rhythms per tag" }).click();
  const rules = page.getByRole("list", { name: "Rhythms per tag" });
  await expect(page.getByRole("heading", { name: "Keep in touch", level: 1 })).toBeVisible();
  await expect(rules.getByRole("listitem").filter({ hasText: "Funder" })).toContainText("every quarter");
  // A number of days is asked for when "Every N days" is chosen without one; the tag stays typed.
  await page.getByLabel("Tag", { exact: true }).fill("Press");
  await page.getByLabel("How often").selectOption("days");
  await page.getByRole("button", { name: "Save rhythm" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter a number of days");
  await expect(page.getByLabel("Tag", { exact: true })).toHaveValue("Press");
  // Checked with the refusal on the page and no toast passing over it.
  await expectAccessible(page);
  await page.getByLabel("Days", { exact: true }).fill("45");
  await page.getByRole("button", { name: "Save rhythm" }).click();
  await expect(rules.getByRole("listitem").filter({ hasText: "Press" })).toContainText("every 45 days");
  await page.getByRole("button", { name: "Remove the rhythm for Press" }).click();
  // Removing asks once first.
  await page.getByRole("button", { name: "Remove rhythm" }).click();
  await expect(rules.getByRole("listitem").filter({ hasText: "Press" })).toHaveCount(0);
});

test("the owner drafts a follow-up that stays the same on reload, edits it and marks it sent", async ({
  page,
}, info) => {
  // A person of this run's own, met today, so a retry starts with no draft either.
  const run = `${info.project.name}-${Date.now()}`;
  await page.goto("/connections");
  const person = await capturePerson(page, {
    name: `Priya Draft ${run}`,
    email: `priya-${run}@example.org`,
    company: "Harbour Trust",
    notes: "Asked about the spring grant round",
  });
  expect(person.status).toBe(201);
  await page.goto(`/connections/${person.id}`);
  const draft = page.getByRole("region", { name: "Follow-up email" });
  await draft.getByRole("button", { name: "Draft a follow-up" }).click();
  await expect(page.getByText("Draft ready")).toBeVisible();
  await expect(draft.getByTestId("draft-engine")).toContainText("Written by the built-in assistant");
  const body = await draft.getByLabel("Message").inputValue();
  await page.reload();
  await expect(draft.getByLabel("Message")).toHaveValue(body);
  await draft.getByLabel("Subject").fill("Next steps");
  await draft.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expect(draft.getByTestId("draft-engine")).toContainText("edited by you");
  await draft.getByRole("button", { name: "Mark as sent" }).click();
  await expect(page.getByText("Marked as sent")).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Timeline" })
      .getByRole("list", { name: "Timeline" })
      .getByRole("listitem")
      .first(),
  ).toContainText("Follow-up sent");
  await expectAccessible(page);
});

test("the owner opens a card's analytics and reads views by source", async ({ page }, info) => {
  // A visit from the QR code and one from the email signature; counts land a moment later.
  await page.request.get("/c/demo?src=qr");
  await page.request.get("/c/demo?src=signature");
  await page.goto("/card");
  await page
    .getByRole("link", { name: /^Analytics/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "What your card does" })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("img", { name: /Views by source/ })).toContainText("Email signature");
    await expect(page.getByRole("img", { name: /Views by source/ })).toHaveAccessibleName(/QR code: [1-9]/);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("img", { name: /Views per day/ })).toBeVisible();
  await page.getByRole("link", { name: "7 days" }).click();
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
  await snapshot(page, "card-analytics", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectAccessible(page);
  await snapshot(page, "card-analytics-dark", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
});
