import { Webhook } from "standardwebhooks";
import { startFakeServices } from "../fixtures/fake-services";
import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// A webhook receiver and a HubSpot stand-in on 127.0.0.1, started here and stopped after.
let fake: Awaited<ReturnType<typeof startFakeServices>>;
test.beforeAll(async () => {
  fake = await startFakeServices(5 * 60_000);
});
test.afterAll(async () => {
  await fake?.close();
});

test("the owner adds a webhook, sends a test and sees it in the delivery log", async ({ page }, info) => {
  const hook = `e2e-${info.project.name}-${Date.now()}`;
  const url = `${fake.url}/hooks/${hook}`;
  await page.goto("/settings");
  await page.getByRole("link", { name: "Open integrations" }).click();
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "integrations", info.project.name, { fullPage: true });

  const section = page.locator("#webhooks");
  // A private address is refused on the field, and what was typed stays.
  await section.getByLabel("URL").fill("https://192.168.0.10/hook");
  await section.getByRole("button", { name: "Add webhook" }).click();
  await expect(section.getByText("The URL must point to a public address, not a private or local one")).toBeVisible();
  await expect(section.getByLabel("URL")).toHaveValue("https://192.168.0.10/hook");
  await expect(section.getByRole("checkbox", { name: /Someone shares their details back/ })).toBeChecked();

  await section.getByLabel("URL").fill(url);
  await section.getByLabel("Description (optional)").fill("Zapier catch hook");
  await section.getByRole("checkbox", { name: /A person is changed/ }).check();
  await section.getByRole("button", { name: "Add webhook" }).click();
  const secret = await page.getByLabel("Signing secret (shown once; copy it now)").inputValue();
  expect(secret).toMatch(/^whsec_/);

  const endpoint = page.getByRole("article", { name: `Webhook ${url}` });
  await expect(endpoint.getByText("No deliveries yet.")).toBeVisible();
  await endpoint.getByRole("button", { name: "Send test" }).click();
  await expect(endpoint.getByText("Test delivered: the endpoint answered 204.")).toBeVisible();
  const log = endpoint.getByRole("table", { name: `Last deliveries to ${url}` });
  await expect(log.getByRole("row").nth(1)).toContainText("webhook.test");
  await expect(log.getByRole("row").nth(1)).toContainText("succeeded");
  await expect(log.getByRole("row").nth(1)).toContainText("204");

  // What the receiver got verifies with the Standard Webhooks reference library.
  const received = (await (await fetch(`${fake.url}/_requests/${hook}`)).json()) as {
    headers: Record<string, string>;
    body: string;
  }[];
  expect(received).toHaveLength(1);
  const event = new Webhook(secret).verify(received[0]?.body ?? "", received[0]?.headers ?? {}) as { type: string };
  expect(event.type).toBe("webhook.test");

  // A receiver that fails: the log says so, and the owner can pause and resume.
  await fetch(`${fake.url}/_control/hooks/${hook}`, { method: "PUT", body: JSON.stringify({ status: 500 }) });
  await endpoint.getByRole("button", { name: "Send test" }).click();
  await expect(endpoint.getByText("Test not delivered: HTTP 500. It will be retried.")).toBeVisible();
  await expect(log.getByRole("row").nth(1)).toContainText("500");
  await endpoint.getByRole("button", { name: "Pause" }).click();
  await expect(endpoint.getByText("Paused by you.")).toBeVisible();
  await expectAccessible(page);
  await endpoint.getByRole("button", { name: "Resume" }).click();
  await expect(endpoint.getByRole("button", { name: "Pause" })).toBeVisible();
  await endpoint.getByRole("button", { name: "Remove" }).click();
  await endpoint.getByRole("button", { name: "Remove the webhook" }).click();
  await expect(page.getByRole("article", { name: `Webhook ${url}` })).toHaveCount(0);
});

test("the owner connects HubSpot, runs a manual sync and reads the log", async ({ page }, info) => {
  const token = `good-e2e-${info.project.name}-${Date.now()}`;
  await page.goto("/settings/integrations#hubspot");
  const section = page.locator("#hubspot");
  // A refused token is said on the field; the schedule and mapping typed stay.
  await section.getByLabel("Private app access token").fill(`bad-${token}`);
  await section.getByLabel("API base URL (development only)").fill(fake.url);
  await section.getByLabel("Sync", { exact: true }).selectOption("manual");
  await section.getByLabel("Job title").fill("jobtitle");
  await section.getByRole("button", { name: "Connect HubSpot" }).click();
  await expect(section.getByText("HubSpot did not accept this token.", { exact: false })).toBeVisible();
  await expect(section.getByLabel("Sync", { exact: true })).toHaveValue("manual");
  await expect(section.getByLabel("API base URL (development only)")).toHaveValue(fake.url);

  await section.getByLabel("Private app access token").fill(token);
  await section.getByRole("button", { name: "Connect HubSpot" }).click();
  await expect(section.getByText("Connected")).toBeVisible();
  await expect(section.getByText("Only when I press Sync now · last sync never")).toBeVisible();
  // The schedule and mapping forms show what was saved.
  await expect(section.getByLabel("Sync", { exact: true }).first()).toHaveValue("manual");
  const log = section.getByRole("list", { name: "HubSpot sync log" });
  // The log outlives a disconnection, so wait for this run's entry.
  const runsBefore = await log.getByRole("listitem").filter({ hasText: "by you" }).count();
  await section.getByRole("button", { name: "Sync now" }).click();
  await expect(log.getByRole("listitem").filter({ hasText: "by you" })).toHaveCount(runsBefore + 1);
  await expect(log.getByRole("listitem").first()).toContainText(/\d+ created, 0 updated, \d+ skipped/);
  const state = (await (await fetch(`${fake.url}/_hubspot/${token}`)).json()) as {
    contacts: Record<string, { properties: Record<string, string> }>;
  };
  const sent = Object.keys(state.contacts).length;
  expect(sent).toBeGreaterThan(0);
  await expect(log.getByRole("listitem").first()).toContainText(`${sent} created`);
  await log.getByText("Details").first().click();
  await expect(log.getByText("created").first()).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "integrations-hubspot", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectAccessible(page);
  await snapshot(page, "integrations-dark", info.project.name, { fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await section.getByRole("button", { name: "Disconnect" }).click();
  await expect(section.getByRole("button", { name: "Connect HubSpot" })).toBeVisible();
});

test("the owner creates an API token, sees it once, uses it and revokes it", async ({ page, baseURL }, info) => {
  await page.goto("/settings/integrations#api");
  const section = page.locator("#api");
  await section.getByRole("button", { name: "Create token" }).click();
  await expect(section.getByText("Name the token")).toBeVisible();
  await section.getByLabel("Token name").fill("Journey script");
  await section.getByRole("button", { name: "Create token" }).click();
  const token = await section.getByLabel("Your new token (shown once; copy it now)").inputValue();
  const people = await fetch(`${baseURL}/api/v1/people?limit=5`, { headers: { authorization: `Bearer ${token}` } });
  expect(people.status).toBe(200);
  expect(((await people.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  await page.reload();
  await expect(section.getByLabel("Your new token (shown once; copy it now)")).toHaveCount(0);
  await section.getByRole("button", { name: "Revoke Journey script" }).click();
  await section.getByRole("button", { name: "Revoke the token" }).click();
  await expect(section.getByRole("button", { name: "Revoke the token" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Revoke Journey script" })).toHaveCount(0);
  const after = await fetch(`${baseURL}/api/v1/people`, { headers: { authorization: `Bearer ${token}` } });
  expect(after.status).toBe(401);
  // The reference page is generated from the same OpenAPI document.
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { name: "KnowWho personal API" })).toBeVisible();
  await expect(page.getByText("/api/v1/webhooks/{id}/deliveries")).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "api-reference", info.project.name);
});
