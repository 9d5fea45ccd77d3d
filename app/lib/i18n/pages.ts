/**
 * The public pages' words (decision 0285): pricing, about, legal, updates, guides, the sample event, contact,
 * demo, reviews, newsletter, not-found and help pages. Each page's loader sends its own
 * area's messages in the page's language, checked on the server, so no browser loads a catalogue; a page that
 * hydrates formats the same messages it was sent.
 */
import { format, type MessageValues } from "./icu";
import type { Locale } from "./locales";
import type { MarketingKey } from "./marketing";
import type { pagesEn } from "./messages/pages/en";

/** Which page's words a loader sends: the keys under its prefix, and what it borrows from the landing's. */
export type PageArea =
  | "pricing"
  | "about"
  | "legal"
  | "updates"
  | "guides"
  | "sample"
  | "contact"
  | "demo"
  | "reviews"
  | "newsletter"
  | "notFound"
  | "help";

export type PageKey = keyof typeof pagesEn | MarketingKey;
export type PageWords = {
  locale: Locale;
  messages: Partial<Record<PageKey, string>>;
  /** A form's field messages, by the English the schema writes: the schemas keep the specification's wording. */
  fields: Record<string, string>;
};
export type SayPage = ((key: PageKey, values?: MessageValues) => string) & {
  locale: Locale;
  /** A schema's English message in the page's language; one this area does not know stays as written. */
  field: (english: string) => string;
};

/** Formats the messages a loader sent; each parsed on the server already, in its language or English. */
export function pageSay({ locale, messages, fields }: PageWords): SayPage {
  return Object.assign((key: PageKey, values?: MessageValues) => format(locale, messages[key] ?? "", values), {
    locale,
    field: (english: string) => fields[english] ?? english,
  });
}

/** A message with one placeholder shown as an element (a path in <code>): the text before and after it. */
export function around(t: SayPage, key: PageKey, name: string): [string, string] {
  const mark = "\u0001";
  const [before = "", after = ""] = t(key, { [name]: mark }).split(mark);
  return [before, after];
}
