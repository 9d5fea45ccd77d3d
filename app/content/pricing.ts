/** Plans: Basic is free; Card Pro is 7.99 USD a month or 79 a year. */
export type Plan = {
  name: string;
  description: string;
  monthly: number;
  yearly: number;
  features: { name: string; included: boolean }[];
};

const ALL_FEATURES = [
  "Digital business card",
  "Basic event tagging",
  "QR and link sharing",
  "Full event hub",
  "Smart strategy plans",
  "AI-enriched contact data",
  "Post-event analysis",
  "Lead prioritisation",
  "CRM sync",
  "Priority support",
];

export const TRIAL_DAYS = 7;

export const PLANS: Plan[] = [
  {
    name: "Basic",
    description: "A digital card and basic event tagging, free forever.",
    monthly: 0,
    yearly: 0,
    features: ALL_FEATURES.map((name, i) => ({ name, included: i < 3 })),
  },
  {
    name: "Card Pro",
    description: "Everything you need to turn every event into follow-ups that happen.",
    monthly: 7.99,
    yearly: 79,
    features: ALL_FEATURES.map((name) => ({ name, included: true })),
  },
];

export const CARD_PRO = PLANS[1] as Plan;
