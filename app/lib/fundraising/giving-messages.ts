/**
 * The giving pages' words in the visitor's language: the Donate form's field messages, category names
 * and the card-fee rule, from the catalogs (decision 0194). English reads exactly as donation.ts writes it.
 */
import type { Locale } from "../i18n/locales";
import { type Translate, translator } from "../i18n/translate";
import { exponent, formatMoney, maxMinor } from "../money";
import type { CampaignCategory } from "./campaign";
import { FEE_RATE, feeFixed, type GiftMessages, minimumGift } from "./donation";
import { ENGLISH_RECEIPT_WORDS, type ReceiptWords } from "./receipt";

const plain = (locale: Locale, n: number, digits: number) =>
  new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(n);

/** The Donate form's field messages in `locale`, with examples written as that language writes numbers. */
export function giftMessages(locale: Locale): GiftMessages {
  const t = translator(locale);
  return {
    amount: (currency) => {
      const digits = /^[A-Z]{3}$/.test(currency) ? exponent(currency) : 2;
      if (digits === 0) return t("donate.error.amountWhole", { example: plain(locale, 2500, 0) });
      return t("donate.error.amount", { whole: plain(locale, 25, 0), decimal: plain(locale, 25.5, digits) });
    },
    smallest: (currency) =>
      t("donate.error.smallest", { amount: formatMoney(minimumGift(currency), currency, { locale }) }),
    largest: (currency) => t("donate.error.largest", { amount: formatMoney(maxMinor(currency), currency, { locale }) }),
    tributeMissing: t("donate.error.tributeMissing"),
    tributeLength: t("donate.error.tributeLength"),
    email: t("donate.error.email"),
    addressLength: t("donate.error.addressLength"),
  };
}

export const categoryLabel = (t: Translate, category: CampaignCategory) => t(`giving.category.${category}`);

/** "2.9% + $0.30" written the visitor's way ("2,9 % + 0,30 €"). */
export function feeRuleIn(currency: string, locale: Locale): string {
  const rate = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(FEE_RATE);
  const fixed = feeFixed(currency);
  return fixed ? `${rate} + ${formatMoney(fixed, currency, { locale })}` : rate;
}

/** "Email me news from {sender}" as the donor read it: the consent record keeps exactly these words. */
export const newsOptIn = (locale: Locale, sender: string) => translator(locale)("donate.news", { sender });

/** A receipt's and a statement's words in the donor's language (English is receipt.ts's own, word for word). */
export function receiptWords(locale: Locale): ReceiptWords {
  if (locale === "en") return ENGLISH_RECEIPT_WORDS;
  const t = translator(locale);
  return {
    locale,
    receipt: t("receipt.title"),
    organisation: t("receipt.organisation"),
    taxId: t("receipt.taxId"),
    address: t("receipt.address"),
    donor: t("receipt.donor"),
    donorAddress: t("receipt.donorAddress"),
    amount: t("receipt.amount"),
    frequency: t("receipt.frequency"),
    monthly: t("receipt.monthly"),
    oneTime: t("receipt.oneTime"),
    feeCovered: t("receipt.feeCovered"),
    feeIncluded: (fee) => t("receipt.feeIncluded", { fee }),
    refunded: t("receipt.refunded"),
    inMemory: t("receipt.inMemory"),
    inHonour: t("receipt.inHonour"),
    date: t("receipt.date"),
    manage: t("receipt.manage"),
    keepEmail: t("receipt.keepEmail"),
    keepPrinted: t("receipt.keepPrinted"),
    statement: t("statement.title"),
    statementOf: (period) => t("statement.of", { period }),
    calendarYear: (year) => t("statement.calendarYear", { year }),
    fiscalYear: (year) => t("statement.fiscalYear", { year }),
    fiscalRange: (from, to) => t("statement.fiscalRange", { from, to }),
    gift: t("statement.gift"),
    campaign: t("statement.campaign"),
    total: t("statement.total"),
    noGifts: t("statement.noGifts"),
    noGiftsInPeriod: t("statement.noGiftsInPeriod"),
    inMemoryOf: (name) => t("statement.inMemoryOf", { name }),
    inHonourOf: (name) => t("statement.inHonourOf", { name }),
  };
}

/** Our default thank-you letter in the donor's language, its {placeholders} kept for the owner's fill. */
export function defaultLetter(locale: Locale) {
  const t = translator(locale);
  const keep = {
    name: "{name}",
    amount: "{amount}",
    date: "{date}",
    campaign: "{campaign}",
    organization: "{organization}",
  };
  return { subject: t("letter.subject", keep), body: t("letter.body", keep) };
}
