/** The pricing, about and legal pages' catalogues, for their loaders only (decision 0285). */
import type { Locale } from "./locales";
import type { MarketingKey } from "./marketing";
import { marketingWords, usable } from "./marketing-words";
import { pagesAr } from "./messages/pages/ar";
import { pagesDe } from "./messages/pages/de";
import { pagesEn } from "./messages/pages/en";
import { pagesEs } from "./messages/pages/es";
import { pagesFr } from "./messages/pages/fr";
import { pagesIt } from "./messages/pages/it";
import { pagesJa } from "./messages/pages/ja";
import { pagesNl } from "./messages/pages/nl";
import { pagesPtBR } from "./messages/pages/pt-BR";
import type { PagesCatalog } from "./messages/pages/types";
import { pagesZhHans } from "./messages/pages/zh-Hans";
import type { PageArea, PageKey, PageWords } from "./pages";

/** Every language's pricing, about and legal words: English whole, the others as written (the catalogue test reads these). */
export const PAGE_CATALOGS: Record<Locale, PagesCatalog> = {
  en: pagesEn,
  es: pagesEs,
  fr: pagesFr,
  de: pagesDe,
  "pt-BR": pagesPtBR,
  it: pagesIt,
  nl: pagesNl,
  ja: pagesJa,
  "zh-Hans": pagesZhHans,
  ar: pagesAr,
};

const KEYS = Object.keys(pagesEn) as (keyof typeof pagesEn)[];

/** The landing's words a page shows too: the pricing page's plan and its features, the site's links. */
const BORROWED: Record<PageArea, (key: MarketingKey) => boolean> = {
  pricing: (key) => key === "plan.pro.description" || key.startsWith("plan.feature."),
  about: (key) => key === "card.footer.tagline",
  legal: () => false,
  updates: () => false,
  guides: () => false,
};

/** One language's words for one page from `own`: a message it lacks, or cannot format, reads English. */
export function areaWordsOf(locale: Locale, area: PageArea, own: PagesCatalog): PageWords {
  const landing = marketingWords(locale).messages;
  const messages: Partial<Record<PageKey, string>> = {};
  for (const key of KEYS)
    if (key.startsWith(`${area}.`)) messages[key] = usable(locale, own[key]) ? own[key] : pagesEn[key];
  for (const key of Object.keys(landing) as MarketingKey[]) if (BORROWED[area](key)) messages[key] = landing[key];
  return { locale, messages };
}

const ready = new Map<string, PageWords>();

/** One page's words in one language, as its loader sends them: checked once per isolate. */
export function pageWords(locale: Locale, area: PageArea): PageWords {
  const id = `${locale} ${area}`;
  let words = ready.get(id);
  if (!words) {
    words = areaWordsOf(locale, area, PAGE_CATALOGS[locale]);
    ready.set(id, words);
  }
  return words;
}
