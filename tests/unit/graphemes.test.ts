import { describe, expect, it } from "vitest";
import { normalisePerson } from "~/lib/people/normalise";
import { clipText, excerpt, initials } from "~/lib/text/graphemes";

const lone = /[\uD800-\uDFFF]/;
const loneSurrogate = (s: string) => [...s].some((c) => lone.test(c) && c.length === 1);

describe("text cut by grapheme", () => {
  it("makes initials from letters, never half an emoji", () => {
    expect(initials("Sam 🎨")).toBe("S");
    expect(initials("🎨 Sam Lee")).toBe("SL");
    expect(initials("Ana María López")).toBe("AL");
    expect(initials("李小龙")).toBe("李");
    expect(initials("élodie durand")).toBe("ÉD");
    expect(initials("👩‍💻")).toBe("?");
    expect(loneSurrogate(initials("Sam 🎨"))).toBe(false);
  });

  it("clips to a length without splitting an emoji or a family", () => {
    expect(clipText("ab🎨", 3)).toBe("ab");
    expect(clipText("a👨‍👩‍👧", 5)).toBe("a");
    expect(clipText("plain", 10)).toBe("plain");
    expect(excerpt("Fundraising gala🎉🎉 night", 18)).toBe("Fundraising gala🎉…");
    expect(loneSurrogate(excerpt(`${"x".repeat(16)}🎨🎨🎨`, 18))).toBe(false);
  });

  it("stores a title cut at its limit without half an emoji", () => {
    const { values } = normalisePerson({ displayName: "Sam", title: `${"t".repeat(119)}🎨` }, "US");
    expect(values.title).toBe("t".repeat(119));
  });
});
