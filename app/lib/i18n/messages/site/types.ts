import type { siteEn } from "./en";

/** Another language's header and footer words: a key it lacks reads the English message. */
export type SiteCatalog = { readonly [K in keyof typeof siteEn]?: string };
