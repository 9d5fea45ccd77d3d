import { describe, expect, it } from "vitest";
import { call } from "./helpers";

/** Headings go down one level at a time (axe's heading-order, a best practice the journeys' WCAG tags leave out). */
const skips = (html: string) => {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
  return levels.flatMap((l, i) => (i > 0 && l > (levels[i - 1] ?? 0) + 1 ? [`h${levels[i - 1]} then h${l}`] : []));
};

describe("heading order", () => {
  it("the public campaigns list has no h3 straight after its h1", async () => {
    const res = await call("/fundraising", { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    // The list must show a campaign card (an h3) for the order to be tried at all.
    expect(html).toMatch(/<h3[^>]*>.*?href="\/fundraising\/[^"]+"/);
    expect(skips(html)).toEqual([]);
  });
});
