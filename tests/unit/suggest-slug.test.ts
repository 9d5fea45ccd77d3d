import { describe, expect, it } from "vitest";
import { slugSchema, suggestSlug } from "~/lib/card/card";
import { slugOf } from "~/lib/text/slug";

describe("one suggested card link, always one the form accepts", () => {
  it.each([
    ["Ana María López", "ana-maria-lopez"],
    ["Jo Rivera", "jo-rivera"],
    ["  Tomás  O'Brien-Reyes ", "tomas-o-brien-reyes"],
    ["Jo", "jo-card"],
    ["Admin", "admin-card"],
    ["李小龙", "my-card"],
    ["", "my-card"],
    ["🎨", "my-card"],
    ["A".repeat(100), "a".repeat(40)],
  ])("%s → %s", (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
    expect(slugSchema.safeParse(suggestSlug(name)).success).toBe(true);
  });

  it("never suggests a reserved or over-long link", () => {
    for (const name of ["App", "demo admin", "Settings", `${"x".repeat(38)} yz`, "a b", "x-".repeat(30)]) {
      expect(slugSchema.safeParse(suggestSlug(name)).success, name).toBe(true);
    }
  });

  it("cuts every link at its length with no hyphen left at the cut", () => {
    expect(slugOf(`${"x".repeat(47)} yz`, 48)).toBe("x".repeat(47));
    expect(slugOf("Gala 2026: Ça va!", 48)).toBe("gala-2026-ca-va");
    expect(slugOf("¿¡!?", 48)).toBe("");
  });
});
