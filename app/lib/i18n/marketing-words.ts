/** The landing page's catalogues, for its loader only: a route's loader never reaches the browser (decision 0283). */
import { OTHER_CATALOGS } from "./catalog/all";
import { ENGLISH } from "./english";
import { format } from "./icu";
import type { Locale } from "./locales";
import { BORROWED, type MarketingKey, type MarketingWords } from "./marketing";
import { marketingAr } from "./messages/marketing/ar";
import { marketingDe } from "./messages/marketing/de";
import { marketingEn } from "./messages/marketing/en";
import { marketingEs } from "./messages/marketing/es";
import { marketingFr } from "./messages/marketing/fr";
import { marketingIt } from "./messages/marketing/it";
import { marketingJa } from "./messages/marketing/ja";
import { marketingNl } from "./messages/marketing/nl";
import { marketingPtBR } from "./messages/marketing/pt-BR";
import type { MarketingCatalog } from "./messages/marketing/types";
import { marketingZhHans } from "./messages/marketing/zh-Hans";

/** Every language's landing page messages: English whole, the others as written (the catalogue test reads these). */
export const MARKETING_CATALOGS: Record<Locale, MarketingCatalog> = {
  en: marketingEn,
  es: marketingEs,
  fr: marketingFr,
  de: marketingDe,
  "pt-BR": marketingPtBR,
  it: marketingIt,
  nl: marketingNl,
  ja: marketingJa,
  "zh-Hans": marketingZhHans,
  ar: marketingAr,
};

const KEYS = Object.keys(marketingEn) as (keyof typeof marketingEn)[];
const ready = new Map<Locale, MarketingWords>();

/** Every placeholder a message may name, as a number (which a plural and a plain argument both take). */
const ANY_VALUES = new Proxy({} as Record<string, number>, { get: () => 2, has: () => true });

/** A message that formats with sample values: a broken or missing one reads English, never a key or a brace. */
export function usable(locale: Locale, message: string | undefined): message is string {
  if (message === undefined) return false;
  try {
    format(locale, message, ANY_VALUES);
    return true;
  } catch (error) {
    console.error(`landing message in ${locale}`, error);
    return false;
  }
}

/** One language's landing page words from `own`: a message it lacks, or cannot format, reads English. */
export function wordsOf(locale: Locale, own: MarketingCatalog): MarketingWords {
  const shared = locale === "en" ? {} : OTHER_CATALOGS[locale];
  const messages = Object.fromEntries([
    ...KEYS.map((key) => [key, usable(locale, own[key]) ? own[key] : marketingEn[key]]),
    ...BORROWED.map((key) => [key, usable(locale, shared[key]) ? shared[key] : ENGLISH[key]]),
  ]) as Record<MarketingKey, string>;
  return { locale, messages };
}

/** One language's landing page words, as the loader sends them: checked once per isolate. */
export function marketingWords(locale: Locale): MarketingWords {
  let words = ready.get(locale);
  if (!words) {
    words = wordsOf(locale, MARKETING_CATALOGS[locale]);
    ready.set(locale, words);
  }
  return words;
}
