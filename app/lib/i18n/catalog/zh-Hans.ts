import type { Catalog } from "../english";
import { accountZhHans } from "../messages/account/zh-Hans";
import { attendeeZhHans } from "../messages/attendee/zh-Hans";
import { authZhHans } from "../messages/auth/zh-Hans";
import { eventsZhHans } from "../messages/events/zh-Hans";
import { givingZhHans } from "../messages/giving/zh-Hans";
import { siteZhHans } from "../messages/site/zh-Hans";
import { zhHans } from "../messages/zh-Hans";

/** Simplified Chinese, every area in one object: a browser loads it alone, for a page read in Simplified Chinese (decision 0270). */
export const catalogZhHans: Catalog = /* @__PURE__ */ Object.assign(
  {},
  zhHans,
  givingZhHans,
  eventsZhHans,
  authZhHans,
  attendeeZhHans,
  siteZhHans,
  accountZhHans,
);
