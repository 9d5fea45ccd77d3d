import { describe, expect, it } from "vitest";
import { cardFormSchema, missingForPublish, suggestSlug } from "~/lib/card/card";
import { signatureHtml, signatureText } from "~/lib/card/email-signature";
import { isWebLink, withHttps } from "~/lib/forms/web-link";
import { connectionFormSchema } from "~/lib/people/connection-form";
import { checkShare } from "~/server/cards/share-back.server";

describe("website field rule", () => {
  it("adds https:// to a bare domain and refuses what is not a web address", () => {
    expect(withHttps("riverbendliteracy.org")).toBe("https://riverbendliteracy.org");
    expect(withHttps("www.harbor.org/team")).toBe("https://www.harbor.org/team");
    expect(withHttps("http://old.example")).toBe("https://old.example");
    expect(withHttps("https://ok.example")).toBe("https://ok.example");
    expect(withHttps("localhost:8080")).toBe("https://localhost:8080");
    expect(isWebLink(withHttps("javascript:alert(1)"))).toBe(false);
    expect(isWebLink(withHttps("data:text/html,x"))).toBe(false);
    expect(isWebLink(withHttps("not a site"))).toBe(false);
    expect(isWebLink(withHttps("localhost:8080"))).toBe(false);
    const parsed = cardFormSchema.safeParse({
      name: "Ann",
      website: "riverbendliteracy.org",
      linkedin: "linkedin.com/in/ann",
      additionalContacts: [{ type: "website", value: "harbor.org" }],
    });
    expect(parsed.success && parsed.data.website).toBe("https://riverbendliteracy.org");
    expect(parsed.success && parsed.data.linkedin).toBe("https://linkedin.com/in/ann");
    expect(parsed.success && parsed.data.additionalContacts[0]?.value).toBe("https://harbor.org");
    const bad = cardFormSchema.safeParse({ name: "Ann", website: "javascript:alert(1)" });
    expect(bad.success).toBe(false);
    // The same rule on a connection's website.
    const person = connectionFormSchema.safeParse({ name: "Dana", website: "riverbendliteracy.org" });
    expect(person.success && person.data.website).toBe("https://riverbendliteracy.org");
    expect(connectionFormSchema.safeParse({ name: "Dana", website: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("suggested slug", () => {
  it("is made from the name, without accents, never reserved and never too short", () => {
    expect(suggestSlug("Ana María López")).toBe("ana-maria-lopez");
    expect(suggestSlug("  Bo  ")).toBe("bo-card");
    expect(suggestSlug("李")).toBe("my-card");
    expect(suggestSlug("Admin")).toBe("admin-card");
    expect(suggestSlug("x".repeat(80))).toHaveLength(40);
  });
});

describe("publishing needs a way to reach the owner", () => {
  it("blocks a card with nothing but a name and lists what would make it stronger", () => {
    expect(missingForPublish({}, false)).toEqual({
      blocking: true,
      items: [
        "a way to reach you (email, phone, website or a social account)",
        "your title or organisation",
        "a headline in your own words",
        "a photo",
      ],
    });
    expect(missingForPublish({ socialAccounts: [{ url: "https://x.com/a" }], title: "CEO" }, true).blocking).toBe(
      false,
    );
  });
});

describe("email signature", () => {
  const input = {
    name: `Ann "<script>" O'Lee`,
    title: "Director & Chair",
    company: "<b>Harbor</b>",
    phone: "+1 (503) 555-0177",
    colour: "#0f766e",
    cardUrl: "https://knowwho.example/c/ann?src=link",
    photoUrl: "https://knowwho.example/avatars/1-abc",
    qrUrl: "https://knowwho.example/c/ann/qr.png",
  };
  it("is a table with inline styles, every field escaped, and images only from web addresses", () => {
    const html = signatureHtml(input);
    expect(html.startsWith("<table")).toBe(true);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("Ann &quot;&lt;script&gt;&quot; O&#39;Lee");
    expect(html).toContain("Director &amp; Chair, &lt;b&gt;Harbor&lt;/b&gt;");
    expect(html).toContain('href="tel:+15035550177"');
    expect(html).toContain('src="https://knowwho.example/c/ann/qr.png"');
    expect(html).not.toMatch(/class=|<style/);
    const hostile = signatureHtml({ ...input, photoUrl: "javascript:alert(1)", cardUrl: "javascript:alert(1)" });
    expect(hostile).not.toContain("javascript:");
    expect(signatureText(input)).toBe(
      `${input.name}\nDirector & Chair, <b>Harbor</b>\n+1 (503) 555-0177\n${input.cardUrl}`,
    );
  });
  it("keeps a light card colour off the link text, where it would be unreadable", () => {
    expect(signatureHtml({ ...input, colour: "#fde047" })).toContain("color:#0f172a;font-weight:bold");
  });
});

describe("share-back form", () => {
  it("reads company, title and note only when the card asks for them", () => {
    const raw = { name: "Bo", email: "Bo@Beta.io", company: " Beta ", title: "CTO", note: "Grants for libraries" };
    const all = checkShare(raw);
    expect(all.ok && all.value).toMatchObject({
      email: "bo@beta.io",
      organization: "Beta",
      title: "CTO",
      note: "Grants for libraries",
    });
    const some = checkShare(raw, ["note"]);
    expect(some.ok && some.value).toMatchObject({ organization: null, title: null, note: "Grants for libraries" });
    const tooLong = checkShare({ ...raw, note: "x".repeat(501) });
    expect(tooLong.ok).toBe(false);
  });
});
