import { expect, expectAccessible, hydrated, ownerTest, snapshot, demoTest as test } from "./fixtures";

test("a visitor shares back twice and the owner sees one person with both phones and both consents", async ({
  page,
  browser,
}, info) => {
  const who = `Lena Okafor ${info.project.name}`;
  const email = `lena-${info.project.name}@okafor.example`;
  // Each project's Lena has her own numbers: a shared phone would (rightly) make her one person.
  const [first, second] = info.project.name === "phone" ? ["0133", "0144"] : ["0111", "0122"];
  // The visitor: a stranger's browser, without JavaScript, twice with different details.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const card = await visitor.newPage();
  for (const [phone, consent] of [
    [`+1 503 555 ${first}`, true],
    [`+1 503 555 ${second}`, false],
  ] as const) {
    await card.goto("/c/demo");
    await card.getByLabel("Name").fill(who);
    await card.getByLabel("Email", { exact: true }).fill(email);
    await card.getByLabel("Phone").fill(phone);
    if (consent) await card.getByLabel(/may contact me/).check();
    await card.getByRole("button", { name: "Share" }).click();
    await expect(card.getByText(`${who}'s contact info has been shared with`)).toBeVisible();
  }
  await visitor.close();

  await page.goto(`/connections?q=${encodeURIComponent(who)}`);
  await expect(page.getByText("1 person", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(who) }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: who })).toBeVisible();
  await expect(main.getByRole("link", { name: `(503) 555-${first}` })).toBeVisible();
  await expect(main.getByRole("link", { name: `(503) 555-${second}` })).toBeVisible();
  const consent = main.getByRole("region", { name: "Consent" });
  // Each share-back is an exchange; only the first ticked the box to be contacted about it. Neither ticked
  // the news box, so neither makes Lena mailable.
  await expect(
    consent.getByText(
      /^Exchange details: yes · “Shared my details with [^;”]+; ticked “.+ may contact me about what we discussed\.””/,
    ),
  ).toHaveCount(1);
  await expect(consent.getByText(/^Exchange details: yes · “Shared my details with [^;”]+” · share-back/)).toHaveCount(
    1,
  );
  await expect(
    consent.getByText("You may not email them: they have not agreed to hear from you by email."),
  ).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "person-shared-twice", info.project.name, { fullPage: true });
  // The system theme set to dark: the same page stays readable.
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await snapshot(page, "person-shared-twice-dark", info.project.name, { fullPage: true });
  await page.goto("/connections/duplicates");
  await expectAccessible(page);
});

// Its own account: the possible-duplicates list it reads holds only the two people it adds.
ownerTest("the owner merges two people after the preview, then undoes it", async ({ page }, info) => {
  const who = `Ines Moreau ${info.project.name}`;
  const main = page.getByRole("main");
  const add = async (name: string, email: string, title: string) => {
    await page.goto("/connections/new");
    await hydrated(main.getByRole("button", { name: "Save", exact: true }));
    await main.getByLabel("Name").fill(name);
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Title").fill(title);
    await main.getByRole("button", { name: "Save", exact: true }).click();
  };
  await add(who, `ines-${info.project.name}@moreau.example`, "Director");
  await expect(main.getByRole("heading", { name: who })).toBeVisible();
  await add(who.toUpperCase(), `i.moreau-${info.project.name}@home.example`, "Board chair");
  await expect(page.getByRole("alert").getByText("Someone you have has the same name")).toBeVisible();
  await page.getByRole("button", { name: "Save as someone new" }).click();
  await expect(main.getByRole("heading", { name: who.toUpperCase() })).toBeVisible();

  await expect(main.getByRole("heading", { name: "Possible duplicates" })).toBeVisible();
  await main.getByRole("link", { name: "Compare and merge" }).click();
  await expect(main.getByRole("heading", { name: "Merge 2 people" })).toBeVisible();
  await expect(main.getByRole("table")).toContainText(`ines-${info.project.name}@moreau.example`);
  await expectAccessible(page);
  await snapshot(page, "merge-preview", info.project.name, { fullPage: true });
  await main.getByRole("radio", { name: "Board chair" }).check();
  await main.getByRole("button", { name: "Merge 2 people" }).click();
  await expect(page.getByText(/^Merged 2 people into/)).toBeVisible();
  await expect(main.getByRole("link", { name: `ines-${info.project.name}@moreau.example` })).toBeVisible();
  await expect(main.getByRole("link", { name: `i.moreau-${info.project.name}@home.example` })).toBeVisible();
  await expect(main.getByLabel("Title")).toHaveValue("Board chair");

  await main.getByRole("button", { name: "Undo merge" }).click();
  await expect(page.getByText("Merge undone")).toBeVisible();
  await page.goto(`/connections?q=${encodeURIComponent(`Moreau ${info.project.name}`)}`);
  await expect(page.getByText("2 people", { exact: true })).toBeVisible();
});
