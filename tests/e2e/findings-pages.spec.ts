import type { Page } from "@playwright/test";
import { closeOrgEvent, expect, expectAccessible, snapshot, ownerTest as test } from "./fixtures";

const CAMPAIGN = {
  intent: "save",
  title: "Harvest Appeal",
  description: "Meals for every family.",
  organization: "Riverside Food",
  organizerName: "Ana Ruiz",
  location: "Portland",
  category: "human-services",
  currency: "USD",
  goal: "1000",
  startDate: "2025-01-01",
  endDate: "2030-12-31",
  listed: "on",
};

const local = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

async function post(page: Page, path: string, form: Record<string, string>) {
  const res = await page.request.post(path, { form, maxRedirects: 0 });
  expect(res.status(), path).toBe(302);
  return res.headers().location ?? "";
}

/** Axe and a screenshot in each theme. */
async function lookInBothThemes(page: Page, name: string, project: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page);
    await snapshot(page, `${name}-${scheme}`, project, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

test("a campaign mails its own charity, a public event links its campaign, the events page says what its labels mean", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const id = (await post(page, "/campaigns/new", CAMPAIGN)).split("/")[2] ?? "";
  await post(page, `/campaigns/${id}/edit`, { intent: "publish" });
  await post(page, "/campaigns/organisation", {
    legalName: "Riverside Community Food Bank",
    fiscalYearStart: "1",
    contactEmail: "giving@riverside.example",
  });

  await page.goto(`/fundraising/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Human services", { exact: false })).toBeVisible();
  const contact = main.getByRole("link", { name: "Email Riverside Food" });
  await expect(contact).toHaveAttribute("href", "mailto:giving@riverside.example");
  await expect(main.locator('a[href="/contact"]')).toHaveCount(0);
  await lookInBothThemes(page, "campaign-contact", project);

  const organiserPage = await post(page, "/organiser", {
    title: "Harvest Gala",
    timeZone: "UTC",
    type: "in-person",
    organiserName: "Riverside Food",
    startsAt: local(-1),
    endsAt: local(6),
  });
  await page.goto(organiserPage);
  await page.getByLabel("Raises funds for").selectOption({ label: "Harvest Appeal" });
  await page.getByRole("button", { name: "Save campaign" }).click();
  await expect(page.getByText("The event page names the campaign")).toBeVisible();
  await expect(page.getByRole("main").getByText("Happening now")).toBeVisible();
  const slug = await page.getByRole("main").locator('a[href^="/e/"]').first().getAttribute("href");
  await page.goto(slug ?? "");
  await expect(page.getByRole("link", { name: "Harvest Appeal" })).toHaveAttribute(
    "href",
    `/fundraising/${id}?src=event`,
  );
  await lookInBothThemes(page, "event-raises-for", project);
  await closeOrgEvent(page, organiserPage);

  await post(page, "/events/new", {
    title: "Harvest Mixer",
    type: "in-person",
    date: new Date().toISOString().slice(0, 10),
  });
  await page.goto("/events");
  await expect(page.getByRole("main").getByText("Today falls within the event's dates.")).toBeVisible();
  const setActive = page.getByRole("button", { name: "Set Active: Harvest Mixer" });
  await expect(setActive).toHaveAccessibleDescription(/Makes the event your active hub/);
  await lookInBothThemes(page, "events-legend", project);
});
