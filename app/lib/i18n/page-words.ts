/** The public pages' catalogues, for their loaders only (decision 0285). */
import { SAMPLE_EVENT_IDS } from "~/content/events";
import { dayInZone } from "~/lib/time/time";
import { formatHours } from "./format";
import { format } from "./icu";
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
import { type PageArea, type PageKey, type PageWords, pageSay } from "./pages";

/** Every language's public pages' words: English whole, the others as written (the catalogue test reads these). */
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

const SAMPLE_BORROWS = new Set<MarketingKey>([
  "home.event.upcoming",
  "home.event.active",
  "home.event.past",
  "home.event.online",
  "event.type.in-person",
  "event.type.virtual",
  "event.type.hybrid",
  "home.hero.signUp",
]);

/** The landing's words a page shows too: the plan and its features, the tagline, an event's status and kind, "Share". */
const BORROWED: Partial<Record<PageArea, (key: MarketingKey) => boolean>> = {
  pricing: (key) => key === "plan.pro.description" || key.startsWith("plan.feature."),
  about: (key) => key === "card.footer.tagline",
  sample: (key) => SAMPLE_BORROWS.has(key),
  demo: (key) => key === "card.share",
};

/** Another page's sections a page shows too: help carries the contact page's support form, words and field messages. */
const SHARED: Partial<Record<PageArea, readonly string[]>> = { help: ["contact.form.", "contact.error."] };

/** One language's words for one page from `own`: a message it lacks, or cannot format, reads English. */
export function areaWordsOf(locale: Locale, area: PageArea, own: PagesCatalog): PageWords {
  const landing = marketingWords(locale).messages;
  const messages: Partial<Record<PageKey, string>> = {};
  const fields: Record<string, string> = {};
  const sections = [`${area}.`, ...(SHARED[area] ?? [])];
  for (const key of KEYS) {
    if (!sections.some((section) => key.startsWith(section))) continue;
    const message = usable(locale, own[key]) ? own[key] : pagesEn[key];
    messages[key] = message;
    if (/^[^.]+\.error\./.test(key)) fields[pagesEn[key]] = format(locale, message, undefined);
  }
  const borrowed = BORROWED[area];
  if (borrowed)
    for (const key of Object.keys(landing) as MarketingKey[]) if (borrowed(key)) messages[key] = landing[key];
  return { locale, messages, fields };
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

/** The sample events' titles in one language, by id, for the landing's event row: the same words as their pages. */
export function sampleTitles(locale: Locale): Record<string, string> {
  const t = pageSay(pageWords(locale, "sample"));
  return Object.fromEntries(SAMPLE_EVENT_IDS.map((id) => [id, t(`sample.${id}.title` as PageKey)]));
}

/** The team answers on New York's clock: written the reader's way, with the zone named in their language. */
const OFFICE = { starts: "09:00", ends: "17:00", timeZone: "America/New_York", showZone: true };

/** Today's support hours in one language, for the contact and help pages. */
export function supportHours(locale: Locale): string {
  return formatHours({ ...OFFICE, date: dayInZone(new Date(), OFFICE.timeZone) }, locale);
}
