import type { sitePagesEn } from "./en";

/** Another language's words for these pages: a key it lacks reads the English message. */
export type SitePagesCatalog = { readonly [K in keyof typeof sitePagesEn]?: string };
