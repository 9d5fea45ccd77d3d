/**
 * Plans and what each one includes: the one list the pricing page, the features page, Settings →
 * Plan and billing and every server-side gate read (app/server/billing/plans.server.ts), so they cannot disagree.
 * Pure: no I/O, safe in the browser.
 */
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { dateTimeFormat, formatInZone, isTimeZone } from "../time/time";

export const TRIAL_DAYS = 7;
export const NONPROFIT_MONTHS = 3;
export const PRO_PRICE = { monthly: 7.99, yearly: 79, currency: "USD" } as const;
/** Days a failed renewal keeps Pro while the owner updates the card. */
export const GRACE_DAYS = 7;
/** How long before the end the owner is reminded. */
export const TRIAL_REMINDER_DAYS = 2;
export const NONPROFIT_REMINDER_DAYS = 14;

export type Tier = "basic" | "pro";

/** Every feature a plan can include. `gate` says what is refused without it; listed ones are shown only. */
export const FEATURES = {
  card: {
    name: "Digital business card",
    tier: "basic",
    description: "Your card with photo, role and links, saved as a vCard in one tap.",
  },
  eventTagging: {
    name: "Basic event tagging",
    tier: "basic",
    description: "Create events and set one active, so everyone you meet there is tagged with it.",
  },
  sharing: {
    name: "QR and link sharing",
    tier: "basic",
    description: "Share your card by QR code, NFC tag or link; visitors need no app.",
  },
  eventHub: {
    name: "Full event hub",
    tier: "pro",
    description: "Import an event's attendee list so the assistant can pick who to meet before you go.",
  },
  strategyPlans: {
    name: "Smart strategy plans",
    tier: "pro",
    description: "Goals, people to meet from your network and the attendee list, talking points and a checklist.",
  },
  enrichment: {
    name: "AI-enriched contact data",
    tier: "pro",
    description: "Company and website suggested from a contact's work email, for you to accept.",
  },
  postEventAnalysis: {
    name: "Post-event analysis",
    tier: "pro",
    description: "Who you met, how you connected and how many you followed up inside 48 hours.",
  },
  leadPrioritisation: {
    name: "Lead prioritisation",
    tier: "pro",
    description: "Your top leads from each event, ranked with reasons, with a suggested follow-up message.",
  },
  crmSync: {
    name: "CRM sync and webhooks",
    tier: "pro",
    description: "HubSpot, Krystal AI, signed webhooks for Zapier, Make and n8n, and a personal API.",
  },
  cardAnalytics: {
    name: "Card analytics",
    tier: "pro",
    description: "Views, saves, share-backs and wallet adds per card and source.",
  },
  multipleCards: {
    name: "Several published cards",
    tier: "pro",
    description: "Publish a card for each role or organisation; Basic publishes one.",
  },
  mailings: {
    name: "Mailings",
    tier: "pro",
    description: "Mail the people who agreed to hear from you, with one-click unsubscribe and results.",
  },
  prioritySupport: {
    name: "Priority support",
    tier: "pro",
    description: "Your help requests are answered first.",
  },
} as const satisfies Record<string, { name: string; tier: Tier; description: string }>;

export type Feature = keyof typeof FEATURES;
export const FEATURE_KEYS = Object.keys(FEATURES) as Feature[];

/** How many published cards each tier may have at once (the card table's own limit is 10 cards). */
export const PUBLISHED_CARD_LIMIT: Record<Tier, number> = { basic: 1, pro: 10 };

export type PlanListing = {
  tier: Tier;
  name: string;
  description: string;
  monthly: number;
  yearly: number;
  features: { key: Feature; name: string; included: boolean }[];
};

const listing = (tier: Tier) =>
  FEATURE_KEYS.map((key) => ({
    key,
    name: FEATURES[key].name,
    included: tier === "pro" || FEATURES[key].tier === "basic",
  }));

export const PLANS: PlanListing[] = [
  {
    tier: "basic",
    name: "Basic",
    description: "A digital card and basic event tagging, free forever.",
    monthly: 0,
    yearly: 0,
    features: listing("basic"),
  },
  {
    tier: "pro",
    name: "Card Pro",
    description: "Everything you need to turn every event into follow-ups that happen.",
    monthly: PRO_PRICE.monthly,
    yearly: PRO_PRICE.yearly,
    features: listing("pro"),
  },
];

export const CARD_PRO = PLANS[1] as PlanListing;

/** What the account_plan row holds, as the pure rules need it. */
export type PlanState = {
  trialEndsAt: Date | null;
  nonprofitEndsAt: Date | null;
  complimentary: boolean;
  subscriptionStatus: string | null;
  billingInterval: "month" | "year" | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  graceEndsAt: Date | null;
};

export const EMPTY_PLAN_STATE: PlanState = {
  trialEndsAt: null,
  nonprofitEndsAt: null,
  complimentary: false,
  subscriptionStatus: null,
  billingInterval: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
};

/** Why the account has Pro right now (or "basic"). */
export type PlanSource = "subscription" | "grace" | "nonprofit" | "trial" | "complimentary" | "basic";

export type Entitlements = {
  tier: Tier;
  source: PlanSource;
  /** When Pro ends unless renewed (null: renews, or never ends, or Basic). */
  endsAt: Date | null;
  /** A subscription renews on this date. */
  renewsAt: Date | null;
  /** A trial can still be started (never used one, no subscription). */
  trialAvailable: boolean;
  publishedCardLimit: number;
};

const after = (d: Date | null, now: Date): d is Date => d !== null && d.getTime() > now.getTime();

/**
 * The one rule for what an account may use at `now`. A paid subscription counts while Stripe says it
 * is active (or trialing) and its period has not run out; a failed renewal keeps Pro through the grace
 * period; a trial and a nonprofit grant count until their end.
 */
export function entitlements(state: PlanState, now: Date): Entitlements {
  const status = state.subscriptionStatus;
  const paid = (status === "active" || status === "trialing") && after(state.currentPeriodEnd, now);
  const grace = status === "past_due" && after(state.graceEndsAt, now);
  const base = { trialAvailable: state.trialEndsAt === null && !status };
  const pro = (source: PlanSource, endsAt: Date | null, renewsAt: Date | null = null): Entitlements => ({
    ...base,
    tier: "pro",
    source,
    endsAt,
    renewsAt,
    publishedCardLimit: PUBLISHED_CARD_LIMIT.pro,
  });
  if (paid)
    return state.cancelAtPeriodEnd
      ? pro("subscription", state.currentPeriodEnd)
      : pro("subscription", null, state.currentPeriodEnd);
  if (grace) return pro("grace", state.graceEndsAt);
  if (state.complimentary) return pro("complimentary", null);
  // Of a nonprofit grant and a trial running together, the later end is the one that matters.
  const grants = [
    ["nonprofit", state.nonprofitEndsAt],
    ["trial", state.trialEndsAt],
  ] as const;
  const running = grants
    .flatMap(([source, end]) => (after(end, now) ? [{ source, end }] : []))
    .sort((a, b) => b.end.getTime() - a.end.getTime())[0];
  if (running) return pro(running.source, running.end);
  return { ...base, tier: "basic", source: "basic", endsAt: null, renewsAt: null, publishedCardLimit: 1 };
}

export function can(ent: Pick<Entitlements, "tier">, feature: Feature): boolean {
  return FEATURES[feature].tier === "basic" || ent.tier === "pro";
}

export const PLAN_LABEL: Record<PlanSource, string> = {
  subscription: "Card Pro",
  grace: "Card Pro",
  nonprofit: "Card Pro (nonprofit offer)",
  trial: "Card Pro trial",
  complimentary: "Card Pro (complimentary)",
  basic: "Basic",
};

export function formatPlanDate(d: Date | string, timeZone = "UTC", locale: Locale = DEFAULT_LOCALE): string {
  // An account mail in another language writes the day that language's way (decision 0269).
  if (locale !== DEFAULT_LOCALE)
    return dateTimeFormat(isTimeZone(timeZone) ? timeZone : "UTC", { dateStyle: "long" }, locale).format(new Date(d));
  return formatInZone(d, timeZone, { dateStyle: "long" });
}

/** What a refused request carries (403), so the page can say what the feature does and how to get it. */
export type LockedFeature = { locked: Feature; trialAvailable: boolean };

export function isLockedFeature(data: unknown): data is LockedFeature {
  return (
    typeof data === "object" &&
    data !== null &&
    "locked" in data &&
    typeof data.locked === "string" &&
    Object.hasOwn(FEATURES, data.locked)
  );
}
