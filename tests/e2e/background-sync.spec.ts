import { launchOptions } from "./browser";
import { expect, demoTest as test } from "./fixtures";
import { waitForOfflineReady } from "./offline-ready";

// Background Sync is the full browser's: the headless shell the other journeys run in has none (decision 0173).
test.use({ launchOptions: launchOptions([], { fullChromium: true }) });

test("Background Sync delivers a capture made offline when no KnowWho page is open", async ({
  page,
  context,
}, info) => {
  test.setTimeout(90_000);
  const name = `Background Sync ${info.project.name} ${Date.now()}`;
  await page.goto("/capture");
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.getByRole("main").getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByText(`${name} will sync when you're back online.`)).toBeVisible();
  // Leave the app, so only the service worker can send it.
  await page.goto("about:blank");
  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/connections?q=${encodeURIComponent(name)}`)).text()).includes(`>${name}<`),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  await page.goto(`/connections?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(1);
});
