import { z } from "zod";
import { CURRENCIES, exponent, formatMoney, maxMinor, parseAmount } from "../money";
import { daysLeft } from "../time/days";

export const CAMPAIGN_CATEGORIES = [
  "environment",
  "education",
  "animals",
  "community",
  "arts",
  "health",
  "human-services",
  "faith",
  "international",
] as const;
export const CAMPAIGN_STATUSES = ["active", "past"] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Share of the goal raised, capped at 100 so an over-funded campaign shows a full bar, never more. */
export function progressPercent(amountRaised: number, goal: number) {
  if (goal <= 0) return 100;
  return Math.min(100, Math.round((amountRaised / goal) * 100));
}

/** Days left in a campaign that runs to the end of `endDate` (UTC). */
export function campaignDaysLeft(endDate: string, now = Date.now()) {
  return daysLeft(Date.parse(`${endDate}T23:59:59Z`), now);
}

/** The label beside a campaign's end: an unpublished draft whose end date is still ahead has not ended. */
export function endLabel(status: string, endDate: string, now = Date.now()) {
  if (status === "active") return "Days left";
  return status === "draft" && campaignDaysLeft(endDate, now) > 0 ? "Ends" : "Ended";
}

// Kept: building an Intl.NumberFormat costs more than formatting with it, and a list formats one per campaign.
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
export const usd = (n: number) => wholeDollars.format(n);

export const CATEGORY_LABELS = {
  environment: "Environment",
  education: "Education",
  animals: "Animals",
  community: "Community",
  arts: "Arts",
  health: "Health",
  "human-services": "Human services",
  faith: "Faith",
  international: "International",
} as const;

const text = (label: string, maxLen: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLen, `${label} must be at most ${maxLen} characters`);
const optional = (label: string, maxLen: number) =>
  z
    .string()
    .trim()
    .max(maxLen, `${label} must be at most ${maxLen} characters`)
    .optional()
    .transform((v) => v ?? "");
const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date`);

/** "Enter an amount" with an example in the currency's own decimals: yen has none, dinars three. */
export function amountMessage(currency: string) {
  const digits = /^[A-Z]{3}$/.test(currency) ? exponent(currency) : 2;
  if (digits === 0) return "Enter a whole amount, such as 2500";
  return `Enter an amount, such as 25 or 25.${"5".padEnd(digits, "0")}`;
}
export const amountTooLarge = (currency: string) =>
  `Amounts are limited to ${formatMoney(maxMinor(currency), currency)}`;

/** "Label: 1200" per line → budget lines in minor units; the line that fails is named. */
export function parseBudget(input: string, currency: string) {
  const lines: { label: string; amount: number }[] = [];
  const rows = input
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const [i, row] of rows.entries()) {
    const m = row.match(/^(.{1,120}?)\s*[:|–-]\s*([\d.,$€£¥\s]+)$/);
    const amount = m?.[2] ? parseAmount(m[2], currency) : null;
    if (!m?.[1] || amount === null || amount <= 0 || amount > maxMinor(currency))
      return { error: `Budget line ${i + 1}: write it as "What: amount", such as "Litter traps: 18000"` } as const;
    lines.push({ label: m[1].trim(), amount });
  }
  if (lines.length > 20) return { error: "A budget has at most 20 lines" } as const;
  return { lines } as const;
}

/** "Name, Role" per line. */
export function parseTeam(input: string) {
  const team = input
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [name = "", ...role] = l.split(/\s*[,–—-]\s*/);
      return { name: name.slice(0, 120), role: role.join(" ").slice(0, 120) };
    });
  return team.length > 20 ? null : team;
}

export const budgetText = (lines: { label: string; amount: number }[], currency: string) =>
  lines.map((l) => `${l.label}: ${(l.amount / 10 ** exponent(currency)).toString()}`).join("\n");
export const teamText = (team: { name: string; role: string }[]) =>
  team.map((t) => (t.role ? `${t.name}, ${t.role}` : t.name)).join("\n");

/** Every field of the Campaign entity a person authors; amounts typed in the major unit. */
const campaignFields = z.object({
  title: text("Title", 120),
  description: text("Description", 300),
  extendedDescription: optional("Story", 5000),
  organization: text("Organisation", 120),
  organizerName: text("Organiser", 120),
  location: optional("Location", 120),
  category: z.enum(CAMPAIGN_CATEGORIES, { error: "Choose a category" }),
  currency: z.enum(CURRENCIES, { error: "Choose a currency" }).default("USD"),
  goal: z.string({ error: "Goal is required" }).trim().min(1, "Goal is required"),
  priorRaised: z.string().trim().optional(),
  priorDonors: z.coerce
    .number({ error: "Enter a whole number" })
    .int("Enter a whole number")
    .min(0, "Enter a whole number")
    .max(1_000_000, "Enter a whole number")
    .optional(),
  startDate: isoDate("Start date"),
  endDate: isoDate("End date"),
  mission: optional("Mission", 1000),
  impact: optional("Impact", 1000),
  budget: optional("Budget", 3000),
  team: optional("Team", 3000),
  suggested: optional("Suggested gifts", 200),
  featured: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  listed: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

export const campaignFormSchema = campaignFields
  // Runs even when other fields failed, so one submit names every field in error, not one at a time.
  .superRefine((v, ctx) => void convert(v, ctx), { when: () => true })
  .transform((v, ctx) => convert(v, ctx) ?? z.NEVER);

type CampaignFields = z.output<typeof campaignFields>;

/**
 * The typed amounts, budget, team and suggested gifts, or undefined with an issue on each field that
 * fails. Fields that failed their own rule may be absent or of another type here: each is checked.
 */
function convert(v: Partial<CampaignFields>, ctx: z.RefinementCtx) {
  const str = (x: unknown) => (typeof x === "string" ? x : "");
  const currency = CURRENCIES.find((c) => c === v.currency) ?? "USD";
  const money = (field: "goal" | "priorRaised", value: string, required: boolean) => {
    if (!value) return required ? undefined : 0;
    const n = parseAmount(value, currency);
    if (n === null || (required && n <= 0)) {
      ctx.addIssue({ code: "custom", path: [field], message: amountMessage(currency) });
      return undefined;
    }
    if (n > maxMinor(currency)) {
      ctx.addIssue({ code: "custom", path: [field], message: amountTooLarge(currency) });
      return undefined;
    }
    return n;
  };
  // A missing goal already has its "Goal is required".
  const goal = v.goal ? money("goal", str(v.goal), true) : undefined;
  const priorRaised = money("priorRaised", str(v.priorRaised), false);
  const dates = /^\d{4}-\d{2}-\d{2}$/;
  if (dates.test(str(v.startDate)) && dates.test(str(v.endDate)) && str(v.endDate) < str(v.startDate))
    ctx.addIssue({ code: "custom", path: ["endDate"], message: "The end date must be on or after the start date" });
  const budget = parseBudget(str(v.budget), currency);
  if ("error" in budget) ctx.addIssue({ code: "custom", path: ["budget"], message: budget.error ?? "" });
  const team = parseTeam(str(v.team));
  if (!team) ctx.addIssue({ code: "custom", path: ["team"], message: "A team has at most 20 people" });
  const suggested: number[] = [];
  for (const part of str(v.suggested)
    .split(/[,\s]+/)
    .filter(Boolean)) {
    const n = parseAmount(part, currency);
    if (n === null || n <= 0 || n > maxMinor(currency)) {
      ctx.addIssue({
        code: "custom",
        path: ["suggested"],
        message: "List amounts separated by commas, such as 25, 50, 100",
      });
      break;
    }
    suggested.push(n);
  }
  if (suggested.length > 6) ctx.addIssue({ code: "custom", path: ["suggested"], message: "Suggest at most 6 amounts" });
  if (goal === undefined || priorRaised === undefined || "error" in budget || !team) return undefined;
  return {
    ...(v as CampaignFields),
    goal,
    priorRaised,
    priorDonors: v.priorDonors ?? 0,
    budget: budget.lines,
    team,
    suggested: suggested.length ? suggested : [2500, 5000, 10000, 25000].map((n) => (currency === "JPY" ? n * 10 : n)),
  };
}

export type CampaignForm = z.output<typeof campaignFormSchema>;

/** The largest campaign image stored; the page shrinks a bigger photo on the device before sending it. */
export const CAMPAIGN_IMAGE_MAX_BYTES = 900_000;
