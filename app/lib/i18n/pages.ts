/**
 * The pricing, about, legal, updates and guides pages' words (decision 0285). Each page's loader sends its own area's messages in
 * the page's language, checked on the server, so no browser loads a catalogue: the pages are static.
 */
import { format, type MessageValues } from "./icu";
import type { Locale } from "./locales";
import type { MarketingKey } from "./marketing";
import type { pagesEn } from "./messages/pages/en";

/** Which page's words a loader sends: the keys under its prefix, and what it borrows from the landing's. */
export type PageArea = "pricing" | "about" | "legal" | "updates" | "guides";

export type PageKey = keyof typeof pagesEn | MarketingKey;
export type PageWords = { locale: Locale; messages: Partial<Record<PageKey, string>> };
export type SayPage = ((key: PageKey, values?: MessageValues) => string) & { locale: Locale };

/** Formats the messages a loader sent; each parsed on the server already, in its language or English. */
export function pageSay({ locale, messages }: PageWords): SayPage {
  return Object.assign((key: PageKey, values?: MessageValues) => format(locale, messages[key] ?? "", values), {
    locale,
  });
}
