import { describe, expect, it } from "vitest";
import { campaignFormSchema } from "~/lib/fundraising/campaign";
import { chosenAmount } from "~/lib/fundraising/donation";
import { handGiftSchema, instalmentPlan, pledgeSchema } from "~/lib/fundraising/gift-forms";

const nonce = "abcdef12-3456";

describe("hand gifts and pledges", () => {
  it("keeps amounts in minor units and refuses bad ones", () => {
    const ok = handGiftSchema.safeParse({
      intent: "gift",
      donorName: "Lee",
      currency: "USD",
      amount: "120.50",
      date: "2026-01-02",
      method: "cash",
      nonce,
    });
    expect(ok.success && ok.data.amount).toBe(12050);
    for (const amount of ["0", "-5", "abc", "10.999", "1000000.01"]) {
      const bad = handGiftSchema.safeParse({
        intent: "gift",
        donorName: "Lee",
        currency: "USD",
        amount,
        date: "2026-01-02",
        method: "cash",
        nonce,
      });
      expect(bad.success, amount).toBe(false);
    }
  });

  it("refuses a gift from the future, and one with nobody named", () => {
    const future = handGiftSchema.safeParse({
      intent: "gift",
      donorName: "Lee",
      currency: "USD",
      amount: "5",
      date: "2999-01-01",
      method: "cash",
      nonce,
    });
    expect(future.success).toBe(false);
    const nobody = handGiftSchema.safeParse({
      intent: "gift",
      currency: "USD",
      amount: "5",
      date: "2026-01-01",
      method: "cash",
      nonce,
    });
    expect(nobody.error?.issues[0]?.message).toBe("Name the donor, or give their email");
  });

  it("splits a pledge into monthly instalments that add up, month-ends kept", () => {
    const plan = instalmentPlan(100000, 3, "2027-01-31");
    expect(plan).toEqual([
      { dueDate: "2027-01-31", amount: 33333 },
      { dueDate: "2027-02-28", amount: 33333 },
      { dueDate: "2027-03-31", amount: 33334 },
    ]);
    expect(
      pledgeSchema.safeParse({
        intent: "pledge",
        donorName: "A",
        currency: "USD",
        amount: "100",
        firstDue: "2027-01-01",
        instalments: "30",
        nonce,
      }).success,
    ).toBe(false);
  });
});

describe("campaign form and Donate amounts", () => {
  const base = {
    title: "Clean water",
    description: "Wells",
    organization: "Org",
    organizerName: "Ana",
    category: "community",
    currency: "USD",
    goal: "50000",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
  };
  it("orders dates and parses budget lines and suggestions", () => {
    const ok = campaignFormSchema.safeParse({
      ...base,
      budget: "Drilling: 30000\nPumps | 12000.50",
      suggested: "10, 25",
    });
    expect(ok.success && ok.data.goal).toBe(5_000_000);
    expect(ok.success && ok.data.budget).toEqual([
      { label: "Drilling", amount: 3_000_000 },
      { label: "Pumps", amount: 1_200_050 },
    ]);
    expect(ok.success && ok.data.suggested).toEqual([1000, 2500]);
    const reversed = campaignFormSchema.safeParse({ ...base, endDate: "2025-12-31" });
    expect(reversed.error?.issues.map((i) => i.message)).toContain("The end date must be on or after the start date");
    expect(campaignFormSchema.safeParse({ ...base, goal: "0" }).success).toBe(false);
    expect(campaignFormSchema.safeParse({ ...base, budget: "no amount here" }).success).toBe(false);
  });
  it("takes a suggested amount as sent and a custom one as typed", () => {
    expect(chosenAmount({ amount: "5000" }, "USD")).toEqual({ amount: 5000 });
    expect(chosenAmount({ amount: "custom", custom: "12.34" }, "USD")).toEqual({ amount: 1234 });
    expect(chosenAmount({ amount: "custom", custom: "0.50" }, "USD")).toHaveProperty("error");
    expect(chosenAmount({ amount: "custom", custom: "99999999" }, "USD")).toHaveProperty("error");
    expect(chosenAmount({ amount: "-100" }, "USD")).toHaveProperty("error");
  });
});

describe("the follow-up's campaign mention", () => {
  it("names the campaign and its public page", async () => {
    const { campaignMention } = await import("~/lib/fundraising/campaign-mention");
    expect(campaignMention({ id: "wells-1", title: "Wells" }, "https://x.org")).toBe(
      "If you'd like to support Wells, everything is here: https://x.org/fundraising/wells-1",
    );
  });
});

describe("the hand-gift and pledge forms name every field in error in one submit", () => {
  const fields = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it("a gift with a bad date, a bad method, no donor and a bad amount gets four messages", () => {
    const r = handGiftSchema.safeParse({
      intent: "gift",
      currency: "USD",
      amount: "abc",
      date: "soon",
      method: "x",
      nonce,
    });
    expect(fields(r)).toEqual({
      date: "Date must be a date",
      method: "Choose how it was given",
      donorName: "Name the donor, or give their email",
      amount: "Enter an amount, such as 25 or 25.50",
    });
  });

  it("a future gift with a bad email and a yen amount with decimals: each field told, in yen's terms", () => {
    const r = handGiftSchema.safeParse({
      intent: "gift",
      donorName: "Lee",
      donorEmail: "not-an-email",
      currency: "JPY",
      amount: "25.50",
      date: "2999-01-01",
      method: "cash",
      nonce,
    });
    expect(fields(r)).toEqual({
      donorEmail: "Please enter a valid email address",
      date: "A gift's date cannot be in the future",
      amount: "Enter a whole amount, such as 2500",
    });
  });

  it("a pledge with too many instalments, no first due date and no amount names all three", () => {
    const r = pledgeSchema.safeParse({ intent: "pledge", donorName: "Lee", currency: "USD", instalments: "30", nonce });
    expect(fields(r)).toEqual({
      firstDue: "First due date is required",
      instalments: "Choose 1 to 24 instalments",
      amount: "Enter an amount, such as 25 or 25.50",
    });
  });
});
