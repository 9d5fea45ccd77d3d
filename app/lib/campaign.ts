export const CAMPAIGN_CATEGORIES = ["environment", "education", "animals", "community", "arts"] as const;
export const CAMPAIGN_STATUSES = ["active", "past"] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Share of the goal raised, capped at 100 so an over-funded campaign shows a full bar, never more. */
export function progressPercent(amountRaised: number, goal: number) {
  if (goal <= 0) return 100;
  return Math.min(100, Math.round((amountRaised / goal) * 100));
}

export function daysLeft(endDate: string, now = Date.now()) {
  const end = Date.parse(`${endDate}T23:59:59Z`);
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}

export const usd = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const CATEGORY_LABELS = {
  environment: "Environment",
  education: "Education",
  animals: "Animals",
  community: "Community",
  arts: "Arts",
} as const;
