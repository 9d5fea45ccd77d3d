import { expect, expectAccessible, snapshot, demoTest as test } from "./fixtures";

// A notification's toast carries an action button ("View contact"): it must read clearly in both themes while
// it is on screen. Its place above a phone's tab bar is checked in app-shell.spec.ts (docs/decisions/0275).
for (const scheme of ["light", "dark"] as const) {
  test(`a toast with an action button passes axe in the ${scheme} theme`, async ({
    page,
    playwright,
    baseURL,
  }, info) => {
    const who = `Toast Reader ${scheme} ${info.project.name} ${Date.now()}`;
    // Visitors share back on the demo card, which notifies the owner: three toasts stack, the newest in
    // front. Posted as the card's form posts without JavaScript (card-share.spec.ts drives the form itself).
    const visitor = await playwright.request.newContext({ baseURL });
    for (const n of [3, 2, 1]) {
      const shared = await visitor.post("/c/demo/share", {
        form: {
          name: n === 1 ? who : `${who} (${n})`,
          email: `toast-${Date.now()}-${n}-${scheme}-${info.project.name}@example.org`,
        },
        headers: { origin: baseURL ?? "" },
        maxRedirects: 0,
      });
      expect(shared.status(), "the share is confirmed (303 to its page)").toBe(303);
      expect(shared.headers().location).toBe("/c/demo/shared#shared");
    }
    await visitor.dispose();

    await page.emulateMedia({ colorScheme: scheme });
    // The page's clock stands still, so the 4-second toasts stay while axe runs, however slow the machine;
    // it moves only in the small steps below, until the toast is there.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/dashboard");
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .filter({ hasText: who, has: page.getByRole("button", { name: "View contact" }) })
      .first();
    await expect(async () => {
      await page.clock.runFor(100);
      await expect(toast.getByRole("button", { name: "View contact" })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
    // A pointer pressed on the toasts holds sonner's timer (as a person holding one does), and stays held
    // whatever moves under it; then the page's clock runs again, which axe needs.
    const box = await toast.boundingBox();
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + 8);
    await page.mouse.down();
    await page.clock.resume();
    // The toasts wear the page's theme (sonner's default is always light).
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-sonner-theme", scheme);
    await expectAccessible(page);
    await expect(toast).toBeVisible();
    await snapshot(page, `toast-action-${scheme}`, info.project.name);
  });
}
