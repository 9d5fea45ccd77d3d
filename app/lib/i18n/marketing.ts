/**
 * The landing page's words (decision 0283). The loader sends one language's messages, checked on the server, so no
 * browser loads them with a catalogue chunk: the page is static, and when it does hydrate (a toast) React
 * formats the same messages it was sent.
 */
import type { MessageKey } from "./english";
import { format, type MessageValues } from "./icu";
import type { Locale } from "./locales";
import type { marketingEn } from "./messages/marketing/en";

/** Words the landing shares with the campaign and event pages: one message each, in the main catalogues. */
export const BORROWED = [
  "card.save",
  "card.share",
  "card.footer.tagline",
  "site.link.features",
  "giving.category.environment",
  "giving.category.education",
  "giving.category.animals",
  "giving.category.community",
  "giving.category.arts",
  "giving.category.health",
  "giving.category.human-services",
  "giving.category.faith",
  "giving.category.international",
  "giving.progressLabel",
  "giving.progress",
  "event.type.in-person",
  "event.type.virtual",
  "event.type.hybrid",
] as const satisfies readonly MessageKey[];

export type MarketingKey = keyof typeof marketingEn | (typeof BORROWED)[number];
export type MarketingWords = { locale: Locale; messages: Record<MarketingKey, string> };
export type SayMarketing = ((key: MarketingKey, values?: MessageValues) => string) & { locale: Locale };

/** Formats the messages a loader sent; each parsed on the server already, in its language or English. */
export function marketingSay({ locale, messages }: MarketingWords): SayMarketing {
  return Object.assign((key: MarketingKey, values?: MessageValues) => format(locale, messages[key], values), {
    locale,
  });
}
