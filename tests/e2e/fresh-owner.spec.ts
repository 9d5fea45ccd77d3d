import { capturePerson, expect, ownerTest, signUpOwner } from "./fixtures";

// The fixture journeys that write start from (tests/e2e/README.md): an account of their own, made fresh.
ownerTest(
  "a journey's own account starts with nobody, and what it adds stays its own",
  async ({ page, owner, browser, playwright, baseURL }, info) => {
    await page.goto("/connections");
    await expect(page.getByText("0 people", { exact: true })).toBeVisible();
    // None of the demo owner's seeded network.
    await page.goto("/connections?q=Amara");
    await expect(page.getByText("0 people", { exact: true })).toBeVisible();
    await page.goto("/settings/account");
    await expect(page.getByRole("main")).toContainText(owner.email);

    const { status } = await capturePerson(page, { name: "Quinn Fresh", email: "quinn@fresh.example" });
    expect(status).toBe(201);
    await page.goto("/connections");
    await expect(page.getByText("1 person", { exact: true })).toBeVisible();

    // A second journey's account sees none of it, and cannot open the first one's person.
    const other = await signUpOwner(playwright, baseURL ?? "", info.outputPath("other-owner.json"), "Other Owner");
    const context = await browser.newContext({ storageState: other.storageState });
    const otherPage = await context.newPage();
    await otherPage.goto("/connections?q=Quinn");
    await expect(otherPage.getByText("0 people", { exact: true })).toBeVisible();
    await context.close();
  },
);
