import { Hono } from "hono";
import type { AppContext } from "~/context";
import { type PublicCard, vcardFileName } from "~/lib/card";
import { buildVCard } from "~/lib/vcard";
import { decodeCardParam } from "../card-link.server";
import { type Notice, renderCardNotFound, renderCardPage } from "../card-page.server";
import { countStat, getAvatar, getPublishedCard, type VisitSource, vcardPhotoOf } from "../cards.server";
import type { AppEnv } from "../env.server";
import { cardQrSvg } from "../qr.server";
import { allow, clientKey } from "../rate-limit.server";
import { checkShare, recordShareBack, SHARE_MESSAGES, shareSuccess } from "../share-back.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** The visitor side of cards: pages, vCards, QR codes and share-backs. Served before React Router. */
export const cardRoutes = new Hono<HonoEnv>();

const html = (body: string, status = 200, cache = "no-store") =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": cache } });

const notFound = (nonce: string) => html(renderCardNotFound(nonce), 404);

const sourceOf = (src: string | undefined): VisitSource => (src === "qr" || src === "nfc" ? src : "link");

async function vcardResponse(env: AppEnv, card: PublicCard, url: string) {
  // Phones import a contact's photo only when it is inline: the small copy made at upload.
  const photo = await vcardPhotoOf(env, card.avatarUrl);
  return new Response(buildVCard(card, url, { photo }), {
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

  const reply = (status: number, notice: Notice, values: Record<string, string> = {}) =>
    wantsJson
      ? Response.json({ ok: status < 300, title: notice.title, description: notice.description }, { status })
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
        );

  if (!card.ownerId || !card.id) return reply(403, { kind: "error", ...SHARE_MESSAGES.unverified });
  if (!(await allow(app.env, "strict", `share:${clientKey(request)}:${card.id}`))) {
    return reply(429, { kind: "error", ...SHARE_MESSAGES.limited }, check.ok ? {} : check.values);
  }
  if (!check.ok) {
    // Bots get the same answer as people, so the trap is not revealed.
    if (check.reason === "bot")
      return reply(200, { kind: "success", ...shareSuccess(check.values.name || "Your", card.name) });
    return reply(400, { kind: "error", ...SHARE_MESSAGES[check.reason] }, check.values);
  }
  try {
    await recordShareBack(app.db, card, check.value);
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
  return vcardResponse(app.env, card, new URL(`/c/${slug}`, c.req.url).href);
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

// Encoded links from the specification: the card is in the URL, signed by us or shown as unverified.
cardRoutes.get("/card/v/:payload", async (c) => {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  if (!decoded) return notFound(app.nonce);
  const base = `/card/v/${c.req.param("payload")}`;
  return html(
    renderCardPage({
      card: decoded.card,
      vcardHref: `${base}/contact.vcf`,
      shareAction: decoded.verified && decoded.card.ownerId ? `${base}/share` : null,
      unverified: !decoded.verified,
      nonce: app.nonce,
    }),
  );
});

cardRoutes.get("/card/v/:payload/contact.vcf", async (c) => {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  if (!decoded) return notFound(app.nonce);
  return vcardResponse(app.env, decoded.card, c.req.url.replace(/\/contact\.vcf$/, ""));
});

cardRoutes.post("/card/v/:payload/share", async (c) => {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  if (!decoded) return notFound(app.nonce);
  const base = `/card/v/${c.req.param("payload")}`;
  return answerShare(
    c,
    decoded.verified ? decoded.card : { ...decoded.card, ownerId: null, id: null },
    base,
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
