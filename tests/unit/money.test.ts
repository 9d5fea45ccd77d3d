import { describe, expect, it } from "vitest";
import { amountInput, exponent, formatMoney, maxMinor, parseAmount } from "~/lib/money";

describe("money in minor units", () => {
  it("takes each currency's exponent from ISO 4217", () => {
    expect(exponent("USD")).toBe(2);
    expect(exponent("JPY")).toBe(0);
    expect(exponent("KWD")).toBe(3);
  });

  it("parses what people type into minor units and refuses the rest", () => {
    expect(parseAmount("12.5", "USD")).toBe(1250);
    expect(parseAmount("$1,000", "USD")).toBe(100000);
    expect(parseAmount("0.07", "EUR")).toBe(7);
    expect(parseAmount("500", "JPY")).toBe(500);
    expect(parseAmount("500.5", "JPY")).toBeNull();
    expect(parseAmount("12.345", "USD")).toBeNull();
    expect(parseAmount("-5", "USD")).toBeNull();
    expect(parseAmount("1e3", "USD")).toBeNull();
    expect(parseAmount("", "USD")).toBeNull();
  });

  it("formats and round-trips", () => {
    expect(formatMoney(1250, "USD")).toBe("$12.50");
    expect(formatMoney(5000, "USD", { compact: true })).toBe("$50");
    expect(formatMoney(500, "JPY")).toBe("¥500");
    expect(amountInput(1250, "USD")).toBe("12.50");
    expect(parseAmount(amountInput(123456, "GBP"), "GBP")).toBe(123456);
    expect(maxMinor("USD")).toBe(99_999_999);
  });
});

describe("money formatting per row", () => {
  it("builds no Intl.NumberFormat per amount: a list of a thousand gifts reuses one per currency", () => {
    const Real = Intl.NumberFormat;
    let built = 0;
    const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built++;
      return new Real(...args);
    } as unknown as typeof Intl.NumberFormat;
    Counting.supportedLocalesOf = Real.supportedLocalesOf;
    Intl.NumberFormat = Counting;
    try {
      const out = Array.from({ length: 1000 }, (_, i) => formatMoney(i * 100 + 5, i % 2 ? "USD" : "EUR"));
      expect(out[1]).toBe("$1.05");
      expect(out[2]).toBe("€2.05");
      expect(built).toBeLessThanOrEqual(4);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
