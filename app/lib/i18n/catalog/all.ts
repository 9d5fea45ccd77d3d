import type { Catalog } from "../english";
import type { Locale } from "../locales";
import { catalogAr } from "./ar";
import { catalogDe } from "./de";
import { catalogEs } from "./es";
import { catalogFr } from "./fr";
import { catalogIt } from "./it";
import { catalogJa } from "./ja";
import { catalogNl } from "./nl";
import { catalogPtBR } from "./pt-BR";
import { catalogZhHans } from "./zh-Hans";

/** Every language but English, for the server (and the tests): the browser imports one at a time (decision 0270). */
export const OTHER_CATALOGS: Record<Exclude<Locale, "en">, Catalog> = {
  es: catalogEs,
  fr: catalogFr,
  de: catalogDe,
  "pt-BR": catalogPtBR,
  it: catalogIt,
  nl: catalogNl,
  ja: catalogJa,
  "zh-Hans": catalogZhHans,
  ar: catalogAr,
};
