import type { Page } from "@playwright/test";
import { expect, expectAccessible, snapshot, ownerTest as test } from "./fixtures";

/** Where the preview draws the photo, the name and the card, in CSS pixels. */
async function layout(page: Page) {
  return page.getByLabel("Card preview").evaluate((figure) => {
    const box = (selector: string) => {
      const r = (figure.querySelector(selector) as HTMLElement).getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, centre: (r.left + r.right) / 2 };
    };
    return {
      card: box(".card"),
      avatar: box(".avatar"),
      name: box(".name"),
      bio: box(".bio"),
      figureOverflows: figure.scrollWidth > figure.clientWidth + 1,
      pageOverflows: document.documentElement.scrollWidth > window.innerWidth + 1,
    };
  });
}

test("the three card templates are different layouts, and a long unbroken bio stays inside the preview @layout", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const phone = info.project.name === "phone";
  await page.goto("/card");
  await page.getByRole("button", { name: "Create your card" }).click();
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { name: "Edit your card" })).toBeVisible();
  await main.getByLabel("Title", { exact: true }).fill("Director of Development");
  await main.getByLabel("Company or organization").fill("Harbor Trust");
  await main
    .getByLabel("Email", { exact: true })
    .fill("ann.lee.development.director@harbor-community-trust.example.org");
  await main.getByLabel("Bio").fill(`Fundraiser${"x".repeat(240)}`);

  const seen: Record<string, Awaited<ReturnType<typeof layout>>> = {};
  for (const template of ["Classic", "Bold", "Minimal"]) {
    if (phone) await page.getByRole("tab", { name: "Edit" }).click();
    await main.getByLabel("Template").selectOption({ label: template });
    if (phone) await page.getByRole("tab", { name: "Preview" }).click();
    const card = page.getByLabel("Card preview").locator(".card");
    await expect(card).toHaveClass(new RegExp(`t-${template.toLowerCase()}`));
    const l = await layout(page);
    seen[template] = l;
    // Nothing spills out of the card, the preview or the page, at 390 px as at 1280 px.
    expect(l.bio.right, `${template} bio`).toBeLessThanOrEqual(l.card.right + 0.5);
    expect(l.figureOverflows, `${template} preview scrolls sideways`).toBe(false);
    expect(l.pageOverflows, `${template} page scrolls sideways`).toBe(false);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await snapshot(
        page.getByLabel("Card preview"),
        `card-template-${template.toLowerCase()}-${scheme}`,
        info.project.name,
      );
      await expectAccessible(page);
    }
    await page.emulateMedia({ colorScheme: null });
  }

  const { Classic: classic, Bold: bold, Minimal: minimal } = seen as Record<string, Awaited<ReturnType<typeof layout>>>;
  if (!classic || !bold || !minimal) throw new Error("a template was not drawn");
  // Classic: the photo beside the name, on the left.
  expect(classic.avatar.right).toBeLessThanOrEqual(classic.name.left);
  // Bold: a large photo centred above the name.
  expect(bold.avatar.bottom).toBeLessThanOrEqual(bold.name.top);
  expect(Math.abs(bold.avatar.centre - bold.card.centre)).toBeLessThan(2);
  expect(bold.avatar.right - bold.avatar.left).toBeGreaterThan(classic.avatar.right - classic.avatar.left);
  // Minimal: the name first, the photo on the right.
  expect(minimal.avatar.left).toBeGreaterThanOrEqual(minimal.name.right);
});
