import type { Catalog } from "../english";
import { accountFr } from "../messages/account/fr";
import { attendeeFr } from "../messages/attendee/fr";
import { authFr } from "../messages/auth/fr";
import { eventsFr } from "../messages/events/fr";
import { fr } from "../messages/fr";
import { givingFr } from "../messages/giving/fr";
import { siteFr } from "../messages/site/fr";

/** French, every area in one object: a browser loads it alone, for a page read in French (decision 0270). */
export const catalogFr: Catalog = /* @__PURE__ */ Object.assign(
  {},
  fr,
  givingFr,
  eventsFr,
  authFr,
  attendeeFr,
  siteFr,
  accountFr,
);
