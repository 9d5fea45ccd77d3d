/** The sample event, contact, demo, reviews, newsletter and not-found pages' catalogues, for their loaders only. */

import { SAMPLE_EVENT_IDS } from "~/content/events";
import { format } from "./icu";
import type { Locale } from "./locales";
import type { MarketingKey } from "./marketing";
import { marketingWords, usable } from "./marketing-words";
import { sitePagesAr } from "./messages/sitepages/ar";
import { sitePagesDe } from "./messages/sitepages/de";
import { sitePagesEn } from "./messages/sitepages/en";
import { sitePagesEs } from "./messages/sitepages/es";
import { sitePagesFr } from "./messages/sitepages/fr";
import { sitePagesIt } from "./messages/sitepages/it";
import { sitePagesJa } from "./messages/sitepages/ja";
import { sitePagesNl } from "./messages/sitepages/nl";
import { sitePagesPtBR } from "./messages/sitepages/pt-BR";
import type { SitePagesCatalog } from "./messages/sitepages/types";
import { sitePagesZhHans } from "./messages/sitepages/zh-Hans";
import { type SitePageArea, type SitePageKey, type SitePageWords, sitePageSay } from "./sitepages";

/** Every language's words for these pages: English whole, the others as written (the catalogue test reads these). */
export const SITEPAGE_CATALOGS: Record<Locale, SitePagesCatalog> = {
  en: sitePagesEn,
  es: sitePagesEs,
  fr: sitePagesFr,
  de: sitePagesDe,
  "pt-BR": sitePagesPtBR,
  it: sitePagesIt,
  nl: sitePagesNl,
  ja: sitePagesJa,
  "zh-Hans": sitePagesZhHans,
  ar: sitePagesAr,
};

const KEYS = Object.keys(sitePagesEn) as (keyof typeof sitePagesEn)[];

/** The landing's words a page shows too: an event's status and kind, "Online", the sign-up button. */
const BORROWED: Partial<Record<SitePageArea, readonly MarketingKey[]>> = {
  sample: [
    "home.event.upcoming",
    "home.event.active",
    "home.event.past",
    "home.event.online",
    "event.type.in-person",
    "event.type.virtual",
    "event.type.hybrid",
    "home.hero.signUp",
  ],
  demo: ["card.share"],
};

/** One language's words for one area from `own`: a message it lacks, or cannot format, reads English. */
export function sitePageWordsOf(locale: Locale, area: SitePageArea, own: SitePagesCatalog): SitePageWords {
  const messages: Partial<Record<SitePageKey, string>> = {};
  const fields: Record<string, string> = {};
  for (const key of KEYS) {
    if (!key.startsWith(`${area}.`)) continue;
    const message = usable(locale, own[key]) ? own[key] : sitePagesEn[key];
    messages[key] = message;
    if (key.startsWith(`${area}.error.`)) fields[sitePagesEn[key]] = format(locale, message, undefined);
  }
  for (const key of BORROWED[area] ?? []) messages[key] = marketingWords(locale).messages[key];
  return { locale, messages, fields };
}

const ready = new Map<string, SitePageWords>();

/** One page's words in one language, as its loader sends them: checked once per isolate. */
export function sitePageWords(locale: Locale, area: SitePageArea): SitePageWords {
  const id = `${locale} ${area}`;
  let words = ready.get(id);
  if (!words) {
    words = sitePageWordsOf(locale, area, SITEPAGE_CATALOGS[locale]);
    ready.set(id, words);
  }
  return words;
}

/** The sample events' titles in one language, by id, for the landing's event row: the same words as their pages. */
export function sampleTitles(locale: Locale): Record<string, string> {
  const t = sitePageSay(sitePageWords(locale, "sample"));
  return Object.fromEntries(SAMPLE_EVENT_IDS.map((id) => [id, t(`sample.${id}.title` as SitePageKey)]));
}
