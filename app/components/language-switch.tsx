import { useLocation } from "react-router";
import { LOCALE_NAME, LOCALES, type Locale } from "~/lib/i18n/locales";

/** This page's address in another language: the page's own query kept, `?lang=` replaced (decision 0193). */
function languageHref(search: string, code: Locale): string {
  const params = new URLSearchParams(search);
  params.set("lang", code);
  return `?${params.toString()}`;
}

/**
 * The small language switcher of a page a visitor reads in their language: a `<details>` list of links,
 * each language named in itself; it works without JavaScript, and following one remembers the choice.
 * `label` is "Language" in the page's language (the caller's catalog, so this file ships none).
 */
export function LanguageSwitch({
  locale,
  label,
  className = "",
  testId = "language-switch",
}: {
  locale: Locale;
  label: string;
  className?: string;
  testId?: string;
}) {
  const { search } = useLocation();
  return (
    <details className={`text-sm ${className}`} data-testid={testId}>
      <summary className="inline-block cursor-pointer rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
        {label}: {LOCALE_NAME[locale]}
      </summary>
      <ul className="mt-1 flex flex-wrap gap-x-2 gap-y-1">
        {LOCALES.map((code) => (
          <li key={code}>
            <a
              href={languageHref(search, code)}
              lang={code}
              hrefLang={code}
              aria-current={code === locale ? "true" : undefined}
              className="inline-block rounded px-2 py-1 underline-offset-2 hover:underline aria-[current=true]:font-bold"
            >
              {LOCALE_NAME[code]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
