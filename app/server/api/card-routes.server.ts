import { Hono } from "hono";
import QRCode from "qrcode";
import type { AppContext } from "~/context";
import { type PublicCard, SHARE_FIELDS, vcardFileName } from "~/lib/card";
import { buildVCard } from "~/lib/vcard";
import { decodeCardParam } from "../card-link.server";
import { type Notice, renderCardNotFound, renderCardPage } from "../card-page.server";
import { countStat, getAvatar, getPublishedCard, type VisitSource } from "../cards.server";
import { qrPng } from "../png.server";
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
  const check = checkShare(form, card.shareFields ?? SHARE_FIELDS);

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

  // Post/redirect/get: the confirmation is its own page, so reloading it never posts again.
  const confirmed = (name: string) =>
    wantsJson
      ? reply(200, { kind: "success", ...shareSuccess(name, card.name) })
      : new Response(null, {
          status: 303,
          headers: {
            location: `${pagePath}/shared#shared`,
            "set-cookie": sharedCookie(pagePath, name, new URL(request.url).protocol === "https:"),
            "cache-control": "no-store",
          },
        });

  if (!card.ownerId || !card.id) return reply(403, { kind: "error", ...SHARE_MESSAGES.unverified });
  if (!(await allow(app.env, "strict", `share:${clientKey(request)}:${card.id}`))) {
    return reply(429, { kind: "error", ...SHARE_MESSAGES.limited }, check.ok ? {} : check.values);
  }
  if (!check.ok) {
    // Bots get the same answer as people, so the trap is not revealed.
    if (check.reason === "bot") return confirmed(check.values.name || "Your");
    return reply(400, { kind: "error", ...SHARE_MESSAGES[check.reason] }, check.values);
  }
  try {
    await recordShareBack(app.db, card, check.value);
    app.ctx.waitUntil(countStat(app.db, card.id, "shares").then(() => undefined));
  } catch (error) {
    console.error(error);
    return reply(503, { kind: "error", ...SHARE_MESSAGES.error }, check.values);
  }
  return confirmed(check.value.name);
}

const SHARED_COOKIE = "kw_shared";

/** Remembers, for ten minutes and on this card's path only, whose details were just shared. */
function sharedCookie(path: string, name: string, secure: boolean) {
  return `${SHARED_COOKIE}=${encodeURIComponent(name.slice(0, 100))}; Path=${path}; Max-Age=600; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function sharedName(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${SHARED_COOKIE}=([^;]*)`));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).slice(0, 100) || null;
  } catch {
    return null;
  }
}

/** The page after a no-JavaScript share-back: the confirmation first, then the card to save. */
function sharedPage(request: Request, nonce: string, card: PublicCard, pagePath: string, vcardHref: string) {
  const name = sharedName(request);
  if (!name) return new Response(null, { status: 303, headers: { location: pagePath, "cache-control": "no-store" } });
  return html(
    renderCardPage({ card, vcardHref, shareAction: null, nonce, shared: shareSuccess(name, card.name) }),
    200,
    "private, no-store",
  );
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

cardRoutes.get("/c/:slug/shared", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card?.id) return notFound(app.nonce);
  return sharedPage(c.req.raw, app.nonce, card, `/c/${slug}`, `/c/${slug}/contact.vcf`);
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

// PNG for email signatures: mail clients do not show SVG images.
cardRoutes.get("/c/:slug/qr.png", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.env, app.db, slug);
  if (!card) return notFound(app.nonce);
  const target = new URL(`/c/${slug}?src=qr`, c.req.url).href;
  const png = qrPng(QRCode.create(target, { errorCorrectionLevel: "M" }).modules, 4);
  return new Response(png as BodyInit, {
    headers: { "content-type": "image/png", "cache-control": "public, max-age=300" },
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

cardRoutes.get("/card/v/:payload/shared", async (c) => {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  if (!decoded?.verified) return notFound(app.nonce);
  const base = `/card/v/${c.req.param("payload")}`;
  return sharedPage(c.req.raw, app.nonce, decoded.card, base, `${base}/contact.vcf`);
});

cardRoutes.get("/card/v/:payload/contact.vcf", async (c) => {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  if (!decoded) return notFound(app.nonce);
  return vcardResponse(decoded.card, c.req.url.replace(/\/contact\.vcf$/, ""));
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
