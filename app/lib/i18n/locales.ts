/**
 * The languages visitors read, and how a request picks one: an explicit choice (`?lang=` or the `lang`
 * preference cookie), else Accept-Language, else English. Pure: the server and tests share it.
 */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR", "it", "nl", "ja", "zh-Hans", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, for the switcher. */
export const LOCALE_NAME: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  it: "Italiano",
  nl: "Nederlands",
  ja: "日本語",
  "zh-Hans": "简体中文",
  ar: "العربية",
};

export const localeDir = (locale: Locale): "ltr" | "rtl" => (locale === "ar" ? "rtl" : "ltr");

/** The preference cookie: strictly functional (the visitor's own choice of language), no identifier. */
export const LANG_COOKIE = "lang";

const EXACT = new Map<string, Locale>(LOCALES.map((l) => [l.toLowerCase(), l]));
/** A language without our exact variant: Portuguese reads the Brazilian catalog, any Chinese the Simplified one. */
const BY_LANGUAGE = new Map<string, Locale>(LOCALES.map((l) => [l.split("-")[0] as string, l]));

const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;

/** One language tag to a locale we have, or null (unknown, malformed or too long). */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag || tag.length > 35 || !TAG.test(tag)) return null;
  const lower = tag.toLowerCase();
  return EXACT.get(lower) ?? BY_LANGUAGE.get(lower.split("-")[0] as string) ?? null;
}

/** Headers past this are read only this far: a visitor's real preferences come first. */
const MAX_HEADER = 1000;
const MAX_ENTRIES = 32;

/** The best locale for an Accept-Language header; malformed entries are skipped, never fatal. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const entries: { locale: Locale; q: number; i: number }[] = [];
  const parts = header.slice(0, MAX_HEADER).split(",").slice(0, MAX_ENTRIES);
  parts.forEach((part, i) => {
    const [tag = "", ...params] = part.trim().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    const locale = matchLocale(tag.trim());
    if (locale) entries.push({ locale, q, i });
  });
  entries.sort((a, b) => b.q - a.q || a.i - b.i);
  return entries[0]?.locale ?? null;
}

export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = (cookieHeader ?? "").match(/(?:^|;\s*)lang=([^;]{1,35})/);
  return matchLocale(match?.[1]);
}

export type LocaleChoice = {
  locale: Locale;
  /** Set when `?lang=` named a language we have: remember it in the preference cookie. */
  chosen: Locale | null;
};

/** The language of a request: `?lang=`, then the cookie, then Accept-Language, then English. */
export function negotiateLocale(request: Request): LocaleChoice {
  const query = new URL(request.url).searchParams.get("lang");
  const chosen = matchLocale(query);
  const locale =
    chosen ??
    cookieLocale(request.headers.get("cookie")) ??
    fromAcceptLanguage(request.headers.get("accept-language")) ??
    DEFAULT_LOCALE;
  return { locale, chosen };
}

/** The Set-Cookie that remembers a choice for a year; nothing but the language code is stored. */
export function langCookie(locale: Locale, secure: boolean): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** An account's stored language (decision 0269) as a locale: none yet, or one we no longer have, reads English. */
export const accountLocale = (stored: string | null | undefined): Locale => matchLocale(stored) ?? DEFAULT_LOCALE;

/** The page where a reader suggests a better translation of `page` in `locale` (decision 0259). */
export const suggestTranslationHref = (page: string, locale: Locale) =>
  `/translate?${new URLSearchParams({ page, lang: locale })}`;
