import type { Catalog } from "../english";
import { accountAr } from "../messages/account/ar";
import { ar } from "../messages/ar";
import { attendeeAr } from "../messages/attendee/ar";
import { authAr } from "../messages/auth/ar";
import { eventsAr } from "../messages/events/ar";
import { givingAr } from "../messages/giving/ar";
import { siteAr } from "../messages/site/ar";

/** Arabic, every area in one object: a browser loads it alone, for a page read in Arabic (decision 0270). */
export const catalogAr: Catalog = /* @__PURE__ */ Object.assign(
  {},
  ar,
  givingAr,
  eventsAr,
  authAr,
  attendeeAr,
  siteAr,
  accountAr,
);
