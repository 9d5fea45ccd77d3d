import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, mailedLink, signUpInto, snapshot, test } from "./fixtures";

const PASSWORD = "correct horse battery";

async function signUp(page: Page, label: string): Promise<string> {
  const email = `account-${label}-${Date.now()}@example.org`;
  await signUpInto(page, { name: "Account Owner", email, password: PASSWORD });
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function secondDevice(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === "/dashboard");
  return { context, page };
}

test("forgot password: the emailed link sets a new one, the old one stops working", async ({ page }, info) => {
  const email = await signUp(page, `reset-${info.project.name}`);
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByRole("main").getByRole("textbox", { name: "Email", exact: true }).fill("not an email");
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByRole("main").getByRole("textbox", { name: "Email", exact: true })).toHaveValue("not an email");
  await page.getByRole("main").getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByText(`If ${email} has a KnowWho account, a reset link is on its way.`)).toBeVisible();
  await expectAccessible(page);

  await page.goto(await mailedLink(page, email, "Reset your KnowWho password"));
  await expect(page).toHaveURL(/\/auth\/reset\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("a new password 26");
  await page.getByLabel("New password again").fill("a new password 2");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("The two passwords are not the same")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "account-reset", info.project.name);
  await page.getByLabel("New password", { exact: true }).fill("a new password 26");
  await page.getByLabel("New password again").fill("a new password 26");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Password changed")).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Incorrect email or password")).toBeVisible();
  await signIn(page, email, "a new password 26");
  await page.waitForURL((url) => url.pathname === "/dashboard");
});

test("settings: change the password, then sign out of the other devices", async ({ page, browser, baseURL }, info) => {
  const email = await signUp(page, `change-${info.project.name}`);
  const laptop = await secondDevice(browser, baseURL, email, PASSWORD);

  await page.goto("/settings");
  await page.getByRole("link", { name: "Change email, password or signed-in devices" }).click();
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText("You are also signed in on 1 other device or browser.")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "account-settings", info.project.name, { fullPage: true });

  const password = page.getByRole("form", { name: "Password" });
  await password.getByLabel("Current password").fill("not my password");
  await password.getByLabel("New password", { exact: true }).fill("changed password 26");
  await password.getByLabel("New password again").fill("changed password 26");
  // Keep the laptop signed in this time.
  await password.getByRole("checkbox", { name: "Sign out of my other devices" }).uncheck();
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("That is not your current password")).toBeVisible();
  await expectAccessible(page);
  await password.getByLabel("Current password").fill(PASSWORD);
  await password.getByLabel("New password", { exact: true }).fill("changed password 26");
  await password.getByLabel("New password again").fill("changed password 26");
  await password.getByRole("checkbox", { name: "Sign out of my other devices" }).uncheck();
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await laptop.page.goto("/settings/account");
  await expect(laptop.page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(page.getByText("Signed out of your other devices")).toBeVisible();
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

  await laptop.page.goto("/settings/account");
  await expect(laptop.page).toHaveURL(/\/auth\?redirectTo=/);
  await laptop.context.close();
});

test("settings: a new email address is confirmed from its own mailbox", async ({ page }, info) => {
  const email = await signUp(page, `email-${info.project.name}`);
  const newEmail = `moved-${info.project.name}-${Date.now()}@example.org`;
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Email address" });
  await form.getByLabel("New email address").fill(newEmail);
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(form.getByText(`Check ${newEmail} for a link to confirm the change.`)).toBeVisible();
  await expect(page.getByText(`You sign in with ${email}.`)).toBeVisible();

  await page.goto(await mailedLink(page, newEmail, "Confirm your new KnowWho email address"));
  await expect(page).toHaveURL(/\/settings\/account\?email=changed/);
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await expectAccessible(page);
});
