import { describe, expect, it } from "vitest";
import {
  CARD_PRO,
  can,
  EMPTY_PLAN_STATE,
  entitlements,
  FEATURE_KEYS,
  FEATURES as FEATURE_MAP,
  isLockedFeature,
  PLANS,
  type PlanState,
} from "~/lib/billing/plans";
import { addMonths, DAY_MS } from "~/lib/time/days";

const now = new Date("2026-11-23T12:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * DAY_MS);
const state = (s: Partial<PlanState>): PlanState => ({ ...EMPTY_PLAN_STATE, ...s });

describe("entitlements", () => {
  it("is Basic with a trial to start when nothing was ever set", () => {
    const e = entitlements(EMPTY_PLAN_STATE, now);
    expect(e).toMatchObject({ tier: "basic", source: "basic", trialAvailable: true, publishedCardLimit: 1 });
  });

  it("gives Pro during a trial and falls back to Basic the moment it ends, with no second trial", () => {
    expect(entitlements(state({ trialEndsAt: inDays(3) }), now)).toMatchObject({
      tier: "pro",
      source: "trial",
      endsAt: inDays(3),
      trialAvailable: false,
    });
    expect(entitlements(state({ trialEndsAt: now }), now)).toMatchObject({ tier: "basic", trialAvailable: false });
  });

  it("keeps a cancelled subscription until its period ends, and says when", () => {
    const paid = state({ subscriptionStatus: "active", currentPeriodEnd: inDays(20), billingInterval: "month" });
    expect(entitlements(paid, now)).toMatchObject({ tier: "pro", renewsAt: inDays(20), endsAt: null });
    const cancelled = { ...paid, cancelAtPeriodEnd: true };
    expect(entitlements(cancelled, now)).toMatchObject({ tier: "pro", endsAt: inDays(20), renewsAt: null });
    expect(entitlements(cancelled, inDays(21)).tier).toBe("basic");
  });

  it("keeps Pro through a failed payment's grace period only", () => {
    const failed = state({ subscriptionStatus: "past_due", currentPeriodEnd: inDays(-1), graceEndsAt: inDays(6) });
    expect(entitlements(failed, now)).toMatchObject({ tier: "pro", source: "grace", endsAt: inDays(6) });
    expect(entitlements(failed, inDays(7)).tier).toBe("basic");
    expect(entitlements(state({ subscriptionStatus: "canceled", currentPeriodEnd: inDays(5) }), now).tier).toBe(
      "basic",
    );
  });

  it("takes the later of a nonprofit grant and a trial", () => {
    const both = state({ trialEndsAt: inDays(2), nonprofitEndsAt: inDays(80) });
    expect(entitlements(both, now)).toMatchObject({ source: "nonprofit", endsAt: inDays(80) });
    expect(entitlements(both, inDays(81)).tier).toBe("basic");
  });

  it("never ends a complimentary plan", () => {
    expect(entitlements(state({ complimentary: true }), inDays(5000))).toMatchObject({ tier: "pro", endsAt: null });
  });
});

describe("the feature list", () => {
  it("is what the pricing page lists, and Basic includes exactly the Basic features", () => {
    expect(CARD_PRO.features.every((f) => f.included)).toBe(true);
    const basic = PLANS.find((p) => p.tier === "basic");
    expect(basic?.features.filter((f) => f.included).map((f) => f.key)).toEqual(["card", "eventTagging", "sharing"]);
    for (const key of FEATURE_KEYS) {
      expect(can({ tier: "pro" }, key)).toBe(true);
      expect(can({ tier: "basic" }, key)).toBe(FEATURE_MAP[key].tier === "basic");
    }
    // The spec's list, in its words.
    for (const name of [
      "Digital business card",
      "Basic event tagging",
      "QR and link sharing",
      "Full event hub",
      "Smart strategy plans",
      "AI-enriched contact data",
      "Post-event analysis",
      "Lead prioritisation",
      "Priority support",
    ])
      expect(CARD_PRO.features.map((f) => f.name)).toContain(name);
  });

  it("reads a refusal body only when it names a real feature", () => {
    expect(isLockedFeature({ locked: "crmSync", trialAvailable: false })).toBe(true);
    expect(isLockedFeature({ locked: "toString", trialAvailable: false })).toBe(false);
    expect(isLockedFeature({ locked: "nothing" })).toBe(false);
    expect(isLockedFeature("crmSync")).toBe(false);
  });
});

describe("addMonths", () => {
  it("lands on the last day of a shorter month instead of spilling over", () => {
    expect(addMonths(new Date("2026-11-30T10:00:00Z"), 3).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2027-11-30T10:00:00Z"), 3).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(new Date("2026-01-15T00:00:00Z"), 3).toISOString()).toBe("2026-04-15T00:00:00.000Z");
  });
});
