import { describe, expect, it } from "vitest";
import { isTrackingParam, queryWithoutTracking } from "~/lib/platform/tracking-params";

describe("tracking parameters", () => {
  it("are dropped from a query, whatever their case, and the rest keeps its order", () => {
    const url = new URL("https://knowwho.app/fundraising?UTM_Source=x&status=active&fbclid=y&category=health&gclid=z");
    expect(queryWithoutTracking(url)).toBe("?status=active&category=health");
  });

  it("leave nothing when a query holds only trackers", () => {
    expect(queryWithoutTracking(new URL("https://knowwho.app/?utm_campaign=a&mc_eid=b&_hsenc=c"))).toBe("");
  });

  it("do not include our own parameters", () => {
    for (const name of ["src", "card", "event", "category", "status", "q", "token"]) {
      expect(isTrackingParam(name), name).toBe(false);
    }
  });
});
