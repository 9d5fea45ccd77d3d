import type { Catalog } from "../english";
import { accountIt } from "../messages/account/it";
import { attendeeIt } from "../messages/attendee/it";
import { authIt } from "../messages/auth/it";
import { eventsIt } from "../messages/events/it";
import { givingIt } from "../messages/giving/it";
import { it } from "../messages/it";
import { siteIt } from "../messages/site/it";

/** Italian, every area in one object: a browser loads it alone, for a page read in Italian (decision 0270). */
export const catalogIt: Catalog = /* @__PURE__ */ Object.assign(
  {},
  it,
  givingIt,
  eventsIt,
  authIt,
  attendeeIt,
  siteIt,
  accountIt,
);
