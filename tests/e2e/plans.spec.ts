import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { serverState } from "./browser";
import { expect, expectAccessible, signUpInto, snapshot, test } from "./fixtures";

const PASSWORD = "correct horse battery";

/**
 * A statement on this worker's server's local D1 file (the state scripts/e2e-server.mjs made), the one way
 * to let a trial's seven days pass inside a journey: node's own SQLite, not wrangler's CLI, which started a
 * second workerd for each statement (about 10 s on a loaded machine).
 */
function sql(command: string) {
  const dir = path.join(serverState(test.info().parallelIndex), "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  expect(files, "one local D1 database").toHaveLength(1);
  const db = new DatabaseSync(path.join(dir, files[0] ?? ""));
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.exec(command);
  } finally {
    db.close();
  }
}

async function fillSignUp(page: Page, email: string, name = "Plan Owner") {
  await page.getByLabel("Name").fill(name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

const unique = (label: string, project: string) => `${label}-${project}-${Date.now()}@example.org`;

test("start a trial from /pricing, use Pro, subscribe through the test checkout, cancel and keep access", async ({
  page,
}, info) => {
  await page.goto("/pricing");
  await page.getByRole("link", { name: "Start Free Trial" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await fillSignUp(page, unique("trial", info.project.name));
  await page.waitForURL((url) => url.pathname === "/settings/billing");
  await expect(page.getByTestId("current-plan")).toHaveText("Card Pro trial");
  await expect(page.getByTestId("plan-line")).toContainText("Your free trial ends on");

  // A Pro feature works during the trial: a strategy plan for a new event.
  await page.goto("/events/new");
  await page.getByLabel("Title").fill("Trial Gala");
  await page.getByLabel("Date", { exact: true }).fill("2030-05-01");
  await page.getByRole("button", { name: /Create event|Save event/ }).click();
  await page.waitForURL(/\/events\/\d+$/);
  const eventUrl = new URL(page.url()).pathname;
  await page.getByLabel("Your goals for this event").fill("Meet two sponsors");
  await page.getByRole("button", { name: "Generate plan" }).click();
  await expect(page.getByTestId("plan-engine")).toBeVisible();

  // Subscribe monthly through the built-in test checkout: Stripe-signed events drive the plan.
  await page.goto("/settings/billing");
  // Subscribing during the trial keeps the rest of it: the first payment falls on the trial's last day.
  await expect(page.getByTestId("first-charge")).toContainText("Nothing is charged until");
  await page.getByRole("radio", { name: "7.99 USD a month" }).check();
  await page.getByRole("button", { name: "Subscribe to Card Pro" }).click();
  await page.waitForURL(/\/pay\/test\/checkout\//);
  await page.getByRole("button", { name: /^Subscribe \$7\.99/ }).click();
  await page.waitForURL((url) => url.pathname === "/settings/billing");
  await expect(page.getByTestId("current-plan")).toHaveText("Card Pro");
  await expect(page.getByTestId("plan-line")).toContainText("Renews on");
  await expect(page.getByTestId("invoice")).toContainText("$0.00");

  // The trial's end changes nothing now.
  sql(
    `UPDATE account_plan SET trial_ends_at = ${Date.now() - 1000} WHERE user_id = (SELECT id FROM user WHERE email = '${await ownEmail(page)}')`,
  );
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("plan-line")).toContainText("Cancelled: Card Pro stays on until");
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  // Looked at after a reload, with whatever toast it brings (axe measures a toast at rest, in the page's theme).
  await page.reload();
  await expectAccessible(page);
  await snapshot(page, "plan-and-billing", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectAccessible(page);
  await snapshot(page, "plan-and-billing-dark", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  // Access stays until the period ends: the plan still generates.
  await page.goto(eventUrl);
  await expect(page.getByRole("button", { name: "Generate a new plan" })).toBeVisible();
});

/** The signed-in owner's email, as the account menu shows it. */
async function ownEmail(page: Page) {
  await page.goto("/settings");
  const text = (await page.getByText(/^Email:/).textContent()) ?? "";
  await page.goto("/settings/billing");
  return text.match(/[\w.+-]+@[\w.-]+/)?.[0] ?? "";
}

test("on Basic a Pro page explains the feature and how to get it; what was made stays", async ({ page }, info) => {
  const email = unique("basic", info.project.name);
  await signUpInto(page, { name: "Plan Owner", email, password: PASSWORD });
  await page.goto("/events/new");
  await page.getByLabel("Title").fill("Basic Mixer");
  await page.getByLabel("Date", { exact: true }).fill("2030-06-01");
  await page.getByRole("button", { name: /Create event|Save event/ }).click();
  await page.waitForURL(/\/events\/\d+$/);
  await page.getByLabel("Your goals for this event").fill("Find a venue partner");
  await page.getByRole("button", { name: "Generate plan" }).click();
  await expect(page.getByTestId("plan-engine")).toBeVisible();
  const eventUrl = new URL(page.url()).pathname;

  sql(
    `UPDATE account_plan SET trial_ends_at = ${Date.now() - 1000} WHERE user_id = (SELECT id FROM user WHERE email = '${email}')`,
  );

  await page.goto(`${eventUrl}/report`);
  const locked = page.getByTestId("feature-locked");
  await expect(locked.getByRole("heading", { name: "Post-event analysis", level: 1 })).toBeVisible();
  await expect(locked.getByRole("link", { name: "Upgrade to Card Pro" })).toBeVisible();
  await expect(locked.getByRole("link", { name: /Nonprofit\? 3 months free/ })).toBeVisible();
  // Inside the app's own shell, not an error page.
  await expect(page.getByRole("navigation", { name: info.project.name === "phone" ? "Tabs" : "App" })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "gated-report", info.project.name, { fullPage: true });

  // The plan made during the trial is still there, read-only.
  await page.goto(eventUrl);
  await expect(page.getByText("Find a venue partner").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate a new plan" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Smart strategy plans" })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "gated-event-hub", info.project.name, { fullPage: true });

  await locked.getByRole("link", { name: "Upgrade to Card Pro" }).first().click();
  await page.waitForURL((url) => url.pathname === "/settings/billing");
  await expect(page.getByTestId("current-plan")).toHaveText("Basic");
  await expect(page.getByTestId("plan-line")).toContainText("Your Card Pro trial ended on");
});

test("apply for the nonprofit offer and have an operator approve it", async ({ page, browser, baseURL }, info) => {
  const email = unique("nonprofit", info.project.name);
  await signUpInto(page, { name: "Nonprofit Owner", email, password: PASSWORD });
  sql(
    `UPDATE account_plan SET trial_ends_at = ${Date.now() - 1000} WHERE user_id = (SELECT id FROM user WHERE email = '${email}')`,
  );
  await page.goto("/settings/billing#nonprofit");
  const section = page.locator("#nonprofit");
  // Bad input keeps what was typed and says what to fix.
  await section.getByLabel("Organisation name").fill(`Riverbend Literacy ${info.project.name}`);
  await section.getByLabel("Registration number").fill("<12>");
  await section.getByRole("button", { name: "Apply for the nonprofit offer" }).click();
  await expect(section.getByText("Choose the country where it is registered")).toBeVisible();
  await expect(section.getByLabel("Organisation name")).toHaveValue(`Riverbend Literacy ${info.project.name}`);
  await section.getByLabel("Country of registration").selectOption("US");
  await section.getByLabel("Registration number").fill("12-3456789");
  await section.getByLabel("Website (optional)").fill("riverbendliteracy.org");
  await section.getByRole("button", { name: "Apply for the nonprofit offer" }).click();
  await expect(page.getByTestId("nonprofit-application")).toContainText("Waiting for a decision");

  // The operator, in another browser: named in OPERATOR_EMAILS (scripts/e2e-server.mjs).
  const context = await browser.newContext({ baseURL });
  const op = await context.newPage();
  const operator = `operator-${info.project.name}@e2e.example.org`;
  await signUpInto(op, { name: "Operator", email: operator, password: PASSWORD });
  // Operator rights follow a confirmed address only: until then the page does not exist.
  expect((await op.goto("/admin/nonprofits"))?.status()).toBe(404);
  await op.goto("/settings/account");
  await op.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(op.getByText(`Check ${operator} for a link to confirm it.`)).toBeVisible();
  await op.goto("/dev/mailbox");
  const mail = op
    .getByRole("listitem")
    .filter({ hasText: `To: ${operator}` })
    .filter({ hasText: "Confirm your KnowWho email address" });
  const link = ((await mail.first().locator("pre").textContent()) ?? "").match(/https?:\/\/\S+/)?.[0] ?? "";
  expect(link).toContain("/api/auth/verify-email");
  await op.goto(link);
  await expect(op.getByText(`${operator} is confirmed.`)).toBeVisible();
  await op.goto("/admin/nonprofits");
  const application = op.getByTestId("application").filter({ hasText: `Riverbend Literacy ${info.project.name}` });
  await expect(application).toContainText("12-3456789");
  await expectAccessible(op);
  await application.getByRole("button", { name: "Approve" }).click();
  await expect(application).toContainText("Approved");
  await context.close();

  await page.reload();
  await expect(page.getByTestId("current-plan")).toHaveText("Card Pro (nonprofit offer)");
  await expect(page.getByTestId("plan-line")).toContainText("free until");
  await expect(page.getByTestId("nonprofit-application")).toContainText("Approved");
  await page.goto("/notifications");
  await expect(page.getByText("Nonprofit offer approved")).toBeVisible();
});
