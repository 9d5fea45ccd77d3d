import { z } from "zod";
import { isEmail } from "../forms/fields";
import { NAME_MAX } from "../forms/limits";
import { CURRENCIES, maxMinor, parseAmount } from "../money";
import { amountMessage, amountTooLarge } from "./campaign";

const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "1900-01-01", `${label} must be a date`);

const donor = {
  person: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()),
  donorName: z.string().trim().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional().default(""),
  donorEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .optional()
    .default("")
    .refine((v) => v === "" || isEmail(v), "Please enter a valid email address"),
  currency: z.enum(CURRENCIES, { error: "Choose a currency" }),
  // Empty or not, the amount is checked against its currency below, with that currency's example.
  amount: z.string().trim().optional().default(""),
  note: z.string().trim().max(1000, "Note must be at most 1000 characters").optional().default(""),
  nonce: z.string().regex(/^[a-zA-Z0-9-]{8,64}$/, "The form could not be read; reload and try again"),
};

/** An amount typed in the major unit becomes minor units, or an issue on `amount`. */
function toMinor(v: { amount?: unknown; currency?: unknown }, ctx: z.RefinementCtx) {
  // The currency may itself have failed: its example then falls back to dollars, the amount is still checked.
  const currency = CURRENCIES.find((c) => c === v.currency) ?? "USD";
  const minor = typeof v.amount === "string" ? parseAmount(v.amount, currency) : null;
  if (minor === null || minor <= 0) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: amountMessage(currency) });
    return null;
  }
  if (minor > maxMinor(currency)) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: amountTooLarge(currency) });
    return null;
  }
  return minor;
}

function needsDonor(v: { person?: unknown; donorName?: unknown; donorEmail?: unknown }, ctx: z.RefinementCtx) {
  if (!v.person && !v.donorName && !v.donorEmail)
    ctx.addIssue({ code: "custom", path: ["donorName"], message: "Name the donor, or give their email" });
}

function notFuture(v: { date?: unknown }, ctx: z.RefinementCtx) {
  // A date that failed its own rule is not a string of this shape, so it is not told twice.
  if (
    typeof v.date === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(v.date) &&
    v.date > new Date().toISOString().slice(0, 10)
  )
    ctx.addIssue({ code: "custom", path: ["date"], message: "A gift's date cannot be in the future" });
}

/**
 * The cross-field checks run even when another field failed its own rule (zod skips refinements
 * after a failure unless `when` says otherwise), so one submit names every field in error.
 */
function everyError<S extends z.ZodObject, T>(
  fields: S,
  check: (v: Partial<z.output<S>>, ctx: z.RefinementCtx) => T | null,
) {
  return fields
    .superRefine((v, ctx) => void check(v, ctx), { when: () => true })
    .transform((v, ctx) => check(v, ctx) ?? z.NEVER);
}

const handGiftFields = z.object({
  ...donor,
  intent: z.literal("gift"),
  date: date("Date"),
  method: z.enum(["cash", "cheque", "bank_transfer", "elsewhere"], { error: "Choose how it was given" }),
  // One payment of a standing order or other gift that repeats.
  recurring: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

/** A gift recorded by hand: cash, cheque, bank transfer or a gift made elsewhere. */
export const handGiftSchema = everyError(handGiftFields, (v, ctx) => {
  needsDonor(v, ctx);
  notFuture(v, ctx);
  const amount = toMinor(v, ctx);
  return amount === null ? null : { ...(v as z.output<typeof handGiftFields>), amount };
});

const giftRowFields = z.object({
  donorName: donor.donorName,
  donorEmail: donor.donorEmail,
  currency: donor.currency,
  amount: donor.amount,
  note: donor.note,
  date: date("Date"),
});

/**
 * One row of an imported file, checked by the hand-gift form's own rules (donor, amount in the currency's
 * minor units under the same upper bound, a past date), so an import accepts exactly what the form would.
 */
export const giftRowSchema = everyError(giftRowFields, (v, ctx) => {
  needsDonor(v, ctx);
  notFuture(v, ctx);
  const amount = toMinor(v, ctx);
  return amount === null ? null : { ...(v as z.output<typeof giftRowFields>), amount };
});

const pledgeFields = z.object({
  ...donor,
  intent: z.literal("pledge"),
  firstDue: date("First due date"),
  instalments: z.coerce
    .number({ error: "Choose 1 to 24 instalments" })
    .int("Choose 1 to 24 instalments")
    .min(1, "Choose 1 to 24 instalments")
    .max(24, "Choose 1 to 24 instalments"),
});

/** A promise to give, paid in instalments (monthly from the first due date), each with a reminder. */
export const pledgeSchema = everyError(pledgeFields, (v, ctx) => {
  needsDonor(v, ctx);
  const amount = toMinor(v, ctx);
  if (amount !== null && typeof v.instalments === "number" && amount < v.instalments) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "Each instalment must be at least one unit" });
    return null;
  }
  return amount === null ? null : { ...(v as z.output<typeof pledgeFields>), amount };
});

export type HandGift = z.output<typeof handGiftSchema>;
export type PledgeForm = z.output<typeof pledgeSchema>;

/** Equal instalments, the remainder on the last; due monthly from the first date (the 31st becomes month-end). */
export function instalmentPlan(amount: number, count: number, firstDue: string) {
  const each = Math.floor(amount / count);
  const [y = 2000, m = 1, d = 1] = firstDue.split("-").map(Number);
  return Array.from({ length: count }, (_, i) => {
    const last = new Date(Date.UTC(y, m - 1 + i + 1, 0)).getUTCDate();
    const due = new Date(Date.UTC(y, m - 1 + i, Math.min(d, last)));
    return { dueDate: due.toISOString().slice(0, 10), amount: i === count - 1 ? amount - each * (count - 1) : each };
  });
}
