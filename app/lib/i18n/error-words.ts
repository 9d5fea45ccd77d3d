/**
 * The error pages' words in the visitor's language, for public pages written in it (the root loader sends
 * them, so no catalog reaches the browser). English is ERROR_PAGES, word for word.
 */
import { ERROR_PAGES } from "../platform/error-pages";
import type { Locale } from "./locales";
import { translator } from "./translate";

export type ErrorWords = {
  pages: Record<keyof typeof ERROR_PAGES, { title: string; text: string; label: string }>;
  home: string;
};

export function errorWords(locale: Locale): ErrorWords {
  const t = translator(locale);
  const statuses = Object.keys(ERROR_PAGES).map(Number) as (keyof typeof ERROR_PAGES)[];
  return {
    pages: Object.fromEntries(
      statuses.map((status) => [
        status,
        {
          title: t(`error.${status}.title`),
          text: t(`error.${status}.text`),
          label: t("error.label", { status: String(status) }),
        },
      ]),
    ) as ErrorWords["pages"],
    home: t("error.home"),
  };
}
