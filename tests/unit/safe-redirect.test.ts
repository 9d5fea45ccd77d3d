import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/platform/safe-redirect";

const ORIGIN = "https://app.test";
const FALLBACK = "/dashboard";

/** Where a browser goes with this Location, read with the same WHATWG URL parser browsers use. */
const followed = (location: string) => new URL(location, `${ORIGIN}/auth`);

describe("safeRedirect", () => {
  it.each([
    // [input, expected]
    ["/connections?tag=VIP#top", "/connections?tag=VIP#top"],
    ["/events/3", "/events/3"],
    ["/a b", "/a%20b"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/./x/../y", "/y"],
    // Everything below leaves the site in some browser, or is not a path at all.
    ["//evil.example", FALLBACK],
    ["/\\evil.example", FALLBACK],
    ["\\\\evil.example", FALLBACK],
    ["/\t/evil.example/phish", FALLBACK],
    ["/\n/evil.example", FALLBACK],
    ["/\r/evil.example", FALLBACK],
    ["/\r\nSet-Cookie: a=1", FALLBACK],
    ["/\u0000/evil.example", FALLBACK],
    ["/\u007f", FALLBACK],
    ["/.//evil.example", FALLBACK],
    ["/..//evil.example", FALLBACK],
    ["https://evil.example/", FALLBACK],
    ["javascript:alert(1)", FALLBACK],
    [" /x", FALLBACK],
    ["evil.example", FALLBACK],
    ["", FALLBACK],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("answers the fallback for an overlong path", () => {
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe(FALLBACK);
  });

  it("answers the fallback for anything that is not a string", () => {
    expect(safeRedirect(null)).toBe(FALLBACK);
    expect(safeRedirect(undefined)).toBe(FALLBACK);
    expect(safeRedirect(new File(["/x"], "x"))).toBe(FALLBACK);
    expect(safeRedirect(null, "/")).toBe("/");
  });

  it("whatever it is given, a browser following the answer stays on this origin and the header is valid", () => {
    const alphabet = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "\r",
      "\u0000",
      ".",
      "%",
      "2",
      "F",
      "5",
      "C",
      "e",
      ":",
      "@",
      "?",
      "#",
      " ",
    );
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (tail) => {
        const result = safeRedirect(`/${tail}`);
        expect(followed(result).origin).toBe(ORIGIN);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        // A header value never holds a control character.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for control characters
        expect(result).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(() => new Headers({ location: result })).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
