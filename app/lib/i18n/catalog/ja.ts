import type { Catalog } from "../english";
import { accountJa } from "../messages/account/ja";
import { attendeeJa } from "../messages/attendee/ja";
import { authJa } from "../messages/auth/ja";
import { eventsJa } from "../messages/events/ja";
import { givingJa } from "../messages/giving/ja";
import { ja } from "../messages/ja";
import { siteJa } from "../messages/site/ja";

/** Japanese, every area in one object: a browser loads it alone, for a page read in Japanese (decision 0270). */
export const catalogJa: Catalog = /* @__PURE__ */ Object.assign(
  {},
  ja,
  givingJa,
  eventsJa,
  authJa,
  attendeeJa,
  siteJa,
  accountJa,
);
