import { z } from "zod";
import { isEmail } from "../forms/fields";
import { NAME_MAX } from "../forms/limits";
import { exponent, formatMoney, maxMinor, parseAmount } from "../money";
import { amountMessage, amountTooLarge } from "./campaign";

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
/** A monthly gift's standing as the owner reads it, on a donor's page and beside each of its gifts. */
export const MONTHLY_STATUS_LABELS: Record<string, string> = {
  active: "active",
  past_due: "payment failed",
  paused: "paused",
  canceled: "cancelled",
};

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
  coverFees: z.preprocess((v) => v === "on", z.boolean()).default(false),
  // "Email me news from {the charity}": unticked unless the donor ticks it; the only way a gift lets them be mailed.
  news: z.preprocess((v) => v === "on", z.boolean()).default(false),
  tribute: z.enum(["", "honour", "memory"]).catch(""),
  tributeName: z.string().max(1000).default(""),
  tributeNotify: z.string().max(1000).default(""),
  address: z.string().max(5000).default(""),
});

export const TRIBUTE_NAME_MISSING = "Enter the name of the person you are giving for";
export const TRIBUTE_NAME_LENGTH = "The name must be at most 120 characters";
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const ADDRESS_LENGTH = "The address must be at most 500 characters";

/** The Donate form's field messages: English here (the wording the spec fixes), a visitor's language from giving-messages.ts. */
export type GiftMessages = {
  amount: (currency: string) => string;
  smallest: (currency: string) => string;
  largest: (currency: string) => string;
  tributeMissing: string;
  tributeLength: string;
  email: string;
  addressLength: string;
};

export const ENGLISH_GIFT_MESSAGES: GiftMessages = {
  amount: amountMessage,
  smallest: (currency) => `The smallest gift is ${formatMoney(minimumGift(currency), currency)}`,
  largest: amountTooLarge,
  tributeMissing: TRIBUTE_NAME_MISSING,
  tributeLength: TRIBUTE_NAME_LENGTH,
  email: EMAIL_MESSAGE,
  addressLength: ADDRESS_LENGTH,
};

export type DonorDetails = {
  tribute: { kind: "honour" | "memory"; name: string; notify: string | null } | null;
  address: string | null;
};

/** The donor's own details (a tribute, an address for the receipt): checked field by field, every message at once. */
export function donorDetails(
  form: {
    tribute: "" | "honour" | "memory";
    tributeName: string;
    tributeNotify: string;
    address: string;
  },
  messages: GiftMessages = ENGLISH_GIFT_MESSAGES,
): { value: DonorDetails } | { errors: Partial<Record<"tributeName" | "tributeNotify" | "address", string>> } {
  const errors: Partial<Record<"tributeName" | "tributeNotify" | "address", string>> = {};
  const name = form.tributeName.trim();
  const notify = form.tributeNotify.trim().toLowerCase();
  const address = form.address.trim();
  if (form.tribute) {
    if (!name) errors.tributeName = messages.tributeMissing;
    else if (name.length > NAME_MAX) errors.tributeName = messages.tributeLength;
    if (notify && (notify.length > 254 || !isEmail(notify))) errors.tributeNotify = messages.email;
  }
  if (address.length > 500) errors.address = messages.addressLength;
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      tribute: form.tribute ? { kind: form.tribute, name, notify: notify || null } : null,
      address: address || null,
    },
  };
}

// Stripe's standard card pricing, 2.9% plus 30 cents (or 30 of the currency's minor units' equivalent).
export const FEE_RATE = 0.029;
export const feeFixed = (currency: string) => Math.round(0.3 * 10 ** exponent(currency));

/**
 * What to add so the charity receives the whole gift after the card fee: the fee is charged on the
 * total, so the total is grossed up, not the gift times the rate. An estimate of the standard pricing.
 */
export function processingFee(amount: number, currency: string): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  return Math.ceil((amount + feeFixed(currency)) / (1 - FEE_RATE)) - amount;
}

/** The rule in words, for amounts the form cannot show ahead (a custom amount without JavaScript). */
export const feeRule = (currency: string) =>
  feeFixed(currency) ? `2.9% + ${formatMoney(feeFixed(currency), currency)}` : "2.9%";

/** The amount a giver chose, in minor units, or the message that says why not. */
export function chosenAmount(
  form: { amount?: string; custom?: string },
  currency: string,
  messages: GiftMessages = ENGLISH_GIFT_MESSAGES,
  locale = "en",
): { amount: number } | { error: string } {
  const useCustom = !form.amount || form.amount === "custom";
  const raw = useCustom ? (form.custom ?? "") : form.amount;
  const amount = useCustom
    ? parseAmount(raw ?? "", currency, locale)
    : /^\d{1,12}$/.test(raw ?? "")
      ? Number(raw)
      : null;
  if (amount === null || amount <= 0) return { error: messages.amount(currency) };
  // Card networks do not take gifts below about half a dollar.
  if (amount < minimumGift(currency)) return { error: messages.smallest(currency) };
  if (amount > maxMinor(currency)) return { error: messages.largest(currency) };
  return { amount };
}

// 100 minor units: a dollar, a euro, a hundred yen; below that card fees eat the gift.
export const minimumGift = (_currency: string) => 100;
