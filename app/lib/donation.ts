import { z } from "zod";
import { amountMessage, amountTooLarge } from "./campaign";
import { formatMoney, maxMinor, parseAmount } from "./money";

export const GIFT_SOURCE_LABELS = {
  card: "Card",
  event: "Event",
  qr: "QR code",
  link: "Direct link",
  manual: "Entered by hand",
  import: "Imported",
} as const;
export const GIFT_METHOD_LABELS = {
  card: "Card (online)",
  cash: "Cash",
  cheque: "Cheque",
  bank_transfer: "Bank transfer",
  elsewhere: "Given elsewhere",
} as const;

const id = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .optional(),
);

/** The Donate form: a suggested amount or a custom one, once or monthly, and where the giver came from. */
export const donateSchema = z.object({
  amount: z.string().max(20).optional(),
  custom: z.string().max(20).optional(),
  frequency: z.enum(["once", "monthly"]).default("once"),
  publicName: z.preprocess((v) => v === "on", z.boolean()).default(false),
  src: z.enum(["card", "event", "qr", "link"]).catch("link"),
  card: id.catch(undefined),
  event: id.catch(undefined),
  // The mailing whose campaign link brought the giver, so the gift is counted as its.
  mailing: id.catch(undefined),
});

/** The amount a giver chose, in minor units, or the message that says why not. */
export function chosenAmount(
  form: { amount?: string; custom?: string },
  currency: string,
): { amount: number } | { error: string } {
  const useCustom = !form.amount || form.amount === "custom";
  const raw = useCustom ? (form.custom ?? "") : form.amount;
  const amount = useCustom ? parseAmount(raw ?? "", currency) : /^\d{1,12}$/.test(raw ?? "") ? Number(raw) : null;
  if (amount === null || amount <= 0) return { error: amountMessage(currency) };
  // Card networks do not take gifts below about half a dollar.
  if (amount < minimumGift(currency))
    return { error: `The smallest gift is ${formatMoney(minimumGift(currency), currency)}` };
  if (amount > maxMinor(currency)) return { error: amountTooLarge(currency) };
  return { amount };
}

// 100 minor units: a dollar, a euro, a hundred yen; below that card fees eat the gift.
export const minimumGift = (_currency: string) => 100;
