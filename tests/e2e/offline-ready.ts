import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Waits until this page is controlled and the account's kept pages are in the cache. */
export async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  // page.evaluate awaits the page's promise; a waitForFunction predicate that returns one is taken as truthy.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const name = (await caches.keys()).find((k) => k.startsWith("knowwho-pages-"));
          if (!name) return false;
          const cache = await caches.open(name);
          const kept = await Promise.all(
            ["/capture", "/connections", "/connections.data", "/card", "/card.data"].map((p) => cache.match(p)),
          );
          return kept.every(Boolean);
        }),
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}
