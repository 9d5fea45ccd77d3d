import type { Catalog } from "../english";
import { accountDe } from "../messages/account/de";
import { attendeeDe } from "../messages/attendee/de";
import { authDe } from "../messages/auth/de";
import { de } from "../messages/de";
import { eventsDe } from "../messages/events/de";
import { givingDe } from "../messages/giving/de";
import { siteDe } from "../messages/site/de";

/** German, every area in one object: a browser loads it alone, for a page read in German (decision 0270). */
export const catalogDe: Catalog = /* @__PURE__ */ Object.assign(
  {},
  de,
  givingDe,
  eventsDe,
  authDe,
  attendeeDe,
  siteDe,
  accountDe,
);
