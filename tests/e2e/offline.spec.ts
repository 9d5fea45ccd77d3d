import type { Page } from "@playwright/test";
import { test as base, expect, expectAccessible, signUpInto, snapshot, demoTest as test } from "./fixtures";
import { waitForOfflineReady } from "./offline-ready";

type RouterWindow = {
  __reactRouterDataRouter: {
    navigate(to: string, options?: { formMethod: "post"; formData: FormData }): Promise<void>;
  };
};

/** A client-side navigation as a link makes it, or with `post`, a form posting those fields. */
function navigate(page: Page, to: string, post?: Record<string, string>) {
  return page.evaluate(
    ([path, fields]) => {
      const formData = new FormData();
      for (const [name, value] of Object.entries(fields ?? {})) formData.set(name, value);
      return (window as unknown as RouterWindow).__reactRouterDataRouter.navigate(
        path,
        fields ? { formMethod: "post", formData } : undefined,
      );
    },
    [to, post] as const,
  );
}

/**
 * The worker precached the kept pages' code and not every page's: what offline capture needs at install, the
 * other kept pages' code once the page says hello, before their pages are kept (0263).
 */
async function expectKeptPagesCodeOnly(page: Page) {
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("knowwho-static-"));
    const keys = name ? await (await caches.open(name)).keys() : [];
    return keys.map((r) => new URL(r.url).pathname);
  });
  // Route code is named by route, as React Router's whole route manifest (precached too) maps it, not by its
  // file's name: files move between folders, and the page's own manifest lists only routes discovered so far.
  const modules = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("knowwho-static-"));
    const cache = await caches.open(name ?? "");
    const file = (await cache.keys()).find((r) => /\/assets\/manifest-[\w-]+\.js$/.test(new URL(r.url).pathname));
    const source = file ? await (await cache.match(file))?.text() : undefined;
    const manifest = JSON.parse(
      (source ?? "{}").replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
    ) as { routes?: Record<string, { id: string; module: string }> };
    return Object.fromEntries(Object.values(manifest.routes ?? {}).map((r) => [r.id, r.module]));
  });
  const hasRoute = (id: string) => {
    const module = modules[id];
    expect(module, id).toBeTruthy();
    return module !== undefined && cached.includes(module);
  };
  // Signed-in kept pages' code: the layouts above them and each page's route.
  for (const id of [
    "root",
    "routes/app/_layout",
    "routes/app/capture/_layout",
    "routes/app/capture/overview",
    "routes/app/people/list",
    "routes/app/dashboard",
    "routes/app/cards",
    "routes/app/card-edit",
  ])
    expect(hasRoute(id), id).toBe(true);
  // What /capture loads on demand (the QR reader), which no route names.
  const has = (chunk: string) => cached.some((path) => path.startsWith(`/assets/${chunk}-`));
  for (const chunk of ["qr-scan", "jsQR"]) expect(has(chunk), chunk).toBe(true);
  // Other pages' code is fetched when they are visited (offline, the worker sends them to the offline page).
  for (const id of [
    "routes/app/notifications",
    "routes/app/settings",
    "routes/app/integrations/overview",
    "routes/app/billing/index",
    "routes/marketing/reviews",
    "routes/marketing/help",
    "routes/auth/forgot",
    "routes/auth/reset",
  ])
    expect(hasRoute(id), id).toBe(false);
  expect(cached).not.toContain("/site.js");
}

test("offline: Capture and my QR code open without signal, a capture made offline arrives once", async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const name = `Offline Visitor ${info.project.name} ${Date.now()}`;
  await page.goto("/capture");
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await waitForOfflineReady(page);

  await context.setOffline(true);
  // A reload with no network at all: the kept page and its assets come from the service worker.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Capture contacts" })).toBeVisible();
  await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
  await expect(page.getByText("Offline: captures are kept on this device")).toBeVisible();

  await page.getByRole("button", { name: "Show my QR code" }).click();
  const qr = page.getByRole("dialog", { name: /QR code for .+'s card/ });
  await expect(qr.getByRole("img", { name: "QR code linking to /c/demo" })).toBeVisible();
  await expect(qr.locator("svg")).toBeVisible();
  await snapshot(page, "offline-my-qr", info.project.name);
  await qr.getByRole("button", { name: "Close" }).click();

  await page.getByRole("main").getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("main").getByLabel("Company", { exact: true }).fill("No Signal Co");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByText(`${name} will sync when you're back online.`)).toBeVisible();
  await expect(page.getByText(/1 waiting to sync/)).toBeVisible();

  // Still offline: the last-seen connections list, by client navigation (route data) and by reload.
  await page.evaluate(() => window.history.pushState(null, "", "/capture"));
  await page.goto("/connections");
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  await expectAccessible(page);

  // Any page that was never kept shows the offline page, not the browser's error.
  await page.goto("/events/999999");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expectAccessible(page);
  await snapshot(page, "offline-page", info.project.name);

  await page.goto("/capture");
  await expect(page.getByText(/1 waiting to sync/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0, { timeout: 20_000 });

  await page.goto(`/connections?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(1);
  // A reload replays nothing: still exactly one.
  await page.reload();
  await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(1);
});

test("offline: client navigation between kept pages uses their kept route data, whose code alone was precached", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto("/capture");
  await waitForOfflineReady(page);
  await expectKeptPagesCodeOnly(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Capture contacts" })).toBeVisible();
  // As a tab bar link does: React Router fetches /connections.data and /card.data, which are kept.
  await navigate(page, "/connections");
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  await navigate(page, "/card");
  await expect(page.getByRole("heading", { name: "Your cards", level: 1 })).toBeVisible();
  // A page that was never kept: its code is not on the device, and the module the worker answers with
  // opens the offline page (the page leaves, so the navigation's evaluate never returns).
  await navigate(page, "/notifications").catch((error) => expect(String(error)).toMatch(/context was destroyed/));
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
});

test("a kept page shows its message once: offline, its kept copy does not show it again", async ({ page, context }) => {
  test.setTimeout(90_000);
  // The page's clock runs as usual; the test moves it on instead of waiting for the toast to go.
  await page.clock.install();
  await page.goto("/connections");
  await waitForOfflineReady(page);
  // An action answered with a message; the connections data that follows it is what gets kept.
  await navigate(page, "/connections", { intent: "merge" });
  const message = page.getByText("Choose two or more people to merge");
  await expect(message).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(message).toHaveCount(0, { timeout: 15_000 });

  await context.setOffline(true);
  await navigate(page, "/card");
  await expect(page.getByRole("heading", { name: "Your cards", level: 1 })).toBeVisible();
  await navigate(page, "/connections");
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  // The kept data still carries the message; the page knows it was shown.
  const kept = await page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith("knowwho-pages-"));
    const res = name ? await (await caches.open(name)).match("/connections.data") : undefined;
    return res ? await res.text() : "";
  });
  expect(kept).toContain("Choose two or more people to merge");
  await page.clock.runFor(1_000);
  await expect(message).toHaveCount(0);
});

test("the visitor card pages are never controlled by a service worker", async ({ page, context }) => {
  await page.goto("/capture");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
  );
  expect(scopes).toContain("/capture");
  expect(scopes).toContain("/card");
  expect(scopes).not.toContain("/");

  for (const path of ["/c/demo", "/c/v/not-a-real-payload"]) {
    await page.goto(path);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(await page.evaluate((p) => navigator.serviceWorker.getRegistration(p).then(Boolean), path)).toBe(false);
  }

  // A link handed out under /card/v/ before the move, opened on the owner's phone (where /card has a
  // worker): the worker lets it through, the server sends it to /c/v/, and that page has no worker.
  await page.goto("/card");
  const editor = await page.getByRole("link", { name: "Edit" }).first().getAttribute("href");
  await page.goto(editor ?? "/card");
  const link = await page.locator("#signed-link").inputValue();
  expect(new URL(link).pathname).toMatch(/^\/c\/v\//);
  const oldLink = new URL(link).pathname.replace(/^\/c\/v\//, "/card/v/");
  await page.goto(oldLink);
  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(
    page.getByRole("button", { name: "Save Contact" }).or(page.getByRole("link", { name: "Save Contact" })),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  // Offline, the old link is not answered by the worker (no offline page, no kept copy): the network fails.
  await page.goto("/card");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await context.setOffline(true);
  await expect(page.goto(oldLink)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await context.setOffline(false);
});

test("offline: the owner's card list and a card's editor open with a reload, no signal", async ({
  page,
  context,
}, info) => {
  test.setTimeout(90_000);
  await page.goto("/card");
  await expect(page.getByRole("heading", { name: "Your cards", level: 1 })).toBeVisible();
  await waitForOfflineReady(page);
  const editor = (await page.getByRole("link", { name: "Edit" }).first().getAttribute("href")) ?? "";
  expect(editor).toMatch(/^\/card\/\d+$/);
  // Each card the list links to is kept as well, without opening it first.
  await expect
    .poll(
      () =>
        page.evaluate(async (path) => {
          const name = (await caches.keys()).find((k) => k.startsWith("knowwho-pages-"));
          const cache = name ? await caches.open(name) : null;
          return Boolean(cache && (await cache.match(path)) && (await cache.match(`${path}.data`)));
        }, editor),
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your cards", level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Edit" }).first()).toBeVisible();
  await expectAccessible(page);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `offline-card-${colorScheme}`, info.project.name, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(editor);
  await expect(page.getByRole("heading", { name: "Edit your card", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).not.toHaveValue("");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Edit your card", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).not.toHaveValue("");
  await snapshot(page, "offline-card-editor", info.project.name);
  // The card's analytics were never kept: the offline page, not the browser's error.
  await page.goto(`${editor}/analytics`);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
});

base("signing out leaves no kept page, queue or service worker of the account on the device", async ({ page }) => {
  base.setTimeout(90_000);
  await signUpInto(page, { name: "Shared Phone", email: `offline-${Date.now()}@example.org` });
  await page.goto("/capture");
  await waitForOfflineReady(page);
  expect((await page.evaluate(() => caches.keys())).some((k) => k.startsWith("knowwho-pages-"))).toBe(true);
  // A capture waiting in the queue, as one made offline would.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("knowwho-captures");
        open.onupgradeneeded = () => open.result.createObjectStore("pending");
        open.onsuccess = () => {
          const tx = open.result.transaction("pending", "readwrite");
          tx.objectStore("pending").put({ clientId: "waiting-1", name: "Not Synced", ownerId: "x" }, "waiting-1");
          tx.oncomplete = () => resolve(open.result.close());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

  // As the header's Sign out button does (a client-side form post), whatever the header looks like.
  await navigate(page, "/auth/sign-out", {});
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("knowwho-"))))
    .toEqual([]);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  // The offline queue went too: a capture waiting in it is someone's details on a shared device.
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(
    "knowwho-captures",
  );
});

test("an expired or revoked session leaves no kept pages behind for the next person", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto("/capture");
  await waitForOfflineReady(page);
  // The session ends without a sign-out (expired, or revoked from another device).
  await context.clearCookies();
  await page.goto("/auth");
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("knowwho-pages-"))))
    .toEqual([]);
});

base(
  "sign-out warns about captures still waiting on the device and lets the owner sync them first",
  async ({ page, context, isMobile }) => {
    base.setTimeout(90_000);
    const email = `waiting-${Date.now()}-${isMobile ? "m" : "d"}@example.org`;
    const name = `Queued Person ${Date.now()}`;
    await signUpInto(page, { name: "Venue Owner", email });
    await page.goto("/capture");
    await expect(page.locator('input[name="clientId"]')).not.toHaveValue("");
    // A capture made offline, as a person makes one. (A queue written behind the page's back while it is
    // online is sent by the page's own sync on load, sooner or later: that race made this journey flaky.)
    await context.setOffline(true);
    await page.getByRole("main").getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByText(`${name} will sync when you're back online.`)).toBeVisible();
    const openSignOut = async () => {
      if (isMobile) await page.getByRole("navigation", { name: "Tabs" }).getByText("More", { exact: true }).click();
      else await page.getByLabel("Account menu for Venue Owner").click();
      await page.getByRole("button", { name: "Sign out" }).click();
    };
    await openSignOut();
    const dialog = page.getByRole("alertdialog", { name: "1 capture has not synced yet" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/capture$/);
    await expectAccessible(page);

    // Still offline: it says so and signs nobody out.
    await dialog.getByRole("button", { name: "Sync, then sign out" }).click();
    await expect(dialog.getByRole("status")).toContainText("1 still waiting");
    await expect(page).toHaveURL(/\/capture$/);

    // Sent meanwhile by something else (the capture page on reconnect, Background Sync, another tab),
    // then tried again offline: the dialog says sign-out needs a connection, and stays.
    const queued = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open("knowwho-captures");
          open.onsuccess = () => {
            const tx = open.result.transaction("pending", "readwrite");
            const store = tx.objectStore("pending");
            const all = store.getAll();
            all.onsuccess = () => store.clear();
            tx.oncomplete = () => {
              open.result.close();
              resolve(all.result[0]);
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await dialog.getByRole("button", { name: "Sync, then sign out" }).click();
    await expect(dialog.getByRole("status")).toContainText("sign out when you have a connection");
    await expect(page).toHaveURL(/\/capture$/);
    // Put back, so the journey can still check it arrives once.
    await page.evaluate(
      (capture) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open("knowwho-captures");
          open.onsuccess = () => {
            const tx = open.result.transaction("pending", "readwrite");
            const item = capture as { clientId: string };
            tx.objectStore("pending").put(item, item.clientId);
            tx.oncomplete = () => resolve(open.result.close());
            tx.onerror = () => reject(tx.error);
          };
        }),
      queued,
    );

    // Back online (the capture page and Background Sync may send it too: it is stored once).
    await context.setOffline(false);
    await dialog.getByRole("button", { name: "Sync, then sign out" }).click();
    await expect(page).toHaveURL(/\/$/);

    // Back in, the capture is in the network.
    await page.goto("/auth");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname !== "/auth");
    await page.goto(`/connections?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(1);
  },
);
