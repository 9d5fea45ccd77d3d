/**
 * The giving pages' words in the visitor's language: the Donate form's field messages, category names
 * and the card-fee rule, from the catalogs (decision 0194). English reads exactly as donation.ts writes it.
 */
import type { Locale } from "../i18n/locales";
import { type Translate, translator } from "../i18n/translate";
import { exponent, formatMoney, maxMinor } from "../money";
import type { CampaignCategory } from "./campaign";
import { FEE_RATE, feeFixed, type GiftMessages, minimumGift } from "./donation";

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
