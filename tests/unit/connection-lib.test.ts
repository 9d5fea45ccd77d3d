import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTagRule, normalizePriority, normalizeStrength, normalizeTags } from "~/lib/connection-rules";
import { findDuplicates, type Mergeable, mergeContacts } from "~/lib/dedupe";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/enrich";
import { normalizePhone, toE164 } from "~/lib/phone";

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

describe("duplicates", () => {
  const base: Mergeable = {
    name: "Ana",
    email: null,
    phone: null,
    title: null,
    company: null,
    website: null,
    linkedin: null,
    eventName: null,
    notes: null,
    tags: [],
    priority: "medium",
    strength: null,
  };

  it("matches on email case-insensitively and on phone after normalisation", () => {
    const existing = [
      { id: 1, email: "Ana@Example.org", phone: null },
      { id: 2, email: null, phone: "+1 415 555 2671" },
    ];
    const hits = findDuplicates(
      existing,
      [{ email: "ana@example.org" }, { phone: "(415) 555-2671" }, { email: "x@y.z" }],
      "US",
    );
    expect(hits.map((h) => h?.id ?? null)).toEqual([1, 2, null]);
  });

  it("merges keeping every note and tag, filling gaps, highest priority and strength", () => {
    const merged = mergeContacts({ ...base, notes: "Met at the gala", tags: ["donor"], email: "a@b.org" }, [
      {
        ...base,
        notes: "Wants a follow-up",
        tags: ["board", "Donor"],
        phone: "+14155552671",
        priority: "high",
        strength: 70,
      },
      { ...base, notes: "Met at the gala", tags: ["Shared"], strength: 40 },
    ]);
    expect(merged.notes).toBe("Met at the gala\n\nWants a follow-up");
    expect(merged.tags).toEqual(["donor", "board", "Shared", "New Contact"]);
    expect(merged.email).toBe("a@b.org");
    expect(merged.phone).toBe("+14155552671");
    expect(merged.priority).toBe("high");
    expect(merged.strength).toBe(70);
  });
});
