import type { marketingEn } from "./en";

/** Another language's landing page words: a key it lacks reads the English message. */
export type MarketingCatalog = { readonly [K in keyof typeof marketingEn]?: string };
