import { closeOrgEvent, expect, demoTest as test } from "./fixtures";

const local = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString().slice(0, 16);

test("an organiser builds a programme and meeting tables; a visitor without JavaScript keeps a schedule, answers a Connect and a meeting on the pass", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const title = `Tideline Forum ${info.project.name} ${Date.now().toString(36)}`;
  const start = local(1);
  const at = (hours: number) => new Date(Date.parse(`${start}:00Z`) + hours * 3_600_000).toISOString().slice(0, 16);

  await page.goto("/organiser");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Starts").fill(start);
  await page.getByLabel("Ends").fill(at(8));
  await page.getByLabel(/^Time zone/).fill("Europe/London");
  await page.getByRole("button", { name: "Publish event" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const organiserUrl = page.url();
  const link = (await page.getByRole("link", { name: /\/e\// }).textContent()) ?? "";
  const slug = link.split("/e/")[1] ?? "";

  // The programme: a session outside the event is refused beside its field, with what was typed kept.
  await page.getByRole("link", { name: "Programme" }).click();
  await page.getByLabel("Title").fill("Restoring salt marshes");
  await page.getByLabel(/^Starts/).fill(at(-3));
  await page.getByLabel(/^Ends/).fill(at(2));
  await page.getByLabel("Room (optional)").fill("Hall A");
  await page.getByLabel("Capacity (optional)").fill("1");
  await page.getByRole("button", { name: "Add session" }).click();
  await expect(page.getByText("Choose a time during the event")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Restoring salt marshes");
  await page.getByLabel(/^Starts/).fill(at(1));
  await page.getByRole("button", { name: "Add session" }).click();
  await expect(page.getByRole("list", { name: "Sessions" })).toContainText("Restoring salt marshes");
  // A blank form for the next one: the session just added is not offered to be added again.
  await expect(page.getByLabel("Title")).toHaveValue("");

  // Meeting tables: two half hours at two tables, shown free on the organiser's board.
  await page.goto(organiserUrl);
  await page.getByRole("link", { name: "Meeting tables" }).click();
  await page.getByLabel(/^First meeting starts/).fill(at(3));
  await page.getByLabel("Last meeting ends").fill(at(4));
  await page.getByLabel("Tables or rooms, one per line").fill("Table 1\nTable 2");
  await page.getByRole("button", { name: "Open slots" }).click();
  await expect(page.getByText("4 meeting slots opened")).toBeVisible();
  await expect(page.getByRole("table", { name: "Bookings by table" })).toContainText("Free");

  // The organiser joins with a card, to ask the visitor things in the directory.
  await page.goto(`/e/${slug}/join`);
  await page
    .getByRole("button", { name: /^Join as / })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: `Attendees of ${title}` })).toBeVisible();

  // A visitor on a phone without JavaScript: the agenda on the public page, then the pass from the mail.
  const email = `mara-${Date.now().toString(36)}@example.org`;
  const visitor = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [] },
  });
  const phone = await visitor.newPage();
  await phone.goto(`/e/${slug}`);
  const agenda = phone.getByRole("region", { name: "Programme" });
  await expect(agenda).toContainText("Restoring salt marshes");
  await expect(agenda).toContainText("Hall A");
  await phone.getByLabel("Name", { exact: true }).fill("Mara Marsh");
  await phone.getByLabel("Email", { exact: true }).fill(email);
  await phone.getByLabel(/List me in this event/).check();
  await phone.getByRole("button", { name: "Join" }).click();
  await phone.goto("/dev/mailbox");
  const mail = phone
    .getByRole("listitem")
    .filter({ hasText: `To: ${email}` })
    .first();
  const pass = ((await mail.locator("pre").textContent()) ?? "").match(/https?:\/\/\S+\/pass\/\S+/)?.[0] ?? "";
  expect(pass).toBeTruthy();
  await phone.goto(pass);
  await phone.getByRole("button", { name: "Add to my schedule" }).click();
  await expect(phone.getByText("Added to your schedule.")).toBeVisible();
  await expect(phone.getByRole("button", { name: "Remove" })).toBeVisible();

  // The organiser-attendee asks to connect and to meet in a free slot.
  await page.goto(`/e/${slug}/directory`);
  await page.getByRole("button", { name: "Connect with Mara Marsh" }).click();
  await expect(page.getByText("Request sent").first()).toBeVisible();
  await page.getByRole("link", { name: "Choose a time to meet Mara Marsh" }).click();
  await page.getByRole("radio").first().check();
  await page.getByLabel("Note (optional)").fill("Grants for marshland");
  await page.getByRole("button", { name: "Send meeting request" }).click();
  await expect(page.getByText("Meeting request sent")).toBeVisible();

  // On the pass, without an account or JavaScript: both requests, answered there.
  await phone.goto(pass);
  const requests = phone.getByRole("region", { name: "Requests waiting for you" });
  await expect(requests.locator('[data-request="connect"]')).toContainText("asks to connect");
  await expect(requests.locator('[data-request="meeting"]')).toContainText("at Table 1");
  await requests.locator('[data-request="connect"]').getByRole("button", { name: "Accept" }).click();
  await expect(phone.getByText("Details exchanged.")).toBeVisible();
  await phone
    .getByRole("region", { name: "Requests waiting for you" })
    .locator('[data-request="meeting"]')
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(phone.getByText("Meeting accepted.")).toBeVisible();
  await visitor.close();

  // The organiser's board shows the table booked; the asker was told.
  await page.goto(`${organiserUrl}/meetings`);
  await expect(page.getByRole("table", { name: "Bookings by table" })).toContainText("Mara Marsh (accepted)");
  await page.goto("/notifications");
  await expect(page.getByText("Mara Marsh accepted your meeting")).toBeVisible();
  await closeOrgEvent(page, organiserUrl);
});
