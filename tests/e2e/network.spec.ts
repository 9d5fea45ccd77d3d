import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { capturePerson, expect, expectAccessible, hydrated, ownerTest, snapshot, demoTest as test } from "./fixtures";

test("the owner prioritises, tags and schedules a follow-up, then adds it to a calendar", async ({ page }, info) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Follow-ups today" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Follow-ups today" }).getByText("Overdue")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "dashboard", info.project.name, { fullPage: true });

  await page.goto("/connections");
  await expectAccessible(page);
  await snapshot(page, "connections", info.project.name, { fullPage: true });
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page
      .locator("summary", { hasText: "Export" })
      .click()
      .then(() => page.getByRole("link", { name: "Export CSV" }).click()),
  ]);
  const rows = Papa.parse<string[]>(readFileSync((await csvDownload.path()) ?? "", "utf8").replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  });
  expect(rows.errors).toEqual([]);
  expect(rows.data[0]).toEqual(
    expect.arrayContaining(["Name", "First Name", "Last Name", "Work Email", "Mobile Phone"]),
  );
  expect(rows.data.some((r) => r[0] === "Sofia Lindqvist")).toBe(true);
  // Found by search: other journeys add people to the shared demo account, so she may not be on the first page.
  await page.getByRole("searchbox").fill("Sofia Lindqvist");
  await expect(page).toHaveURL(/q=Sofia/);
  await page
    .getByRole("link", { name: /Sofia Lindqvist/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Sofia Lindqvist" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Priority").selectOption("high");
  await main.getByLabel("Tags, comma separated").fill("Volunteer, Shared");
  await main.getByLabel("Relationship strength (1-100)").fill("150");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(main.getByText("Relationship strength is a whole number from 1 to 100")).toBeVisible();
  await main.getByLabel("Relationship strength (1-100)").fill("70");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Connection saved")).toBeVisible();
  await expect(main.locator("p", { hasText: "High Priority" })).toBeVisible();
  await expect(main.getByLabel("Priority")).toHaveValue("high");
  // Tagged Shared, so New Contact is added, as the specification says.
  await expect(main.getByText("New Contact", { exact: true })).toBeVisible();

  await main.getByRole("button", { name: "In 48 hours" }).click();
  await expect(page.getByText(/Follow-up set for/)).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "connection", info.project.name, { fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    main.getByRole("link", { name: "Add to calendar" }).first().click(),
  ]);
  const ics = readFileSync((await download.path()) ?? "", "utf8");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toContain("SUMMARY:Email: Sofia Lindqvist");

  await page.goto("/settings");
  await expectAccessible(page);
  await page.getByRole("button", { name: /Create a feed link|Make a new link/ }).click();
  await expect(page.getByLabel(/Your feed link/)).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const feedUrl = await page.getByLabel(/Your feed link/).inputValue();
  const feed = await page.request.get(feedUrl);
  expect(await feed.text()).toContain("Sofia Lindqvist");
});

test("imports a vCard file with a duplicate and merges it", async ({ page }, info) => {
  // Someone already in the network, added through the app as a capture would.
  const known = `Rosa Quintero ${info.project.name}`;
  const knownEmail = `rosa-${info.project.name}@quintero.example`;
  await page.goto("/connections");
  const added = await capturePerson(page, { name: known, email: knownEmail, notes: "Met at the gala" });
  expect(added.status >= 200 && added.status < 300).toBe(true);
  const file = [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:Import Person ${info.project.name}`,
    `EMAIL:import-${info.project.name}@example.org`,
    "END:VCARD",
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${known}`,
    `EMAIL:${knownEmail.toUpperCase()}`,
    `NOTE:Asked about the ${info.project.name} grant cycle`,
    "END:VCARD",
  ].join("\r\n");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await page
    .getByLabel("File")
    .setInputFiles({ name: "contacts.vcf", mimeType: "text/vcard", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: /Preview: 2 to import, 1 already in your network/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: `Yes: ${known}` })).toBeVisible();
  await expect(page.getByText("contacts.vcf: read as vCard in UTF-8.")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "import-preview", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await snapshot(page, "import-preview-dark", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  // The confirm form (and the "read as …" form beside it) carries the preview's id, never the file again.
  await expect(page.locator('input[name="content"]')).toHaveCount(0);
  const previewId = page.locator('#import-confirm input[name="preview"]');
  await expect(previewId).toHaveValue(/^[0-9a-f]{32}$/);
  await expect(page.locator('#import-reread input[name="preview"]')).toHaveValue(await previewId.inputValue());
  await page.getByRole("button", { name: "Import 2 contacts" }).click();
  await expect(page.getByText("1 added, 1 merged, 0 skipped.").first()).toBeVisible();
  await page.goto(`/connections?q=${encodeURIComponent(known)}`);
  await page.getByRole("link", { name: new RegExp(known) }).click();
  await expect(page.getByRole("main").getByLabel("Notes")).toHaveValue(
    new RegExp(`Asked about the ${info.project.name} grant cycle`),
  );
});

test("adds someone by hand, merges the duplicate, and exports just the selection", async ({ page }, info) => {
  const who = `Jordan Hale ${info.project.name}`;
  const email = `jordan-${info.project.name}@hale-trust.org`;
  await page.goto("/connections");
  await page.getByRole("link", { name: "Add someone" }).click();
  await expect(page.getByRole("heading", { name: "Add someone" })).toBeVisible();
  const main = page.getByRole("main");
  // The email's message on blur is the browser's script: wait for the field to be hydrated.
  await hydrated(main.getByLabel("Email"));
  await main.getByLabel("Name").fill(who);
  await main.getByLabel("Email").fill("not an email");
  await main.getByLabel("Email").blur();
  await expect(main.getByText("Please enter a valid email address")).toBeVisible();
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Notes").fill("Runs the family trust's grants");
  await main.getByLabel("Tags, comma separated").fill("Donor");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { name: who })).toBeVisible();
  // Enrichment without a network: the work email's domain suggests the company, as a suggestion.
  await expect(page.getByText(/Suggested from their email.*Hale Trust/)).toBeVisible();

  await page.goto("/connections/new");
  await hydrated(main.getByRole("button", { name: "Save", exact: true }));
  await main.getByLabel("Name").fill(`J. Hale ${info.project.name}`);
  await main.getByLabel("Email").fill(email.toUpperCase());
  await main.getByLabel("Notes").fill("Prefers a call on Fridays");
  await main.getByLabel("Tags, comma separated").fill("Board");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").getByRole("heading", { name: "Already in your network" })).toBeVisible();
  await expect(main.getByLabel("Notes")).toHaveValue("Prefers a call on Fridays");
  await expectAccessible(page);
  await snapshot(page, "connection-duplicate", info.project.name, { fullPage: true });
  await page.getByRole("button", { name: `Add to ${who}` }).click();
  await expect(page.getByText(`Merged into ${who}`)).toBeVisible();
  await expect(main.getByLabel("Notes")).toHaveValue("Runs the family trust's grants\n\nPrefers a call on Fridays");
  await expect(main.getByLabel("Tags, comma separated")).toHaveValue("Donor, Board");

  await page.goto(`/connections?q=${encodeURIComponent(who)}`);
  await expect(page.getByText("1 person")).toBeVisible();
  await hydrated(page.getByLabel(`Select ${who}`));
  await page.getByLabel(`Select ${who}`).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "CSV of selected", exact: true }).click(),
  ]);
  const rows = Papa.parse<string[]>(readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  });
  expect(rows.data.map((r) => r[0])).toEqual(["Name", who]);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Recent connections" })).toBeVisible();
  await expect(page.getByRole("link", { name: who })).toBeVisible();
});

test("settings choose the theme and offer every download", async ({ page }, info) => {
  await page.goto("/settings");
  await hydrated(page.getByLabel("Dark", { exact: true }));
  // The page switches at once; the cookie arrives with the answer, so wait for it before reloading.
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/theme") && r.request().method() === "POST",
  );
  await page.getByLabel("Dark", { exact: true }).check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await saved;
  await page.reload();
  await expect(page.getByLabel("Dark", { exact: true })).toBeChecked();
  await expectAccessible(page);
  await snapshot(page, "settings-dark", info.project.name, { fullPage: true });
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "All data (JSON)" }).click(),
  ]);
  const data = JSON.parse(readFileSync((await json.path()) ?? "", "utf8"));
  expect(data.profile.email).toBe("demo@knowwho.app");
  expect(data.connections.length).toBeGreaterThan(0);
  await page.getByLabel("Match my device").check();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
});

ownerTest(
  "maps an unknown layout: changes a guessed field, saves the mapping, imports, and sees the left-out column named",
  async ({ page }, info) => {
    const run = info.project.name;
    const file = [
      `Name,Email,Mobile,Org,Joined club ${run}`,
      `Ines Duarte ${run},ines-${run}@duarte.example,+351 21 345 6789,Rádio Sul,2019`,
      `Tom Berg ${run},tom-${run}@berg.example,+46 8 123 456 78,Berg AB,2021`,
    ].join("\r\n");
    await page.goto("/connections/import");
    await page
      .getByLabel("File")
      .setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Preview" }).click();
    const columns = page.getByRole("region", { name: "Columns of the file" });
    await expect(columns.getByLabel("Mobile")).toHaveValue("Mobile Phone");
    await expect(columns.getByText("Rádio Sul · Berg AB")).toBeVisible();
    await expectAccessible(page);
    // The numbers are office lines, not mobiles; the organisation is the company.
    await columns.getByLabel("Mobile").selectOption({ label: "Work phone" });
    await columns.getByLabel("Org").selectOption({ label: "Company" });
    await page.getByLabel("Save this mapping for the next file with these columns").check();
    await page.getByRole("button", { name: "Apply mapping" }).click();
    await expect(page.getByText(`Row 1: Column "Joined club ${run}" not kept, as you chose`)).toBeVisible();
    await expect(columns.getByLabel("Mobile")).toHaveValue("Work Phone");
    await expect(page.getByRole("region", { name: "Contacts to import" }).getByText("Rádio Sul")).toBeVisible();
    await expectAccessible(page);
    await snapshot(page, "import-mapping", info.project.name, { fullPage: true });
    await page.getByRole("button", { name: "Import 2 contacts" }).click();
    await expect(page.getByText("2 added, 0 merged, 0 skipped.").first()).toBeVisible();

    // The next file with this header is read with the saved mapping at once.
    await page.goto("/connections/import");
    await page.getByLabel("File").setInputFiles({
      name: "members-2.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${file.split("\r\n")[0]}\r\nAda Moreau ${run},ada-${run}@moreau.example,,Moreau SA,2024`),
    });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Read with the mapping you saved for this header")).toBeVisible();
    await expect(page.getByRole("region", { name: "Columns of the file" }).getByLabel("Org")).toHaveValue("Company");
  },
);
