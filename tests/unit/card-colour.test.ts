import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contrastRatio, textOn } from "~/lib/card/card";

describe("card text colour", () => {
  it("picks the text colour with more contrast, the same in the editor's preview and on the visitor page", () => {
    expect(textOn("#ffffff")).toBe("#0f172a");
    expect(textOn("#000000")).toBe("#ffffff");
    expect(textOn("#4f46e5")).toBe("#ffffff");
    expect(textOn("#facc15")).toBe("#0f172a");
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const colour = `#${n.toString(16).padStart(6, "0")}`;
        const chosen = contrastRatio(colour, textOn(colour));
        // 4.2:1 is the most any colour allows with these two; large text needs 3:1.
        expect(chosen).toBeGreaterThanOrEqual(4.2);
        expect(chosen).toBeGreaterThanOrEqual(
          contrastRatio(colour, textOn(colour) === "#ffffff" ? "#0f172a" : "#ffffff"),
        );
      }),
    );
  });
});
