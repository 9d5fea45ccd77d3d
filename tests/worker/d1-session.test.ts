import { describe, expect, it } from "vitest";
import { call, cookieOf, form, signUp } from "./helpers";

const bookmarkOf = (res: Response) => cookieOf(res, "kw_d1")?.slice("kw_d1=".length);

describe("D1 sessions", () => {
  it("hands a signed-in owner the bookmark of their writes, and anonymous readers nothing", async () => {
    const owner = await signUp("Bookmark Owner");
    const created = await call("/card", { method: "POST", headers: { cookie: owner.cookie } });
    expect(created.status).toBe(302);
    const bookmark = bookmarkOf(created);
    expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    // With the bookmark, the owner's next page reads at least what they wrote.
    const list = await call("/card", { headers: { cookie: `${owner.cookie}; kw_d1=${bookmark}` } });
    expect(list.status).toBe(200);
    expect((await call("/pricing")).headers.getSetCookie().some((c) => c.startsWith("kw_d1="))).toBe(false);
    expect((await call("/c/demo")).headers.getSetCookie().some((c) => c.startsWith("kw_d1="))).toBe(false);
  });

  it("ignores a bookmark it cannot use rather than failing the request", async () => {
    for (const bad of ["abc", "00000000-00000000-00000000-0000", "x".repeat(300), "%00"]) {
      const res = await call("/reviews", { headers: { cookie: `kw_d1=${bad}` } });
      expect(res.status).toBe(200);
      const posted = await call("/reviews", {
        ...form({ intent: "helpful", reviewId: "1" }),
        headers: { cookie: `kw_d1=${bad}`, "cf-connecting-ip": "192.0.2.201" },
      });
      expect(posted.status).toBeLessThan(500);
    }
  });
});
