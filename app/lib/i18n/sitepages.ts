/**
 * The sample event, contact, demo, reviews, newsletter and not-found pages' words, and the newsletter offer's. Each page's loader sends its own
 * area's messages in the page's language, checked on the server, so no browser loads a catalogue; a page that
 * hydrates formats the same messages it was sent.
 */
import { format, type MessageValues } from "./icu";
import type { Locale } from "./locales";
import type { MarketingKey } from "./marketing";
import type { sitePagesEn } from "./messages/sitepages/en";

/** Which page's words a loader sends: the keys under its prefix. */
export type SitePageArea = "sample" | "contact" | "demo" | "reviews" | "newsletter" | "notFound" | "offer";

export type SitePageKey = keyof typeof sitePagesEn | MarketingKey;
export type SitePageWords = {
  locale: Locale;
  messages: Partial<Record<SitePageKey, string>>;
  /** A form's field messages, by the English the schema writes: the schemas keep the specification's wording. */
  fields: Record<string, string>;
};
export type SaySitePage = ((key: SitePageKey, values?: MessageValues) => string) & {
  locale: Locale;
  /** A schema's English message in the page's language; one this area does not know stays as written. */
  field: (english: string) => string;
};

/** Formats the messages a loader sent; each parsed on the server already, in its language or English. */
export function sitePageSay({ locale, messages, fields }: SitePageWords): SaySitePage {
  return Object.assign((key: SitePageKey, values?: MessageValues) => format(locale, messages[key] ?? "", values), {
    locale,
    field: (english: string) => fields[english] ?? english,
  });
}

/** A message with one placeholder shown as an element (a path in <code>): the text before and after it. */
export function around(t: SaySitePage, key: SitePageKey, name: string): [string, string] {
  const mark = "\u0001";
  const [before = "", after = ""] = t(key, { [name]: mark }).split(mark);
  return [before, after];
}
