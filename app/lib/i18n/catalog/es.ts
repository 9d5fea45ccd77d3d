import type { Catalog } from "../english";
import { accountEs } from "../messages/account/es";
import { attendeeEs } from "../messages/attendee/es";
import { authEs } from "../messages/auth/es";
import { es } from "../messages/es";
import { eventsEs } from "../messages/events/es";
import { givingEs } from "../messages/giving/es";
import { siteEs } from "../messages/site/es";

/** Spanish, every area in one object: a browser loads it alone, for a page read in Spanish (decision 0270). */
export const catalogEs: Catalog = /* @__PURE__ */ Object.assign(
  {},
  es,
  givingEs,
  eventsEs,
  authEs,
  attendeeEs,
  siteEs,
  accountEs,
);
