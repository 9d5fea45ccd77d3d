import type { Catalog } from "../english";
import { accountNl } from "../messages/account/nl";
import { attendeeNl } from "../messages/attendee/nl";
import { authNl } from "../messages/auth/nl";
import { eventsNl } from "../messages/events/nl";
import { givingNl } from "../messages/giving/nl";
import { nl } from "../messages/nl";
import { siteNl } from "../messages/site/nl";

/** Dutch, every area in one object: a browser loads it alone, for a page read in Dutch (decision 0270). */
export const catalogNl: Catalog = /* @__PURE__ */ Object.assign(
  {},
  nl,
  givingNl,
  eventsNl,
  authNl,
  attendeeNl,
  siteNl,
  accountNl,
);
