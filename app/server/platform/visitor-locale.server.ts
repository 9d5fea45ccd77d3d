import { type Locale, langCookie, negotiateLocale } from "~/lib/i18n/locales";
import { LANGUAGE_VARY } from "./page-cache.server";

/** The visitor's language for a page served by Hono, and the preference cookie when `?lang=` just chose it. */
export function visitorLocale(request: Request): { locale: Locale; headers: Record<string, string> } {
  const { locale, chosen } = negotiateLocale(request);
  const headers: Record<string, string> = { vary: LANGUAGE_VARY };
  if (chosen) headers["set-cookie"] = langCookie(chosen, new URL(request.url).protocol === "https:");
  return { locale, headers };
}
