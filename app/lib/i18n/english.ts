// The English messages and the shapes every other language's catalogue takes: apart from translate.ts, which
// imports the catalogues, so a catalogue can name its type without an import circle.
import { accountEn } from "./messages/account/en";
import { attendeeEn } from "./messages/attendee/en";
import { authEn } from "./messages/auth/en";
import { en } from "./messages/en";
import { eventsEn } from "./messages/events/en";
import { givingEn } from "./messages/giving/en";
import { siteEn } from "./messages/site/en";

/** Every English message: the card's and, in their own files, each area's (so areas grow apart, not in one file). */
export const ENGLISH = { ...en, ...givingEn, ...eventsEn, ...authEn, ...attendeeEn, ...siteEn, ...accountEn } as const;
export type MessageKey = keyof typeof ENGLISH;
/** Another language's messages: a key it lacks reads the English message. */
export type Catalog = { readonly [K in MessageKey]?: string };
