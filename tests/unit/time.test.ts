import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatInZone, isTimeZone, zonedToUtc } from "~/lib/time/time";

describe("owner time zones", () => {
  it("turns a wall-clock time into the right instant, across daylight saving", () => {
    expect(zonedToUtc("2026-11-23T09:30", "America/New_York")?.toISOString()).toBe("2026-11-23T14:30:00.000Z");
    expect(zonedToUtc("2026-07-01T09:30", "America/New_York")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(zonedToUtc("2026-11-23T09:30", "Asia/Kolkata")?.toISOString()).toBe("2026-11-23T04:00:00.000Z");
    expect(zonedToUtc("2026-11-23T09:30", "UTC")?.toISOString()).toBe("2026-11-23T09:30:00.000Z");
  });

  it("refuses what is not a date or a zone", () => {
    expect(zonedToUtc("2026-02-30T10:00", "UTC")).toBeNull();
    expect(zonedToUtc("tomorrow", "UTC")).toBeNull();
    expect(zonedToUtc("2026-11-23T09:30", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("<script>")).toBe(false);
  });

  it("shows instants in the owner's zone", () => {
    expect(formatInZone(new Date("2026-11-23T14:30:00Z"), "America/New_York")).toBe("Mon, Nov 23, 9:30 AM");
  });

  it("builds one formatter per zone, options and locale, and reuses it", () => {
    const a = dateTimeFormat("Europe/Berlin", { dateStyle: "medium" });
    expect(dateTimeFormat("Europe/Berlin", { dateStyle: "medium" })).toBe(a);
    expect(dateTimeFormat("Europe/Berlin", { dateStyle: "long" })).not.toBe(a);
    expect(dateTimeFormat("Europe/Berlin", { dateStyle: "medium" }, "en-GB")).not.toBe(a);
    expect(dateTimeFormat("Asia/Tokyo", { dateStyle: "medium" })).not.toBe(a);
    expect(a.resolvedOptions().timeZone).toBe("Europe/Berlin");
    expect(() => dateTimeFormat("Mars/Olympus")).toThrow(RangeError);
  });

  it("formats with other options in the same zone, and an unknown zone as UTC", () => {
    const at = new Date("2026-11-23T23:30:00Z");
    expect(formatInZone(at, "Europe/Berlin", { dateStyle: "medium" })).toBe("Nov 24, 2026");
    expect(formatInZone(at.toISOString(), "Mars/Olympus", { dateStyle: "medium" })).toBe("Nov 23, 2026");
  });
});
