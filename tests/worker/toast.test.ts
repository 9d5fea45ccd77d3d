import { describe, expect, it } from "vitest";
import { BACKGROUND_FETCH_HEADER } from "~/lib/platform/pwa";
import { call, cookieOf, form, signUp } from "./helpers";

describe("a flash message", () => {
  it("is left for the owner's page by the service worker's background fetches, and shown once there", async () => {
    const owner = await signUp();
    // An action that answers with a message on the next page.
    const acted = await call("/connections", { ...form({ intent: "merge" }), headers: { cookie: owner.cookie } });
    const flash = cookieOf(acted, "toast");
    expect(flash).toBeTruthy();
    const cookie = `${owner.cookie}; ${flash}`;
    // Meanwhile the worker keeps /capture and /dashboard for offline use, with the owner's cookies.
    for (const path of ["/capture", "/dashboard.data"]) {
      const kept = await call(path, { headers: { cookie, [BACKGROUND_FETCH_HEADER]: "warm" } });
      expect(kept.status).toBe(200);
      expect(kept.headers.getSetCookie().filter((c) => c.startsWith("toast="))).toEqual([]);
      expect(await kept.text()).not.toContain("Choose two or more people to merge");
    }
    // The page the owner is on shows it, and clears it.
    const page = await call("/connections", { headers: { cookie, accept: "text/html" } });
    expect(await page.text()).toContain("Choose two or more people to merge");
    expect(page.headers.getSetCookie().find((c) => c.startsWith("toast="))).toMatch(/Max-Age=0/);
  });

  it("is ignored, and cleared, when its signature is not ours", async () => {
    const owner = await signUp();
    const words = { type: "error", title: "Your account is locked: call 555-0100", id: "forged" };
    const unsigned = encodeURIComponent(btoa(JSON.stringify(JSON.stringify(words))));
    // Signed as React Router signs, but with a secret that is not the app's.
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("toast:not-our-secret"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const value = btoa(JSON.stringify(JSON.stringify(words)));
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value)));
    const otherKey = encodeURIComponent(`${value}.${btoa(String.fromCharCode(...mac)).replace(/=+$/, "")}`);
    for (const forged of [unsigned, otherKey]) {
      const page = await call("/connections", {
        headers: { cookie: `${owner.cookie}; toast=${forged}`, accept: "text/html" },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("call 555-0100");
      expect(page.headers.getSetCookie().find((c) => c.startsWith("toast="))).toMatch(/Max-Age=0/);
    }
    // The app's own flash, signed with its secret, still shows.
    const acted = await call("/connections", { ...form({ intent: "merge" }), headers: { cookie: owner.cookie } });
    const flash = cookieOf(acted, "toast");
    expect(flash).toMatch(/^toast=[^;]+\.[^;]+$/);
    const page = await call("/connections", { headers: { cookie: `${owner.cookie}; ${flash}`, accept: "text/html" } });
    expect(await page.text()).toContain("Choose two or more people to merge");
  });
});
