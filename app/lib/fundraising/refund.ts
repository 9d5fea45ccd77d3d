import { z } from "zod";
import { formatMoney, parseAmount } from "../money";
import { amountMessage } from "./campaign";

/** Told when the amount asked is more than the gift has left to refund. */
export const refundTooLarge = (left: number, currency: string) =>
  `A refund can be at most ${formatMoney(left, currency)}, what is left of this gift`;

/**
 * The refund form for one gift: an amount in the gift's currency, from one minor unit to what is left;
 * "review" shows the amount to confirm, "refund" (with the review's once-only key) asks for it.
 */
export function refundSchema(currency: string, left: number) {
  return z
    .object({
      intent: z.enum(["review", "refund"], { error: "Choose review or refund" }),
      amount: z.string({ error: amountMessage(currency) }).trim(),
      key: z
        .string()
        .regex(/^[a-zA-Z0-9-]{8,64}$/, "The form could not be read; reload and try again")
        .optional(),
    })
    .transform((v, ctx) => {
      const minor = parseAmount(v.amount, currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: amountMessage(currency) });
        return z.NEVER;
      }
      if (minor > left) {
        ctx.addIssue({ code: "custom", path: ["amount"], message: refundTooLarge(left, currency) });
        return z.NEVER;
      }
      if (v.intent === "refund" && !v.key) {
        ctx.addIssue({ code: "custom", path: ["key"], message: "The form could not be read; reload and try again" });
        return z.NEVER;
      }
      return { ...v, amount: minor };
    });
}
