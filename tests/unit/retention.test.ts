import { describe, expect, it } from "vitest";
import { amountsText, type DonorYear, retention, retentionYear } from "~/lib/fundraising/retention";

const row = (donor: string, year: number, total: number, currency = "USD"): DonorYear => ({
  donor,
  name: donor.toUpperCase(),
  email: null,
  year,
  currency,
  total,
});

describe("donor retention for one year", () => {
  const rows = [
    row("ann", 2025, 5000),
    row("ann", 2026, 7000), // retained
    row("bo", 2026, 1000), // first-time
    row("cy", 2025, 2000), // LYBUNT
    row("cy", 2023, 500),
    row("di", 2022, 3000), // SYBUNT
    row("di", 2022, 400, "EUR"),
    row("ed", 2027, 900), // after the year asked: not counted yet
    row("fi", 2024, 0), // fully refunded: not a donor
  ];
  const s = retention(rows, 2026);
  const names = (list: { name: string }[]) => list.map((d) => d.name);

  it("puts each donor in the segments a development director expects", () => {
    expect(names(s.current)).toEqual(["ANN", "BO"]);
    expect(names(s.firstTime)).toEqual(["BO"]);
    expect(names(s.lybunt)).toEqual(["CY"]);
    expect(names(s.sybunt)).toEqual(["DI"]);
  });

  it("keeps this year's, last year's and lifetime amounts per currency", () => {
    const ann = s.current.find((d) => d.name === "ANN");
    expect(ann).toMatchObject({ thisYear: { USD: 7000 }, lastYear: { USD: 5000 }, lifetime: { USD: 12000 } });
    const cy = s.lybunt[0];
    expect(cy).toMatchObject({ thisYear: {}, lastYear: { USD: 2000 }, firstGiftYear: 2023, lastGiftYear: 2025 });
    const di = s.sybunt[0];
    expect(di?.lifetime).toEqual({ USD: 3000, EUR: 400 });
    expect(amountsText(di?.lifetime ?? {}, (n, c) => `${c} ${n / 100}`)).toBe("USD 30 + EUR 4");
  });

  it("a year later, this year's donors become LYBUNT and the LYBUNT become SYBUNT", () => {
    const next = retention(rows, 2027);
    expect(names(next.current)).toEqual(["ED"]);
    expect(names(next.lybunt)).toEqual(["ANN", "BO"]);
    expect(names(next.sybunt)).toEqual(["CY", "DI"]);
  });

  it("reads the year asked for, or this year for anything else", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(retentionYear("2024", now)).toBe(2024);
    for (const bad of [null, "", "20x4", "1999", "3000", "2026-01", "-2025"])
      expect(retentionYear(bad, now)).toBe(2026);
  });
});
