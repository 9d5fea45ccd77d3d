import { describe, expect, it } from "vitest";
import {
  amountMessage,
  CAMPAIGN_CATEGORIES,
  CATEGORY_LABELS,
  campaignFormSchema,
  endLabel,
} from "~/lib/fundraising/campaign";
import { chosenAmount } from "~/lib/fundraising/donation";
import { handGiftSchema } from "~/lib/fundraising/gift-forms";
import { campaign } from "~db/schema";

const errorsOf = (input: Record<string, string>) => {
  const r = campaignFormSchema.safeParse(input);
  expect(r.success).toBe(false);
  const out: Record<string, string> = {};
  for (const issue of r.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
};

describe("the campaign form", () => {
  it("names every field in error at once, not one per submit", () => {
    const errors = errorsOf({
      title: "",
      description: "",
      organization: "Water First",
      organizerName: "Ana",
      category: "community",
      currency: "USD",
      goal: "-5",
      priorRaised: "abc",
      startDate: "2026-05-01",
      endDate: "2026-04-01",
      budget: "nonsense",
      team: "",
      suggested: "ten",
    });
    expect(errors).toEqual({
      title: "Title is required",
      description: "Description is required",
      goal: "Enter an amount, such as 25 or 25.50",
      priorRaised: "Enter an amount, such as 25 or 25.50",
      endDate: "The end date must be on or after the start date",
      budget: 'Budget line 1: write it as "What: amount", such as "Litter traps: 18000"',
      suggested: "List amounts separated by commas, such as 25, 50, 100",
    });
  });

  it("still checks amounts when the currency itself is missing, against the default", () => {
    const errors = errorsOf({ title: "T", description: "D", organization: "O", organizerName: "N", goal: "x" });
    expect(errors.goal).toBe("Enter an amount, such as 25 or 25.50");
    expect(errors.category).toBe("Choose a category");
  });
});

describe("campaign categories", () => {
  it("include health, human services, faith and international, each with its label, and the schema's own list", () => {
    for (const [category, label] of [
      ["health", "Health"],
      ["human-services", "Human services"],
      ["faith", "Faith"],
      ["international", "International"],
    ] as const) {
      const r = campaignFormSchema.safeParse({ category });
      expect(
        r.error?.issues.some((i) => i.path[0] === "category"),
        category,
      ).toBe(false);
      expect(CATEGORY_LABELS[category]).toBe(label);
    }
    expect(campaign.category.enumValues).toEqual([...CAMPAIGN_CATEGORIES]);
  });
});

describe("amount messages follow the currency's minor unit", () => {
  it("never suggests decimals a currency does not have, nor too few for one with three", () => {
    expect(amountMessage("USD")).toBe("Enter an amount, such as 25 or 25.50");
    expect(amountMessage("JPY")).toBe("Enter a whole amount, such as 2500");
    expect(amountMessage("KWD")).toBe("Enter an amount, such as 25 or 25.500");
    const yen = errorsOf({
      title: "T",
      description: "D",
      organization: "O",
      organizerName: "N",
      category: "arts",
      currency: "JPY",
      goal: "25.50",
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    expect(yen.goal).toBe("Enter a whole amount, such as 2500");
    expect(chosenAmount({ amount: "custom", custom: "25.50" }, "JPY")).toEqual({
      error: "Enter a whole amount, such as 2500",
    });
    const gift = handGiftSchema.safeParse({
      intent: "gift",
      donorName: "Lee",
      currency: "JPY",
      amount: "12.5",
      date: "2026-01-02",
      method: "cash",
      nonce: "abcdef12-3456",
    });
    expect(gift.error?.issues.map((i) => i.message)).toEqual(["Enter a whole amount, such as 2500"]);
  });

  it("caps an amount by its worth, as Stripe does, not by its major units: ¥1,500,000 is a gift, $1,000,000.00 is not", () => {
    expect(chosenAmount({ amount: "custom", custom: "1500000" }, "JPY")).toEqual({ amount: 1_500_000 });
    expect(chosenAmount({ amount: "custom", custom: "99999999" }, "JPY")).toEqual({ amount: 99_999_999 });
    expect(chosenAmount({ amount: "custom", custom: "100000000" }, "JPY")).toEqual({
      error: "Amounts are limited to ¥99,999,999",
    });
    expect(chosenAmount({ amount: "custom", custom: "999999.99" }, "USD")).toEqual({ amount: 99_999_999 });
    expect(chosenAmount({ amount: "custom", custom: "1000000" }, "USD")).toEqual({
      error: "Amounts are limited to $999,999.99",
    });
    const hand = (amount: string) =>
      handGiftSchema.safeParse({
        intent: "gift",
        donorName: "Lee",
        currency: "JPY",
        amount,
        date: "2026-01-02",
        method: "cash",
        nonce: "abcdef12-3456",
      });
    expect(hand("1500000").success).toBe(true);
    const goal = campaignFormSchema.safeParse({
      title: "T",
      description: "D",
      organization: "O",
      organizerName: "N",
      category: "arts",
      currency: "JPY",
      goal: "5000000",
      suggested: "1500000",
      startDate: "2026-01-01",
      endDate: "2026-02-01",
    });
    expect(goal.error?.issues.map((i) => i.message) ?? []).toEqual([]);
  });
});

describe("the label beside a campaign's end", () => {
  it("says a draft ending later Ends, and only a past campaign or a draft whose day has gone Ended", () => {
    const now = Date.parse("2026-11-29T06:00:00Z");
    expect(endLabel("draft", "2030-12-31", now)).toBe("Ends");
    expect(endLabel("draft", "2026-11-29", now)).toBe("Ends");
    expect(endLabel("draft", "2026-11-28", now)).toBe("Ended");
    expect(endLabel("past", "2030-12-31", now)).toBe("Ended");
    expect(endLabel("active", "2030-12-31", now)).toBe("Days left");
  });
});
