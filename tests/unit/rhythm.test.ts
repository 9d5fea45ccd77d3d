import { describe, expect, it } from "vitest";
import {
  addMonths,
  addRhythm,
  dueInstant,
  nextDue,
  personRhythmSchema,
  postEventDue,
  rhythmFormSchema,
  tagRhythmSchema,
} from "~/lib/follow/rhythm";
import { dayInZone } from "~/lib/time/time";

describe("keep-in-touch arithmetic", () => {
  it("counts each rhythm in calendar days and months, clamping to the month's end", () => {
    expect(addRhythm("2026-11-23", { every: "weekly" })).toBe("2026-11-30");
    expect(addRhythm("2026-11-23", { every: "biweekly" })).toBe("2026-12-07");
    expect(addRhythm("2026-01-31", { every: "monthly" })).toBe("2026-02-28");
    expect(addRhythm("2028-01-31", { every: "monthly" })).toBe("2028-02-29");
    expect(addRhythm("2026-11-30", { every: "quarterly" })).toBe("2027-02-28");
    expect(addRhythm("2028-02-29", { every: "yearly" })).toBe("2029-02-28");
    expect(addRhythm("2026-12-25", { every: "days", days: 10 })).toBe("2027-01-04");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("decides the day in the owner's zone: the same instant is a different day in Auckland and Los Angeles", () => {
    const at = new Date("2026-11-23T20:30:00Z");
    expect(dayInZone(at, "UTC")).toBe("2026-11-23");
    expect(dayInZone(at, "Pacific/Auckland")).toBe("2026-11-24");
    expect(dayInZone(at, "America/Los_Angeles")).toBe("2026-11-23");
    const lastAt = new Date("2026-11-16T20:30:00Z");
    const rhythm = { every: "weekly" as const };
    // The interaction was on Nov 17 in Auckland and Nov 16 in Los Angeles: each is due on its own today.
    expect(nextDue({ lastAt, rhythm }, at, "Pacific/Auckland")).toEqual({
      dueDay: "2026-11-24",
      state: "due",
      daysOverdue: 0,
    });
    expect(nextDue({ lastAt, rhythm }, at, "America/Los_Angeles")).toEqual({
      dueDay: "2026-11-23",
      state: "due",
      daysOverdue: 0,
    });
    // An hour before midnight in Los Angeles is already the next day in UTC.
    const lateLa = new Date("2026-11-24T07:30:00Z");
    expect(nextDue({ lastAt, rhythm }, lateLa, "America/Los_Angeles").state).toBe("due");
    expect(nextDue({ lastAt, rhythm }, lateLa, "UTC")).toEqual({
      dueDay: "2026-11-23",
      state: "overdue",
      daysOverdue: 1,
    });
  });

  it("does not move a due day across a daylight-saving change", () => {
    // New York falls back on 2026-11-01: a weekly rhythm from Oct 29 (evening) is due Nov 5, not Nov 4.
    const lastAt = new Date("2026-10-29T23:30:00-04:00");
    const due = nextDue({ lastAt, rhythm: { every: "weekly" } }, new Date("2026-11-05T04:59:00Z"), "America/New_York");
    expect(due).toEqual({ dueDay: "2026-11-05", state: "upcoming", daysOverdue: 0 });
    expect(
      nextDue({ lastAt, rhythm: { every: "weekly" } }, new Date("2026-11-05T05:00:00Z"), "America/New_York").state,
    ).toBe("due");
    // Spring forward in Europe (2027-03-28): 09:00 local is 08:00 UTC before and 07:00 UTC after.
    expect(dueInstant("2027-03-27", "Europe/Berlin").toISOString()).toBe("2027-03-27T08:00:00.000Z");
    expect(dueInstant("2027-03-29", "Europe/Berlin").toISOString()).toBe("2027-03-29T07:00:00.000Z");
  });

  it("moves the due day when snoozed, and counts days overdue", () => {
    const lastAt = new Date("2026-09-01T12:00:00Z");
    const now = new Date("2026-11-23T12:00:00Z");
    expect(nextDue({ lastAt, rhythm: { every: "monthly" } }, now, "UTC")).toEqual({
      dueDay: "2026-10-01",
      state: "overdue",
      daysOverdue: 53,
    });
    expect(nextDue({ lastAt, rhythm: { every: "monthly" }, snoozedUntil: "2026-11-30" }, now, "UTC").state).toBe(
      "upcoming",
    );
  });

  it("expresses the 48-hour post-event window as a deadline", () => {
    const met = new Date("2026-11-23T10:00:00Z");
    expect(postEventDue(met, new Date("2026-11-24T10:00:00Z"))).toMatchObject({ state: "due", hoursLeft: 24 });
    expect(postEventDue(met, new Date("2026-11-25T10:00:01Z"))).toMatchObject({ state: "overdue", hoursLeft: 0 });
  });

  it("validates the rhythm form in the form's words", () => {
    expect(rhythmFormSchema.safeParse({ every: "days", days: "" }).error?.issues[0]?.message).toBe(
      "Enter a number of days",
    );
    expect(rhythmFormSchema.safeParse({ every: "days", days: "0" }).error?.issues[0]?.message).toBe("At least 1 day");
    expect(rhythmFormSchema.safeParse({ every: "fortnightly" }).success).toBe(false);
    expect(rhythmFormSchema.parse({ every: "days", days: "45" })).toEqual({ every: "days", days: 45 });
  });
});

describe("the rhythm form reads only the field its choice uses", () => {
  it("saves Every month with a stale Days of 0 left in the hidden field", () => {
    expect(rhythmFormSchema.parse({ every: "monthly", days: "0" })).toEqual({ every: "monthly" });
    expect(personRhythmSchema.parse({ every: "none", days: "-3" })).toEqual({ every: "none" });
    expect(tagRhythmSchema.parse({ tag: "Funder", every: "quarterly", days: "abc" })).toEqual({
      tag: "Funder",
      every: "quarterly",
    });
    expect(personRhythmSchema.safeParse({ every: "days", days: "0" }).error?.issues[0]).toMatchObject({
      message: "At least 1 day",
      path: ["days"],
    });
  });
});
