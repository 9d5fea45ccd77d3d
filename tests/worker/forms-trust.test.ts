import { describe, expect, it } from "vitest";
import { slugSchema } from "~/lib/card/card";
import { call, form, importFile, signUp } from "./helpers";

/** The card link /welcome offers, as its loader hands it to the form. */
async function welcomeSuggestion(name: string) {
  const owner = await signUp(name);
  const made = await call("/welcome.data", {
    ...form({ intent: "card", name, email: "owner@example.org" }),
    headers: { cookie: owner.cookie },
  });
  expect(made.status).toBeLessThan(400);
  const res = await call("/welcome.data", { headers: { cookie: owner.cookie } });
  expect(res.status).toBe(200);
  const body = await res.text();
  const match = body.match(/"suggestedSlug","([^"]*)"/);
  return { slug: match?.[1] ?? null, body };
}

describe("/welcome suggests only card links its own form accepts", () => {
  it.each(["Jo", "Admin", "李小龙"])("%s", async (name) => {
    const { slug, body } = await welcomeSuggestion(name);
    expect(slug, body.slice(0, 400)).not.toBeNull();
    expect(slugSchema.safeParse(slug).success, String(slug)).toBe(true);
  });
});

describe("a phone that cannot be kept is named, never dropped without a word", () => {
  it("adding by hand answers beside the phone field, keeping what was typed", async () => {
    const owner = await signUp();
    const res = await call("/connections/new", {
      method: "POST",
      body: new URLSearchParams({ name: "Formula Person", email: "formula@example.org", phone: "=1+2" }),
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid phone number");
    expect(html).toContain("formula@example.org");
  });

  it("an import lists the bad phone as a problem in the preview", async () => {
    const owner = await signUp();
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Call Me Later",
      "N:Later;Call;;;",
      "EMAIL:later@example.org",
      "TEL;TYPE=CELL:call me",
      "END:VCARD",
      "",
    ].join("\r\n");
    const { previewText } = await importFile(owner.cookie, vcf, "later.vcf");
    expect(previewText).toContain("is not a phone number; left out");
    expect(previewText).toContain("call me");
  });
});
