import { describe, expect, it } from "vitest";
import { formatInZone, isTimeZone, zonedToUtc } from "~/lib/time";

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
});
