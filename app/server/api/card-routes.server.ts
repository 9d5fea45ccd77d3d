import { Hono } from "hono";
import type { AppContext } from "~/context";
import { type PublicCard, vcardFileName } from "~/lib/card";
import { buildVCard } from "~/lib/vcard";
import { checkSignedCard, decodeCardParam } from "../card-link.server";
import { type Notice, renderCardNotFound, renderCardPage } from "../card-page.server";
import { countStat, getAvatar, getPublishedCard, type VisitSource } from "../cards.server";
import { emitEvent } from "../integrations/webhooks.server";
import { cardQrSvg } from "../qr.server";
import { limitShareBack } from "../rate-limit.server";
import { checkShare, recordShareBack, SHARE_MESSAGES, shareSuccess } from "../share-back.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** The visitor side of cards: pages, vCards, QR codes and share-backs. Served before React Router. */
export const cardRoutes = new Hono<HonoEnv>();

const html = (body: string, status = 200, cache = "no-store", extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": cache, ...extra },
  });

/** The refusal a visitor reads: when to try again, in words and in Retry-After. */
const retryNotice = (seconds: number) => ({
  title: "Too many attempts",
  description: `This card is taking a lot of shares just now. Please try again in ${seconds <= 60 ? "a minute" : `${Math.ceil(seconds / 60)} minutes`}. Your details are still in the form.`,
});

const notFound = (nonce: string) => html(renderCardNotFound(nonce), 404);

const sourceOf = (src: string | undefined): VisitSource => (src === "qr" || src === "nfc" ? src : "link");

function vcardResponse(card: PublicCard, url: string) {
  return new Response(buildVCard(card, url), {
    headers: {
      "content-type": "text/vcard; charset=utf-8",
      "content-disposition": `attachment; filename="${vcardFileName(card.name)}"; filename*=UTF-8''${encodeURIComponent(vcardFileName(card.name))}`,
      "cache-control": "no-store",
    },
  });
}

async function answerShare(
  c: { req: { raw: Request }; get(key: "app"): AppContext },
  card: PublicCard,
  pagePath: string,
  vcardHref: string,
) {
  const app = c.get("app");
  const request = c.req.raw;
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const check = checkShare(form);

  const reply = (status: number, notice: Notice, values: Record<string, string> = {}, retryAfter?: number) => {
    const headers: Record<string, string> = retryAfter ? { "retry-after": String(retryAfter) } : {};
    return wantsJson
      ? Response.json(
          { ok: status < 300, title: notice.title, description: notice.description, retryAfter },
          { status, headers },
        )
      : html(
          renderCardPage({
            card,
            vcardHref,
            shareAction: pagePath ? `${pagePath}/share` : null,
            notice,
            values,
            nonce: app.nonce,
            openShare: true,
          }),
          status,
          "no-store",
          headers,
        );
  };

  if (!card.ownerId || !card.id) return reply(403, { kind: "error", ...SHARE_MESSAGES.unverified });
  if (!check.ok) {
    // Bots get the same answer as people, so the trap is not revealed.
    if (check.reason === "bot")
      return reply(200, { kind: "success", ...shareSuccess(check.values.name || "Your", card.name) });
    return reply(400, { kind: "error", ...SHARE_MESSAGES[check.reason] }, check.values);
  }
  // Keyed on the person (card + email) as well as the address, so a crowd behind one venue IP
  // each shares once; the per-card ceiling still stops a flood (rate-limit.server.ts).
  const verdict = await limitShareBack(app.env, request, card.id, check.value.email);
  if (!verdict.ok) {
    const typed = { name: check.value.name, email: check.value.email, phone: check.value.phone ?? "" };
    return reply(429, { kind: "error", ...retryNotice(verdict.retryAfter) }, typed, verdict.retryAfter);
  }
  try {
    await recordShareBack(app.db, card, check.value);
    const ownerId = card.ownerId;
    app.ctx.waitUntil(
      emitEvent(app, ownerId, "shareback.received", {
        card: { id: card.id, name: card.name },
        name: check.value.name,
        email: check.value.email,
        phone: check.value.phone ?? null,
      }).catch((error) => console.error("shareback webhook", error)),
    );
    app.ctx.waitUntil(countStat(app.db, card.id, "shares").then(() => undefined));
  } catch (error) {
    console.error(error);
    return reply(
      503,
      { kind: "error", ...SHARE_MESSAGES.error },
      { name: check.value.name, email: check.value.email, phone: check.value.phone ?? "" },
    );
  }
  return reply(200, { kind: "success", ...shareSuccess(check.value.name, card.name) });
}

cardRoutes.get("/c/:slug", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card?.id) return notFound(app.nonce);
  app.ctx.waitUntil(countStat(app.db, card.id, "views", sourceOf(c.req.query("src"))).then(() => undefined));
  return html(
    renderCardPage({ card, vcardHref: `/c/${slug}/contact.vcf`, shareAction: `/c/${slug}/share`, nonce: app.nonce }),
    200,
    // Short shared caching: the page has no per-visitor content and unpublishing must bite fast.
    "public, max-age=60",
  );
});

cardRoutes.get("/c/:slug/contact.vcf", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card?.id) return notFound(app.nonce);
  app.ctx.waitUntil(countStat(app.db, card.id, "saves").then(() => undefined));
  return vcardResponse(card, new URL(`/c/${slug}`, c.req.url).href);
});

cardRoutes.post("/c/:slug/share", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card?.id) return notFound(app.nonce);
  return answerShare(c, card, `/c/${slug}`, `/c/${slug}/contact.vcf`);
});

cardRoutes.get("/c/:slug/qr.svg", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card) return notFound(app.nonce);
  const src = sourceOf(c.req.query("src")) ?? "qr";
  const target = new URL(`/c/${slug}?src=${src === "link" ? "qr" : src}`, c.req.url).href;
  const svg = await cardQrSvg(target);
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
      ...(c.req.query("download") ? { "content-disposition": `attachment; filename="${slug}-qr.svg"` } : {}),
    },
  });
});

// Encoded links from the specification: the card is in the URL, signed by us or shown as unverified,
// and a signed one is held against the card's current state (deleted, unpublished, owner gone).
async function signedCard(c: { req: { param(name: "payload"): string }; get(key: "app"): AppContext }) {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  return decoded ? checkSignedCard(app.db, decoded) : null;
}

cardRoutes.get("/card/v/:payload", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce);
  const base = `/card/v/${c.req.param("payload")}`;
  return html(
    renderCardPage({
      card: checked.card,
      vcardHref: `${base}/contact.vcf`,
      shareAction: checked.shareable ? `${base}/share` : null,
      unverified: !checked.verified,
      nonce: app.nonce,
    }),
  );
});

cardRoutes.get("/card/v/:payload/contact.vcf", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce);
  return vcardResponse(checked.card, c.req.url.replace(/\/contact\.vcf$/, ""));
});

cardRoutes.post("/card/v/:payload/share", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce);
  const base = `/card/v/${c.req.param("payload")}`;
  return answerShare(
    c,
    checked.shareable ? checked.card : { ...checked.card, ownerId: null, id: null },
    checked.shareable ? base : "",
    `${base}/contact.vcf`,
  );
});

// Avatar URLs name their content hash, so they can be cached for a year.
cardRoutes.get("/avatars/:key", async (c) => {
  const avatar = await getAvatar(c.get("app").env, c.req.param("key"));
  if (!avatar) return c.body(null, 404);
  return new Response(avatar.bytes, {
    headers: { "content-type": avatar.type, "cache-control": "public, max-age=31536000, immutable" },
  });
});
