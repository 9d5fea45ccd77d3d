import { describe, expect, it } from "vitest";
import { classifyScan } from "~/lib/capture/scan";
import { parseBadge } from "~/lib/organiser-events/badge";
import { checkRegistration, REG_MESSAGES, regChoices } from "~/lib/organiser-events/registration-questions";
import { eventSlug, formatLocal, nextStatusChange, orgEventStatus, rankMatches } from "~/lib/organiser-events/rules";

const e = { startsAt: "2030-05-01T09:00", endsAt: "2030-05-01T17:00", timeZone: "America/Chicago" };

describe("organiser event status", () => {
  it("follows the event's own clock: 9:00 in Chicago is 14:00 UTC in May", () => {
    expect(orgEventStatus(e, new Date("2030-05-01T13:59:00Z"))).toBe("upcoming");
    expect(orgEventStatus(e, new Date("2030-05-01T14:00:00Z"))).toBe("active");
    expect(orgEventStatus(e, new Date("2030-05-01T22:00:00Z"))).toBe("past");
  });

  it("names the next change so a cached page never outlives its badge", () => {
    expect(nextStatusChange(e, new Date("2030-05-01T10:00:00Z"))?.toISOString()).toBe("2030-05-01T14:00:00.000Z");
    expect(nextStatusChange(e, new Date("2030-05-01T15:00:00Z"))?.toISOString()).toBe("2030-05-01T22:00:00.000Z");
    expect(nextStatusChange(e, new Date("2030-05-02T00:00:00Z"))).toBeNull();
  });
});

describe("slugs and badges", () => {
  it("makes a readable slug with a random tail", () => {
    expect(eventSlug("Open Data Summit 2030!", new Uint8Array([1, 2, 3]))).toBe("open-data-summit-2030-010203");
    expect(eventSlug("«»", new Uint8Array([0, 0, 0]))).toBe("event-000000");
  });

  it("reads our badge links only", () => {
    expect(parseBadge("https://knowwho.app/e/summit-aa11/a/AbCdEf12_-")).toEqual({
      slug: "summit-aa11",
      code: "AbCdEf12_-",
      proof: null,
    });
    const proof = "0123456789abcdef0123456789abcdef";
    expect(parseBadge(`https://knowwho.app/e/summit-aa11/a/AbCdEf12_-?k=${proof}`)).toEqual({
      slug: "summit-aa11",
      code: "AbCdEf12_-",
      proof,
    });
    expect(parseBadge("https://knowwho.app/e/summit-aa11/a/AbCdEf12_-?k=<x>")).toBeNull();
    expect(parseBadge("https://knowwho.app/c/demo")).toBeNull();
    expect(parseBadge("javascript:alert(1)")).toBeNull();
  });

  it("capture recognises a pass of this site as a badge to exchange with, not a stranger's", () => {
    expect(classifyScan("https://knowwho.app/e/summit-aa11/a/AbCdEf12_-", "https://knowwho.app")).toEqual({
      kind: "badge",
      path: "/e/summit-aa11/a/AbCdEf12_-",
    });
    expect(classifyScan("https://evil.example/e/summit-aa11/a/AbCdEf12_-", "https://knowwho.app").kind).toBe("invalid");
  });
});

describe("matchmaking", () => {
  it("ranks by goals found in interests, title and organisation, with the reason", () => {
    const ranked = rankMatches({ goals: "Find grants funders", interests: "" }, [
      { id: 1, name: "Zed", company: "Grants Inc", title: null, interests: "" },
      { id: 2, name: "Amy", company: null, title: null, interests: "funders, grants" },
      { id: 3, name: "Bob", company: "Shoes", title: "Sales", interests: "running" },
    ]);
    expect(ranked.map((m) => m.name)).toEqual(["Amy", "Zed"]);
    expect(ranked[0]?.reasons[0]).toContain("Their interests mention");
    expect(ranked[1]?.reasons[0]).toContain("Their organisation mentions grants");
  });
});

describe("a time on the event's clock", () => {
  it("reads as a date and time, and a stored value it cannot read is shown as stored rather than thrown", () => {
    expect(formatLocal("2030-05-01T09:00")).toBe("Wed, May 1, 2030, 9:00 AM");
    expect(formatLocal("soon")).toBe("soon");
    expect(formatLocal("")).toBe("");
  });
});

describe("registration questions", () => {
  const yesno = { id: 1, kind: "yesno" as const, label: "Vegetarian?", options: [], required: true };
  const choice = { id: 2, kind: "choice" as const, label: "Track", options: ["Data", "Design"], required: false };
  const words = { yes: "Ja", no: "Nein" };

  it("offers exactly the values it accepts, in the reader's words", () => {
    expect(regChoices(yesno, words)).toEqual([
      ["yes", "Ja"],
      ["no", "Nein"],
    ]);
    expect(regChoices(choice, words)).toEqual([
      ["Data", "Data"],
      ["Design", "Design"],
    ]);
    for (const q of [yesno, choice])
      for (const [value] of regChoices(q, words))
        expect(checkRegistration([q], { [`r${q.id}`]: value })).toEqual({
          answers: [{ questionId: q.id, value }],
          errors: {},
        });
  });

  it("refuses what it does not offer, with the question's own message", () => {
    expect(checkRegistration([yesno, choice], { r1: "Ja", r2: "Ops" }).errors).toEqual({
      r1: REG_MESSAGES.yesno,
      r2: REG_MESSAGES.option,
    });
  });
});
