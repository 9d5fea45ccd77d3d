import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, form, signUp } from "./helpers";

const nonceOf = (res: Response) => res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? "";

const newestReviewId = async () =>
  (await env.DB.prepare("select max(id) as id from review").first<{ id: number }>())?.id ?? 0;

/** Asks until the copy stored after the first render is served (stores run after the response). */
async function untilHit(path: string, init: RequestInit = {}) {
  let last: Response | undefined;
  await vi.waitFor(
    async () => {
      last = await call(path, init);
      expect(last.headers.get("x-edge-cache")).toBe("HIT");
    },
    // A hang guard: on a busy machine the store after the response took longer than 5 s.
    { timeout: 30_000, interval: 100 },
  );
  return last as Response;
}

describe("public pages from the edge cache", () => {
  it("serves an anonymous visitor a stored copy with a fresh nonce of their own, bound to the CSP", async () => {
    const first = await call("/pricing");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    const hit = await untilHit("/pricing");
    const html = await hit.text();
    const nonce = nonceOf(hit);
    expect(nonce).not.toBe("");
    expect(nonce).not.toBe(nonceOf(first));
    // Every script the page carries names this response's nonce and nothing else.
    const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...nonces]).toEqual([nonce]);
    expect(html).not.toContain("nonce-slot-");
    expect(hit.headers.get("set-cookie")).toBeNull();
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("renders a signed-in visitor's own header and never stores or serves it to others", async () => {
    const owner = await signUp("Cache Owner");
    await untilHit("/features");
    const signedIn = await call("/features", { headers: { cookie: owner.cookie } });
    expect(signedIn.headers.get("x-edge-cache")).toBeNull();
    const own = await signedIn.text();
    expect(own).toContain("Sign out");
    expect(own).toContain("Dashboard");
    const anonymous = await call("/features");
    expect(anonymous.headers.get("x-edge-cache")).toBe("HIT");
    const html = await anonymous.text();
    expect(html).not.toContain("Sign out");
    expect(html).toContain("Get Started");
  });

  it("keys the theme, so one visitor's dark theme never reaches another", async () => {
    const dark = await untilHit("/about", { headers: { cookie: "theme=dark" } });
    expect(await dark.text()).toContain('data-theme="dark"');
    const plain = await untilHit("/about");
    expect(await plain.text()).toContain('data-theme="system"');
    const light = await untilHit("/about", { headers: { cookie: "theme=light; kw_subscribed=1" } });
    expect(await light.text()).toContain('data-theme="light"');
  });

  it("renders requests with a flash message or an unknown cookie afresh, and stores nothing from them", async () => {
    await untilHit("/guides");
    const flash = await call("/guides", { headers: { cookie: 'toast="flash"; theme=dark' } });
    expect(flash.headers.get("x-edge-cache")).toBeNull();
    const other = await call("/guides", { headers: { cookie: "something_new=1" } });
    expect(other.headers.get("x-edge-cache")).toBeNull();
    // The visitor id does not change the guides list, so it is served from the cache there...
    expect((await call("/guides", { headers: { cookie: "kw_visitor=abc" } })).headers.get("x-edge-cache")).toBe("HIT");
    // ...but the reviews list shows which reviews this visitor marked helpful, so it renders for them.
    expect((await call("/reviews", { headers: { cookie: "kw_visitor=abc" } })).headers.get("x-edge-cache")).toBeNull();
  });

  it("shows a new review and a new helpful count to the next anonymous visitor at once", async () => {
    await untilHit("/reviews");
    const posted = await call(
      "/reviews",
      form({
        intent: "review",
        name: "Cache Reviewer",
        email: "cache@example.org",
        rating: "4",
        review: "Shows up right away.",
      }),
    );
    expect(posted.status).toBe(200);
    const next = await call("/reviews");
    expect(next.headers.get("x-edge-cache")).toBe("MISS");
    expect(await next.text()).toContain("Cache Reviewer");

    await untilHit("/reviews");
    const id = await newestReviewId();
    const marked = await call("/reviews", form({ intent: "helpful", reviewId: String(id) }));
    expect(marked.status).toBe(200);
    // The marker's own cookie went to them alone; the next anonymous visitor gets a fresh rendering.
    expect(marked.headers.get("set-cookie")).toContain("kw_visitor=");
    const after = await call("/reviews");
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect(after.headers.get("set-cookie")).toBeNull();
  }, 30_000);

  it("never stores a page that sets a cookie or failed", async () => {
    const missing = await call("/guides/no-such-guide");
    expect(missing.status).toBe(404);
    const again = await call("/guides/no-such-guide");
    expect(again.headers.get("x-edge-cache")).toBeNull();
  });
});
