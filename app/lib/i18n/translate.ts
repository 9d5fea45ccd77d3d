import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LOCALE, type Locale, localeDir } from "./locales";
import { accountAr } from "./messages/account/ar";
import { accountDe } from "./messages/account/de";
import { accountEn } from "./messages/account/en";
import { accountEs } from "./messages/account/es";
import { accountFr } from "./messages/account/fr";
import { accountIt } from "./messages/account/it";
import { accountJa } from "./messages/account/ja";
import { accountNl } from "./messages/account/nl";
import { accountPtBR } from "./messages/account/pt-BR";
import { accountZhHans } from "./messages/account/zh-Hans";
import { ar } from "./messages/ar";
import { attendeeAr } from "./messages/attendee/ar";
import { attendeeDe } from "./messages/attendee/de";
import { attendeeEn } from "./messages/attendee/en";
import { attendeeEs } from "./messages/attendee/es";
import { attendeeFr } from "./messages/attendee/fr";
import { attendeeIt } from "./messages/attendee/it";
import { attendeeJa } from "./messages/attendee/ja";
import { attendeeNl } from "./messages/attendee/nl";
import { attendeePtBR } from "./messages/attendee/pt-BR";
import { attendeeZhHans } from "./messages/attendee/zh-Hans";
import { authAr } from "./messages/auth/ar";
import { authDe } from "./messages/auth/de";
import { authEn } from "./messages/auth/en";
import { authEs } from "./messages/auth/es";
import { authFr } from "./messages/auth/fr";
import { authIt } from "./messages/auth/it";
import { authJa } from "./messages/auth/ja";
import { authNl } from "./messages/auth/nl";
import { authPtBR } from "./messages/auth/pt-BR";
import { authZhHans } from "./messages/auth/zh-Hans";
import { de } from "./messages/de";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { eventsAr } from "./messages/events/ar";
import { eventsDe } from "./messages/events/de";
import { eventsEn } from "./messages/events/en";
import { eventsEs } from "./messages/events/es";
import { eventsFr } from "./messages/events/fr";
import { eventsIt } from "./messages/events/it";
import { eventsJa } from "./messages/events/ja";
import { eventsNl } from "./messages/events/nl";
import { eventsPtBR } from "./messages/events/pt-BR";
import { eventsZhHans } from "./messages/events/zh-Hans";
import { fr } from "./messages/fr";
import { givingAr } from "./messages/giving/ar";
import { givingDe } from "./messages/giving/de";
import { givingEn } from "./messages/giving/en";
import { givingEs } from "./messages/giving/es";
import { givingFr } from "./messages/giving/fr";
import { givingIt } from "./messages/giving/it";
import { givingJa } from "./messages/giving/ja";
import { givingNl } from "./messages/giving/nl";
import { givingPtBR } from "./messages/giving/pt-BR";
import { givingZhHans } from "./messages/giving/zh-Hans";
import { it } from "./messages/it";
import { ja } from "./messages/ja";
import { nl } from "./messages/nl";
import { ptBR } from "./messages/pt-BR";
import { siteAr } from "./messages/site/ar";
import { siteDe } from "./messages/site/de";
import { siteEn } from "./messages/site/en";
import { siteEs } from "./messages/site/es";
import { siteFr } from "./messages/site/fr";
import { siteIt } from "./messages/site/it";
import { siteJa } from "./messages/site/ja";
import { siteNl } from "./messages/site/nl";
import { sitePtBR } from "./messages/site/pt-BR";
import { siteZhHans } from "./messages/site/zh-Hans";
import { zhHans } from "./messages/zh-Hans";

/** Every English message: the card's and, in their own files, each area's (so areas grow apart, not in one file). */
export const ENGLISH = { ...en, ...givingEn, ...eventsEn, ...authEn, ...attendeeEn, ...siteEn, ...accountEn } as const;
export type MessageKey = keyof typeof ENGLISH;
/** Another language's messages: a key it lacks reads the English message. */
export type Catalog = { readonly [K in MessageKey]?: string };

export const CATALOGS: Record<Locale, Catalog> = {
  en: ENGLISH,
  es: { ...es, ...givingEs, ...eventsEs, ...authEs, ...attendeeEs, ...siteEs, ...accountEs },
  fr: { ...fr, ...givingFr, ...eventsFr, ...authFr, ...attendeeFr, ...siteFr, ...accountFr },
  de: { ...de, ...givingDe, ...eventsDe, ...authDe, ...attendeeDe, ...siteDe, ...accountDe },
  "pt-BR": { ...ptBR, ...givingPtBR, ...eventsPtBR, ...authPtBR, ...attendeePtBR, ...sitePtBR, ...accountPtBR },
  it: { ...it, ...givingIt, ...eventsIt, ...authIt, ...attendeeIt, ...siteIt, ...accountIt },
  nl: { ...nl, ...givingNl, ...eventsNl, ...authNl, ...attendeeNl, ...siteNl, ...accountNl },
  ja: { ...ja, ...givingJa, ...eventsJa, ...authJa, ...attendeeJa, ...siteJa, ...accountJa },
  "zh-Hans": {
    ...zhHans,
    ...givingZhHans,
    ...eventsZhHans,
    ...authZhHans,
    ...attendeeZhHans,
    ...siteZhHans,
    ...accountZhHans,
  },
  ar: { ...ar, ...givingAr, ...eventsAr, ...authAr, ...attendeeAr, ...siteAr, ...accountAr },
};

export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** Parsed messages, once per isolate: parsing is the costly part, formatting is cheap. */
const compiled = new Map<string, IntlMessageFormat>();

function format(locale: Locale, source: string, values: MessageValues | undefined): string {
  const id = `${locale}\u0000${source}`;
  let message = compiled.get(id);
  if (!message) {
    message = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    compiled.set(id, message);
  }
  return String(message.format(values));
}

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
