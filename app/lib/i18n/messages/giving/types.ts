import type { givingEn } from "./en";

/** Another language's giving messages: a key it lacks reads the English message. */
export type GivingCatalog = { readonly [K in keyof typeof givingEn]?: string };
