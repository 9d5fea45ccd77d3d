import type { Catalog } from "../english";
import { accountPtBR } from "../messages/account/pt-BR";
import { attendeePtBR } from "../messages/attendee/pt-BR";
import { authPtBR } from "../messages/auth/pt-BR";
import { eventsPtBR } from "../messages/events/pt-BR";
import { givingPtBR } from "../messages/giving/pt-BR";
import { ptBR } from "../messages/pt-BR";
import { sitePtBR } from "../messages/site/pt-BR";

/** Brazilian Portuguese, every area in one object: a browser loads it alone, for a page read in Brazilian Portuguese (decision 0270). */
export const catalogPtBR: Catalog = /* @__PURE__ */ Object.assign(
  {},
  ptBR,
  givingPtBR,
  eventsPtBR,
  authPtBR,
  attendeePtBR,
  sitePtBR,
  accountPtBR,
);
