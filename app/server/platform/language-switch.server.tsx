// The language choice of the pages rendered without React Router (a card, an event's pages, a mailing's pages).
import { DEFAULT_LOCALE, LOCALE_NAME, LOCALES, type Locale, suggestTranslationHref } from "~/lib/i18n/locales";
import type { Translate } from "~/lib/i18n/translate";

/**
 * A link to the page in one language: `?lang=` also remembers the choice (locales.ts); `keep` is the query the
 * page needs besides (a badge's proof).
 */
export function LanguageLink({
  code,
  locale,
  keep = {},
}: {
  code: Locale;
  locale: Locale;
  keep?: Record<string, string>;
}) {
  return (
    <a
      href={`?${new URLSearchParams({ ...keep, lang: code })}`}
      lang={code}
      hrefLang={code}
      aria-current={code === locale ? "true" : undefined}
    >
      {LOCALE_NAME[code]}
    </a>
  );
}

/** The page in each language, folded under the one it is read in. */
export function LanguageSwitch({ locale, t, keep }: { locale: Locale; t: Translate; keep?: Record<string, string> }) {
  return (
    <details className="langs">
      <summary>
        {t("lang.label")}: {LOCALE_NAME[locale]}
      </summary>
      <ul>
        {LOCALES.map((code) => (
          <li key={code}>
            <LanguageLink code={code} locale={locale} keep={keep} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A public page read in another language than English can be corrected by its reader (decision 0270). */
export function SuggestTranslation({ page, locale, t }: { page: string | undefined; locale: Locale; t: Translate }) {
  if (!page || locale === DEFAULT_LOCALE) return null;
  return (
    <p>
      <a href={suggestTranslationHref(page, locale)} rel="nofollow">
        {t("site.suggest")}
      </a>
    </p>
  );
}
