import { expect, expectAccessible, test } from "./fixtures";

// The accessibility check every journey relies on must still see violations, in a page and in its frames.
const FAULTS = `<main><h1>Check</h1><p style="color:#999;background:#aaa">Pale text</p><button></button></main>`;

test("the accessibility check fails on a page's serious violations", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><title>Check</title><body>${FAULTS}</body></html>`);
  const failure = await expectAccessible(page).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(failure).toContain("color-contrast");
  expect(failure).toContain("button-name");
  await page.setContent(
    `<!doctype html><html lang="en"><title>Check</title><body><main><h1>Fine</h1></main></body></html>`,
  );
  await expectAccessible(page);
});

test("the accessibility check fails on a violation inside a frame", async ({ page }) => {
  const frame = `<!doctype html><html lang="en"><title>Inner</title><body>${FAULTS}</body></html>`;
  await page.setContent(
    `<!doctype html><html lang="en"><title>Outer</title><body><main><h1>Outer</h1><iframe title="Inner" srcdoc="${frame.replaceAll('"', "&quot;")}"></iframe></main></body></html>`,
  );
  await expect(page.frameLocator("iframe").getByText("Pale text")).toBeVisible();
  const failure = await expectAccessible(page).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(failure).toContain("button-name");
});
