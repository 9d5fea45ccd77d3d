import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCardText } from "~/lib/capture/card-text";
import { classifyScan, parseMecard } from "~/lib/capture/scan";
import { SYSTEM_TAGS } from "~/lib/follow/draft-privacy";
import { type LeadInput, rankLeads, scoreLead } from "~/lib/people/lead-score";

const ORIGIN = "https://knowwho.example";

describe("scanned codes", () => {
  it("recognises our own card links, vCards, MECARDs and LinkedIn profiles", () => {
    expect(classifyScan(`${ORIGIN}/c/amara-reyes?src=qr`, ORIGIN)).toEqual({ kind: "card", slug: "amara-reyes" });
    expect(classifyScan("BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nEMAIL:ana@x.org\nEND:VCARD", ORIGIN)).toMatchObject({
      kind: "contact",
      format: "vcard",
      draft: { name: "Ana Lima", email: "ana@x.org" },
    });
    expect(classifyScan("MECARD:N:Chen,Bo;TEL:+14155552671;EMAIL:bo@beta.io;ORG:Beta\\; Inc;;", ORIGIN)).toEqual({
      kind: "contact",
      format: "mecard",
      draft: { name: "Bo Chen", phone: "+14155552671", email: "bo@beta.io", company: "Beta; Inc" },
    });
    expect(classifyScan("https://www.linkedin.com/in/Jane-Doe/", ORIGIN)).toEqual({
      kind: "linkedin",
      url: "https://www.linkedin.com/in/jane-doe",
    });
  });

  it("reads the card inside an encoded card link, keeping only safe links", () => {
    const payload = Buffer.from(
      JSON.stringify({
        name: "Zoe Park",
        title: "Director",
        email: "zoe@harbor.org",
        website: "javascript:alert(1)",
        linkedIn: "linkedin.com/in/zoe-park",
      }),
    ).toString("base64url");
    // Links issued today (/c/v/) and every link handed out before the move (/card/v/) read the same.
    for (const prefix of ["/c/v/", "/card/v/"]) {
      expect(classifyScan(`${ORIGIN}${prefix}${payload}.c2lnbmF0dXJl`, ORIGIN), prefix).toEqual({
        kind: "contact",
        format: "card-link",
        draft: {
          name: "Zoe Park",
          title: "Director",
          email: "zoe@harbor.org",
          linkedin: "https://www.linkedin.com/in/zoe-park",
        },
      });
      const nameless = Buffer.from(JSON.stringify({ email: "a@b.org" })).toString("base64url");
      for (const bad of ["@@@", "bm90LWpzb24", nameless])
        expect(classifyScan(`${ORIGIN}${prefix}${bad}`, ORIGIN), bad).toMatchObject({ kind: "invalid" });
    }
    // "v" is never a published card's slug, so /c/v/… is never taken for one.
    expect(classifyScan(`${ORIGIN}/c/v`, ORIGIN)).toMatchObject({ kind: "invalid" });
  });

  it("gives a clear reason for anything else, and never throws", () => {
    expect(classifyScan("", ORIGIN).kind).toBe("invalid");
    expect(classifyScan("https://evil.example/c/demo", ORIGIN)).toMatchObject({ kind: "invalid" });
    expect(classifyScan(`${ORIGIN}/c/../admin`, ORIGIN)).toMatchObject({ kind: "invalid" });
    expect(classifyScan("x".repeat(5000), ORIGIN)).toMatchObject({ kind: "invalid" });
    expect(parseMecard("MECARD:;;")).toBeNull();
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => typeof classifyScan(s, ORIGIN).kind === "string"));
  });
});

describe("business card text", () => {
  it("reads name, title, company, email, phone and website from recognised text", () => {
    const text = `Open Futures Foundation
Amara Reyes
Director of Partnerships
T: +1 (415) 555-2671
amara@openfutures.org
www.openfutures.org`;
    expect(parseCardText(text)).toEqual({
      name: "Amara Reyes",
      title: "Director of Partnerships",
      company: "Open Futures Foundation",
      phone: "+1 (415) 555-2671",
      email: "amara@openfutures.org",
      website: "https://www.openfutures.org",
    });
  });

  it("returns what it can from noise without throwing", () => {
    expect(parseCardText("~~ ## \n 12")).toEqual({});
    fc.assert(fc.property(fc.string({ maxLength: 500 }), (s) => typeof parseCardText(s) === "object"));
  });
});

describe("lead score", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const lead = (over: Partial<LeadInput> = {}): LeadInput => ({
    priority: "medium",
    strength: null,
    tags: [],
    notes: null,
    title: null,
    company: null,
    lastContactAt: null,
    createdAt: new Date("2026-11-22T09:00:00Z"),
    followUpsDone: 0,
    sharedBack: false,
    ...over,
  });

  it("explains every point it gives", () => {
    const s = scoreLead(
      lead({ priority: "high", strength: 80, notes: "Interested in major gifts", sharedBack: true }),
      ["Find major gifts donors"],
      now,
    );
    expect(s.reasons.map((r) => r.reason)).toEqual([
      "High priority",
      "Relationship strength 80/100",
      "Matches goal: Find major gifts donors",
      "Met today",
      "Shared their details with you",
    ]);
    expect(s.score).toBe(s.reasons.reduce((a, r) => a + r.points, 0));
  });

  it("gives a goal match only for a real match, never for the tags a capture gets", () => {
    const goals = ["Share your card with everyone you talk to", "Meet three major donors"];
    const photo = scoreLead(lead({ tags: ["Card photo"], notes: "Saved from virtual card on May 1" }), goals, now);
    expect(photo.reasons.map((r) => r.reason)).not.toContainEqual(expect.stringMatching(/^Matches goal/));
    const donor = scoreLead(lead({ tags: ["Card photo", "Donor"] }), goals, now);
    expect(donor.reasons.map((r) => r.reason)).toContain("Matches goal: Meet three major donors");
  });

  it("ignores every tag the app writes except Donor, from the one list of them", () => {
    for (const tag of SYSTEM_TAGS) {
      const scored = scoreLead(lead({ tags: [tag] }), [`Meet people tagged ${tag}`], now);
      const matched = scored.reasons.some((r) => r.reason.startsWith("Matches goal"));
      expect(matched, tag).toBe(tag === "Donor");
    }
  });

  it("ranks stronger leads first and stays within 0-100", () => {
    const ranked = rankLeads(
      [
        { id: "low", lead: lead({ priority: "low", createdAt: new Date("2026-10-01T00:00:00Z") }) },
        { id: "high", lead: lead({ priority: "high", strength: 90 }) },
      ],
      [],
      now,
    );
    expect(ranked.map((r) => r.id)).toEqual(["high", "low"]);
    const max = scoreLead(
      lead({
        priority: "high",
        strength: 100,
        tags: ["a", "b"],
        sharedBack: true,
        followUpsDone: 9,
        notes: "alpha beta gamma",
      }),
      ["alpha one", "beta two", "gamma three"],
      now,
    );
    expect(max.score).toBe(100);
    // The listed points still add up to the score shown.
    expect(max.reasons.at(-1)?.reason).toBe("Scores stop at 100");
    expect(max.reasons.reduce((a, r) => a + r.points, 0)).toBe(100);
  });
});
