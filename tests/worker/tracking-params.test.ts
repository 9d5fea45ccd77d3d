import { describe, expect, it, vi } from "vitest";
import { call } from "./helpers";

/** Issue 24 item 4: a link clicked from a post or a mailing is served from the cache like a bare one. */

/** A tracker as a click would carry it: a value never seen before, so only a key without it can hit. */
const TRACKERS = [
  (v: string) => `fbclid=${v}`,
  (v: string) => `utm_source=newsletter&utm_medium=email&utm_campaign=${v}`,
  (v: string) => `gclid=${v}`,
  (v: string) => `mc_cid=abc&mc_eid=${v}`,
  (v: string) => `msclkid=${v}`,
];

describe("public pages and tracking parameters", () => {
  for (const path of ["/", "/pricing", "/guides", "/fundraising"]) {
    it(`${path} is a cache hit on its second request whatever tracking parameter either carries`, async () => {
      const first = await call(`${path}?fbclid=IwAR0first`);
      expect(first.status).toBe(200);
      // The first copy is stored after the response; each later request carries a different tracker.
      let n = 1;
      await vi.waitFor(
        async () => {
          const tracker = TRACKERS[n++ % TRACKERS.length] ?? TRACKERS[0];
          const res = await call(`${path}?${tracker?.(crypto.randomUUID())}`);
          expect(res.headers.get("x-edge-cache")).toBe("HIT");
          // Nothing of another visitor's link is carried into the copy everyone gets.
          expect(await res.text()).not.toContain("IwAR0first");
        },
        { timeout: 5000, interval: 100 },
      );
    });
  }

  it("keeps parameters that change the page in the key", async () => {
    await call("/fundraising?utm_source=x");
    const filtered = await call("/fundraising?category=health&utm_source=y");
    expect(filtered.headers.get("x-edge-cache")).toBe("MISS");
  });
});
