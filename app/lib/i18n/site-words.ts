/**
 * The site header's and footer's words in the visitor's language (decision 0259). The root loader sends
 * them, so no catalog reaches the browser; English is the words the header and footer always showed.
 */
import { SITE } from "../site";
import { type Locale, localeDir } from "./locales";
import { siteEn } from "./messages/site/en";
import { translator } from "./translate";

/** The suggestion page's own messages (with their own values) stay out of the header and footer. */
type SiteKey = Exclude<keyof typeof siteEn, `site.suggest.${string}`>;
const isSiteKey = (key: string): key is SiteKey => !key.startsWith("site.suggest.");
type Short<K> = K extends `site.${infer Rest}` ? Rest : never;

export type SiteWords = {
  locale: Locale;
  dir: "ltr" | "rtl";
  /** Each header and footer message by its key without the `site.` prefix: `link.home`, `signIn`... */
  say: Record<Short<SiteKey>, string>;
  language: string;
  tagline: string;
};

export function siteWords(locale: Locale): SiteWords {
  const t = translator(locale);
  const say = Object.fromEntries(
    Object.keys(siteEn)
      .filter(isSiteKey)
      .map((key) => [key.slice("site.".length), t(key, { name: SITE.name })]),
  ) as SiteWords["say"];
  return { locale, dir: localeDir(locale), say, language: t("lang.label"), tagline: t("card.footer.tagline") };
}
