import type { attendeeEn } from "./en";

/** Another language's attendee-screen messages: a key it lacks reads the English message. */
export type AttendeeCatalog = { readonly [K in keyof typeof attendeeEn]?: string };
