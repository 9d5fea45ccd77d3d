import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { normalizePhone, toE164 } from "~/lib/forms/phone";
import { applyTagRule, normalizePriority, normalizeStrength, normalizeTags } from "~/lib/people/connection-rules";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/people/enrich";
import { foldName, normalisePerson } from "~/lib/people/normalise";

describe("connection rules", () => {
  it("falls back to medium for any invalid priority", () => {
    expect(normalizePriority("HIGH")).toBe("high");
    expect(normalizePriority("urgent")).toBe("medium");
    expect(normalizePriority(3)).toBe("medium");
    fc.assert(fc.property(fc.anything(), (v) => ["high", "medium", "low"].includes(normalizePriority(v))));
  });

  it("turns non-lists into no tags and applies the Shared / New Contact rule both ways", () => {
    expect(normalizeTags("Shared")).toEqual([]);
    expect(normalizeTags({ 0: "x" })).toEqual([]);
    expect(normalizeTags(["Shared"])).toEqual(["Shared", "New Contact"]);
    expect(normalizeTags(["new contact"])).toEqual(["new contact", "Shared"]);
    expect(normalizeTags([" vip ", "VIP", 3, ""])).toEqual(["vip"]);
    expect(applyTagRule(["Shared", "New Contact"])).toEqual(["Shared", "New Contact"]);
  });

  it("accepts relationship strength only as a whole number from 1 to 100", () => {
    expect(normalizeStrength("55")).toBe(55);
    expect(normalizeStrength(0)).toBeNull();
    expect(normalizeStrength(101)).toBeNull();
    expect(normalizeStrength("4.5")).toBeNull();
  });
});

describe("offline enrichment", () => {
  it("normalises phone numbers to E.164 with the owner's country, keeping what it cannot parse", () => {
    expect(toE164("(415) 555-2671", "US")).toBe("+14155552671");
    expect(toE164("020 7946 0958", "GB")).toBe("+442079460958");
    expect(toE164("+49 30 901820", "US")).toBe("+4930901820");
    expect(normalizePhone("ext. 42", "US")).toBe("ext. 42");
    expect(normalizePhone("   ", "US")).toBeNull();
  });

  it("suggests company and website from a work email only", () => {
    expect(suggestFromEmail("ana@open-futures.org")).toEqual({
      company: "Open Futures",
      website: "https://open-futures.org",
    });
    expect(suggestFromEmail("li@mail.acme.co.uk")).toEqual({ company: "Acme", website: "https://acme.co.uk" });
    expect(suggestFromEmail("someone@gmail.com")).toBeNull();
    expect(suggestFromEmail("not an email")).toBeNull();
  });

  it("normalises LinkedIn profile links and refuses other hosts", () => {
    expect(normalizeLinkedIn("linkedin.com/in/Jane-Doe/?trk=x")).toBe("https://www.linkedin.com/in/jane-doe");
    expect(normalizeLinkedIn("https://uk.linkedin.com/in/jdoe")).toBe("https://www.linkedin.com/in/jdoe");
    expect(normalizeLinkedIn("jane-doe")).toBe("https://www.linkedin.com/in/jane-doe");
    expect(normalizeLinkedIn("https://evil.example/in/jane")).toBeNull();
    expect(normalizeLinkedIn("javascript:alert(1)")).toBeNull();
  });

  it("cases names written all in one case", () => {
    expect(caseName("JANE O'NEIL-SMITH")).toBe("Jane O'Neil-Smith");
    expect(caseName("ludwig van beethoven")).toBe("Ludwig van Beethoven");
    expect(caseName("mcDonald")).toBe("mcDonald");
    expect(caseName("  josé   álvarez ")).toBe("José Álvarez");
  });
});

describe("the people core's normaliser", () => {
  it("keys emails, phones and LinkedIn so the same person is recognised however they were written", () => {
    const a = normalisePerson(
      {
        displayName: "ANA LIMA",
        emails: [
          { value: "Ana@Example.org", label: "work" },
          { value: "ana@example.org", label: "home" },
        ],
        phones: [{ value: "(415) 555-2671", label: "mobile" }],
        socials: [{ service: "linkedin", value: "linkedin.com/in/AnaLima" }],
        websites: [
          { value: "javascript:alert(1)", label: "work" },
          { value: "ana.example", label: "home" },
        ],
      },
      "US",
    );
    expect(a.values).toMatchObject({
      name: "ANA LIMA",
      givenName: "ANA",
      familyName: "LIMA",
      email: "ana@example.org",
      phone: "+14155552671",
      website: "https://ana.example",
      linkedin: "https://www.linkedin.com/in/analima",
      company: null,
    });
    expect(a.points.map((p) => [p.kind, p.key])).toEqual([
      ["email", "ana@example.org"],
      ["phone", "+14155552671"],
      ["website", null],
      ["social", "linkedin:https://www.linkedin.com/in/analima"],
    ]);
    const b = normalisePerson({ displayName: "x", phones: [{ value: "+1 415 555 2671", label: "work" }] }, "GB");
    expect(b.points[0]?.key).toBe(a.points[1]?.key);
  });

  it("folds case, accents and spacing for possible duplicates", () => {
    expect(foldName("José  GARCÍA")).toBe(foldName("jose garcia"));
    expect(foldName("Dana Whitfield")).not.toBe(foldName("Dana Whitfeld"));
  });
});

describe("names as written (issue 29)", () => {
  it("keeps the case a name was written in", () => {
    for (const written of ["logo", "should be ok to share", "JANE O'NEIL", "danah boyd", "bell hooks"]) {
      const { values } = normalisePerson({ displayName: written }, "US");
      expect(values.name).toBe(written);
      expect([values.givenName, values.familyName].filter(Boolean).join(" ")).toBe(written);
    }
    expect(normalisePerson({ displayName: "  ana   lima " }, "US").values.name).toBe("ana lima");
  });

  it("keeps a company card (X-ABShowAs:COMPANY) a company, with no invented given or family name", () => {
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:;;;;",
      "FN:Harbor Foundation",
      "ORG:Harbor Foundation;",
      "X-ABShowAs:COMPANY",
      "END:VCARD",
    ].join("\r\n");
    const draft = readVCardFile(new TextEncoder().encode(vcf)).people[0]?.draft;
    expect(draft).toBeTruthy();
    const { values } = normalisePerson(draft as NonNullable<typeof draft>, "US");
    expect(values).toMatchObject({
      name: "Harbor Foundation",
      company: "Harbor Foundation",
      givenName: null,
      familyName: null,
    });
  });
});
