import { describe, expect, it } from "vitest";
import { fixedWindows } from "~/server/platform/rate-limit.server";

/** The Worker tests' rate-limit windows, moved by a clock the test holds instead of the wall clock. */
describe("fixed windows on an injected clock", () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, set: (ms: number) => (t = ms) };
  };

  it("takes the limit in a window and refuses the next until the window has run its length", () => {
    const c = clock();
    const windows = fixedWindows(60_000, c.now);
    expect(Array.from({ length: 6 }, () => windows.take("strict:a", 5))).toEqual([true, true, true, true, true, false]);
    c.set(59_999);
    expect(windows.take("strict:a", 5)).toBe(false);
    c.set(60_000);
    expect(windows.take("strict:a", 5)).toBe(true);
  });

  it("opens a key's window at its first attempt, so a burst across a wall-clock minute counts once", () => {
    const c = clock();
    const windows = fixedWindows(60_000, c.now);
    c.set(59_000);
    expect(windows.take("venue:b", 2)).toBe(true);
    c.set(61_000);
    expect(windows.take("venue:b", 2)).toBe(true);
    expect(windows.take("venue:b", 2)).toBe(false);
  });

  it("counts each key on its own", () => {
    const windows = fixedWindows(60_000, clock().now);
    expect(windows.take("strict:a", 1)).toBe(true);
    expect(windows.take("strict:a", 1)).toBe(false);
    expect(windows.take("strict:b", 1)).toBe(true);
  });

  it("drops closed windows once many keys have been seen, and keeps open ones", () => {
    const c = clock();
    const windows = fixedWindows(60_000, c.now);
    for (let i = 0; i <= 10_000; i++) windows.take(`old:${i}`, 1);
    c.set(30_000);
    expect(windows.take("open", 1)).toBe(true);
    c.set(60_000);
    // Opening a new window past 10,000 keys sweeps the closed ones; "open" (opened at 30 s) keeps its count.
    expect(windows.take("new", 1)).toBe(true);
    expect(windows.take("open", 1)).toBe(false);
    expect(windows.take("old:0", 1)).toBe(true);
  });
});
