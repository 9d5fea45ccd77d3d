import type { eventsEn } from "./en";

/** Another language's event messages: a key it lacks reads the English message. */
export type EventsCatalog = { readonly [K in keyof typeof eventsEn]?: string };
