import { OTHER_CATALOGS } from "./catalog/all";
import { type Catalog, ENGLISH, type MessageKey } from "./english";
import { format, type MessageValues } from "./icu";
import { DEFAULT_LOCALE, type Locale, localeDir, matchLocale } from "./locales";

export { type Catalog, ENGLISH, type MessageKey };

/**
 * The catalogs at hand. The server holds every language; the browser starts with English and loads the page's own
 * language before it hydrates or navigates (`loadCatalog`), so no page ships ten languages (decision 0270).
 * `import.meta.env.SSR` is a build-time constant: the client build drops the other languages' import.
 */
const CATALOGS: Partial<Record<Locale, Catalog>> = import.meta.env.SSR
  ? { en: ENGLISH, ...OTHER_CATALOGS }
  : { en: ENGLISH };

/** Each language's own chunk for the browser: one dynamic import per language, so each is a file of its own. */
const CHUNKS: Record<Exclude<Locale, "en">, () => Promise<Catalog>> = {
  es: () => import("./catalog/es").then((m) => m.catalogEs),
  fr: () => import("./catalog/fr").then((m) => m.catalogFr),
  de: () => import("./catalog/de").then((m) => m.catalogDe),
  "pt-BR": () => import("./catalog/pt-BR").then((m) => m.catalogPtBR),
  it: () => import("./catalog/it").then((m) => m.catalogIt),
  nl: () => import("./catalog/nl").then((m) => m.catalogNl),
  ja: () => import("./catalog/ja").then((m) => m.catalogJa),
  "zh-Hans": () => import("./catalog/zh-Hans").then((m) => m.catalogZhHans),
  ar: () => import("./catalog/ar").then((m) => m.catalogAr),
};

/** Makes `locale`'s messages available to `translator`; at once when they already are (always, on the server). */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (locale === "en" || CATALOGS[locale]) return;
  CATALOGS[locale] = await CHUNKS[locale]();
}

// In the browser, a page written in the visitor's language (its <html lang>) renders with that language's catalog:
// every module that translates waits for it, so React Router hydrates the page only once it is here (decision 0270).
if (!import.meta.env.SSR && typeof document !== "undefined")
  await loadCatalog(matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE);

/**
 * A page's `clientLoader`: its server data, once the language it names is loaded, so a client navigation to a
 * page in another language than the one the browser started in renders in that language, never in English.
 */
export async function withCatalog<T extends { locale: Locale }>({
  serverLoader,
}: {
  serverLoader: () => Promise<T>;
}): Promise<T> {
  const data = await serverLoader();
  await loadCatalog(data.locale);
  return data;
}

export type { MessageValues };
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LTR_LETTER = /[A-Za-z\u00c0-\u024f\u0370-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * A value written in the other direction (an English name in an Arabic sentence, or the reverse) is set
 * apart with first-strong isolates, so the sentence's punctuation and word order stay where they belong.
 * Values in the page's own direction are left as they are, so English messages stay byte for byte.
 */
function isolated(values: MessageValues | undefined, dir: "ltr" | "rtl"): MessageValues | undefined {
  if (!values) return values;
  const foreign = dir === "rtl" ? LTR_LETTER : RTL_LETTER;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "string" && foreign.test(value) ? `\u2068${value}\u2069` : value,
    ]),
  );
}

/**
 * The messages of one language. A key the language lacks, or a message it cannot format, reads the
 * English message; the key itself is never shown.
 */
export function translator(locale: Locale): Translate {
  return translatorOf(locale, CATALOGS[locale] ?? ENGLISH);
}

/** A translator over any catalog: the tests hand it one with a message missing or broken. */
export function translatorOf(locale: Locale, catalog: Catalog): Translate {
  return (key, raw) => {
    const values = isolated(raw, localeDir(locale));
    const own = catalog[key];
    if (own !== undefined && locale !== DEFAULT_LOCALE) {
      try {
        return format(locale, own, values);
      } catch (error) {
        console.error(`message ${key} in ${locale}`, error);
      }
    }
    return format(DEFAULT_LOCALE, ENGLISH[key], isolated(raw, "ltr"));
  };
}

/** A link stands on its own line, bare: isolate marks around it would end up inside it in some mail readers. */
export const bareLink = (text: string, url: string) => text.replace(`\u2068${url}\u2069`, url);
