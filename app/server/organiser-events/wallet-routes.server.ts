import { Hono } from "hono";
import type { AppContext } from "~/context";
import { badgePath } from "~/lib/organiser-events/badge";
import { appleWalletConfig, googleWalletConfig } from "../cards/wallet/config.server";
import { badgeProof } from "./attendees.server";
import { publicOrgEvent } from "./events.server";
import { buildTicketPass, eventIcs, ticketHolder, ticketSaveUrl } from "./wallet.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** The pass in a wallet, opened by the pass's own secret; and the event as a calendar file, public like its page. */
export const walletRoutes = new Hono<HonoEnv>();

const TOKEN = "[A-Za-z0-9_-]{16,64}";
const PRIVATE = { "cache-control": "private, no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" };

/** The ticket behind a pass link: only an admitted attendee of a live event has one; anyone else reads not found. */
async function ticketOf(app: AppContext, url: string, token: string) {
  const found = await ticketHolder(app.db, token);
  if (!found) return null;
  const origin = new URL(url).origin;
  const badgeUrl = `${origin}${badgePath(found.e.slug, found.a.badgeCode, await badgeProof(found.a.passToken))}`;
  return { ...found, badgeUrl, eventUrl: `${origin}/e/${found.e.slug}`, origin };
}

walletRoutes.get(`/pass/:token{${TOKEN}}/wallet.pkpass`, async (c) => {
  const app = c.get("app");
  const config = appleWalletConfig(app.env);
  const ticket = config && (await ticketOf(app, c.req.url, c.req.param("token")));
  if (!config || !ticket) return c.text("Not found", 404, PRIVATE);
  const pass = await buildTicketPass(ticket, config);
  return new Response(pass as BodyInit, {
    headers: {
      ...PRIVATE,
      "content-type": "application/vnd.apple.pkpass",
      "content-disposition": `attachment; filename="${ticket.e.slug}.pkpass"`,
    },
  });
});

walletRoutes.get(`/pass/:token{${TOKEN}}/google-wallet`, async (c) => {
  const app = c.get("app");
  const config = googleWalletConfig(app.env);
  const ticket = config && (await ticketOf(app, c.req.url, c.req.param("token")));
  if (!config || !ticket) return c.text("Not found", 404, PRIVATE);
  const url = await ticketSaveUrl(ticket, config, ticket.origin);
  return new Response(null, { status: 303, headers: { ...PRIVATE, location: url } });
});

walletRoutes.get("/e/:slug{[a-z0-9-]{1,60}}/event.ics", async (c) => {
  const event = await publicOrgEvent(c.get("app").db, c.req.param("slug"));
  if (!event) return c.text("Not found", 404);
  return new Response(eventIcs(event, new URL(c.req.url).origin), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${event.slug}.ics"`,
      "cache-control": "public, max-age=300",
    },
  });
});
