import type { authEn } from "./en";

/** Another language's sign-in messages: a key it lacks reads the English message. */
export type AuthCatalog = { readonly [K in keyof typeof authEn]?: string };
