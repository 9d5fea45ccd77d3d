import { describe, expect, it } from "vitest";
import {
  eventFormSchema,
  eventStatus,
  mailtoHref,
  parseAttendeeCsv,
  planFormSchema,
  targetsFromLines,
} from "~/lib/events/rules";
import { dayInZone } from "~/lib/time/time";

describe("event status", () => {
  it("follows the dates: upcoming, active from the first to the last day, then past", () => {
    expect(eventStatus({ date: "2026-11-23" }, "2026-11-22")).toBe("upcoming");
    expect(eventStatus({ date: "2026-11-22" }, "2026-11-22")).toBe("active");
    expect(eventStatus({ date: "2026-11-21", endDate: "2026-11-23" }, "2026-11-22")).toBe("active");
    expect(eventStatus({ date: "2026-11-21", endDate: null }, "2026-11-22")).toBe("past");
  });

  it("takes today in the owner's time zone", () => {
    const instant = new Date("2026-11-22T03:00:00Z");
    expect(dayInZone(instant, "UTC")).toBe("2026-11-22");
    expect(dayInZone(instant, "America/Los_Angeles")).toBe("2026-11-21");
    expect(dayInZone(instant, "Not/AZone")).toBe("2026-11-22");
  });
});

describe("event form", () => {
  const valid = { title: "Gala", date: "2026-12-01", type: "in-person" };
  it("accepts https links only and checks the last day", () => {
    expect(eventFormSchema.safeParse({ ...valid, url: "https://zoom.us/j/1" }).success).toBe(true);
    for (const url of ["http://zoom.us", "javascript:alert(1)", "https://"]) {
      const r = eventFormSchema.safeParse({ ...valid, url });
      expect(r.error?.issues[0]?.message).toBe("Links must start with https://");
    }
    const early = eventFormSchema.safeParse({ ...valid, endDate: "2026-11-30" });
    expect(early.error?.issues[0]?.message).toBe("The last day cannot be before the first day");
    const virtual = eventFormSchema.safeParse({ ...valid, type: "virtual" });
    expect(virtual.error?.issues[0]?.message).toBe("Name the platform or give the link to join");
  });
});

describe("attendee CSV", () => {
  it("reports every rejected row and keeps the good ones", () => {
    const report = parseAttendeeCsv(
      "First name,Last name,Company,Email\nAda,Lovelace,Engines,ada@x.org\n,,Nobody,\nAda,Lovelace,Engines,ada@x.org\nBo,,Co,bad@",
    );
    expect(report.attendees).toEqual([{ name: "Ada Lovelace", company: "Engines", email: "ada@x.org" }]);
    expect(report.problems).toEqual([
      { row: 3, message: "Name is missing" },
      { row: 4, message: "Ada Lovelace is already in the list" },
      { row: 5, message: '"bad@" is not a valid email address' },
    ]);
  });

  it("refuses files without a name column, too many rows or too many bytes", () => {
    expect(parseAttendeeCsv("Company\nAcme").error).toBe("The first row must name the columns, with one called Name");
    expect(parseAttendeeCsv(`Name\n${"x\n".repeat(501)}`).error).toMatch(/at most 500/);
    expect(parseAttendeeCsv("x".repeat(200_001)).error).toMatch(/larger than 200 KB/);
    expect(parseAttendeeCsv("Name\n\n").error).toBe("No attendee could be read from the file");
  });
});

describe("plan editing", () => {
  it("reads one item a line and targets as Name: why", () => {
    const r = planFormSchema.parse({
      goals: "Meet funders\n\n  Find a venue  ",
      targets: "Ada Lovelace: builds engines",
      talkingPoints: "Ask about grants",
      checklist: "Charge phone",
    });
    expect(r.goals).toEqual(["Meet funders", "Find a venue"]);
    expect(targetsFromLines(r.targets, new Set(["ada lovelace"]))).toEqual([
      { name: "Ada Lovelace", reason: "builds engines", source: "attendees" },
    ]);
  });
});

describe("mailto", () => {
  it("encodes subject and body so line breaks and ampersands survive", () => {
    const href = mailtoHref("ada@x.org", "Hi & thanks", "Line one\nLine two?");
    expect(href).toBe("mailto:ada@x.org?subject=Hi%20%26%20thanks&body=Line%20one%0ALine%20two%3F");
    expect(mailtoHref("a@x.org?cc=evil@y.org", "s", "b")).toMatch(/^mailto:a@x\.org%3Fcc%3Devil@y\.org\?subject=/);
  });
});
