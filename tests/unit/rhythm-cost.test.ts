import { afterEach, describe, expect, it } from "vitest";
import { nextDue } from "~/lib/follow/rhythm";
import { dayInZone } from "~/lib/time/time";

/** Issue 24 item 2: the dashboard reads thousands of people's days; a formatter per row was 63% of it. */

const Real = Intl.DateTimeFormat;
let built = 0;

/** Counts formatters built while `run` goes, the real formatter doing the work. */
function counting(run: () => void) {
  built = 0;
  Intl.DateTimeFormat = new Proxy(Real, {
    construct(target, args) {
      built++;
      return Reflect.construct(target, args);
    },
  });
  run();
  return built;
}

afterEach(() => {
  Intl.DateTimeFormat = Real;
});

describe("calendar days at dashboard scale", () => {
  it("build no formatter per person", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const made = counting(() => {
      for (let i = 0; i < 5000; i++) {
        const lastAt = new Date(now.getTime() - i * 3_600_000);
        nextDue({ lastAt, rhythm: { every: "monthly" }, snoozedUntil: null }, now, "America/Chicago");
        dayInZone(lastAt, "Europe/Berlin");
      }
    });
    // One per zone for the isolate's life (two zones here), whatever the number of people.
    expect(made).toBeLessThanOrEqual(2);
  });

  it("still read an unknown zone as UTC, and an empty one too", () => {
    const at = new Date("2026-11-23T23:30:00Z");
    expect(dayInZone(at, "Not/AZone")).toBe("2026-11-23");
    expect(dayInZone(at, "")).toBe("2026-11-23");
    expect(dayInZone(at, "Pacific/Auckland")).toBe("2026-11-24");
  });
});
