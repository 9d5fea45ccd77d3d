import type { accountEn } from "./en";

/** Another language's account mails: a key it lacks reads the English message. */
export type AccountCatalog = { readonly [K in keyof typeof accountEn]?: string };
