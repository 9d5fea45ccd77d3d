import { describe, expect, it } from "vitest";
import { themeCookie, themeFromCookie } from "~/lib/platform/theme";

describe("theme cookie", () => {
  it("reads a valid choice and falls back to the system preference", () => {
    expect(themeFromCookie("a=1; theme=dark")).toBe("dark");
    expect(themeFromCookie("theme=light")).toBe("light");
    expect(themeFromCookie("theme=purple")).toBe("system");
    expect(themeFromCookie(null)).toBe("system");
  });

  it("clears the cookie for the system preference", () => {
    expect(themeCookie("system")).toContain("Max-Age=0");
    expect(themeCookie("dark")).toContain("theme=dark");
  });
});
