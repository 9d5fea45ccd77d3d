import { z } from "zod";
import { amountMessage, amountTooLarge } from "./campaign";
import { isEmail } from "./forms/fields";
import { CURRENCIES, maxMinor, parseAmount } from "./money";

const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "1900-01-01", `${label} must be a date`);

const donor = {
  person: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().positive().optional()),
  donorName: z.string().trim().max(120, "Name must be at most 120 characters").optional().default(""),
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
function toMinor<T extends { amount: string; currency: string }>(v: T, ctx: z.RefinementCtx) {
  const minor = parseAmount(v.amount, v.currency);
  if (minor === null || minor <= 0) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: amountMessage(v.currency) });
    return null;
  }
  if (minor > maxMinor(v.currency)) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: amountTooLarge(v.currency) });
    return null;
  }
  return minor;
}

function needsDonor(v: { person?: number; donorName: string; donorEmail: string }, ctx: z.RefinementCtx) {
  if (!v.person && !v.donorName && !v.donorEmail)
    ctx.addIssue({ code: "custom", path: ["donorName"], message: "Name the donor, or give their email" });
}

function notFuture(v: { date: string }, ctx: z.RefinementCtx) {
  if (v.date > new Date().toISOString().slice(0, 10))
    ctx.addIssue({ code: "custom", path: ["date"], message: "A gift's date cannot be in the future" });
}

/** A gift recorded by hand: cash, cheque, bank transfer or a gift made elsewhere. */
export const handGiftSchema = z
  .object({
    ...donor,
    intent: z.literal("gift"),
    date: date("Date"),
    method: z.enum(["cash", "cheque", "bank_transfer", "elsewhere"], { error: "Choose how it was given" }),
    // One payment of a standing order or other gift that repeats.
    recurring: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
  })
  .transform((v, ctx) => {
    needsDonor(v, ctx);
    notFuture(v, ctx);
    const amount = toMinor(v, ctx);
    return amount === null ? z.NEVER : { ...v, amount };
  });

/**
 * One row of an imported file, checked by the hand-gift form's own rules (donor, amount in the currency's
 * minor units under the same upper bound, a past date), so an import accepts exactly what the form would.
 */
export const giftRowSchema = z
  .object({
    donorName: donor.donorName,
    donorEmail: donor.donorEmail,
    currency: donor.currency,
    amount: donor.amount,
    note: donor.note,
    date: date("Date"),
  })
  .transform((v, ctx) => {
    needsDonor(v, ctx);
    notFuture(v, ctx);
    const amount = toMinor(v, ctx);
    return amount === null ? z.NEVER : { ...v, amount };
  });
/** A promise to give, paid in instalments (monthly from the first due date), each with a reminder. */
export const pledgeSchema = z
  .object({
    ...donor,
    intent: z.literal("pledge"),
    firstDue: date("First due date"),
    instalments: z.coerce
      .number({ error: "Choose 1 to 24 instalments" })
      .int("Choose 1 to 24 instalments")
      .min(1, "Choose 1 to 24 instalments")
      .max(24, "Choose 1 to 24 instalments"),
  })
  .transform((v, ctx) => {
    needsDonor(v, ctx);
    const amount = toMinor(v, ctx);
    if (amount !== null && amount < v.instalments)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Each instalment must be at least one unit" });
    return amount === null ? z.NEVER : { ...v, amount };
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
