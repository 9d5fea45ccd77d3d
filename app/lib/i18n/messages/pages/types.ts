import type { pagesEn } from "./en";

/** Another language's pricing, about and legal words: a key it lacks reads the English message. */
export type PagesCatalog = { readonly [K in keyof typeof pagesEn]?: string };
