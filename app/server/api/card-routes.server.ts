import { Hono } from "hono";
import QRCode from "qrcode";
import type { AppContext } from "~/context";
import { type PublicCard, SHARE_FIELDS, vcardFileName } from "~/lib/card/card";
import { CARD_LINK_PREFIX, OLD_CARD_LINK_PREFIX } from "~/lib/card/link";
import { buildVCard, type VCardVersion } from "~/lib/formats/vcard";
import { matchLocale, negotiateLocale } from "~/lib/i18n/locales";
import { type Translate, translator } from "~/lib/i18n/translate";
import { clipText } from "~/lib/text/graphemes";
import { checkSignedCard, decodeCardParam } from "../cards/card-link.server";
import { type Notice, renderCardNotFound, renderCardPage, renderCardPaused } from "../cards/card-page.server";
import { getAvatar, getPublishedCard, type VisitSource, vcardPhotoOf, visitSourceOf } from "../cards/cards.server";
import { qrPng } from "../cards/png.server";
import { cardQrSvg } from "../cards/qr.server";
import { checkShare, recordShareBack, shareMessage, shareSuccess } from "../cards/share-back.server";
import { countSoon } from "../cards/stat-buffer.server";
import { pausedCard } from "../cards/templates.server";
import { emitEvent } from "../integrations/webhooks.server";
import {
  cardPagePath,
  cardPaths,
  cardTag,
  edgeGet,
  edgePut,
  edgeTicket,
  fromEdge,
} from "../platform/edge-cache.server";
import type { AppEnv } from "../platform/env.server";
import { html } from "../platform/http.server";
import { limitShareBack } from "../platform/rate-limit.server";
import { visitorLocale } from "../platform/visitor-locale.server";

type HonoEnv = { Bindings: Env; Variables: { app: AppContext } };

/** The visitor side of cards: pages, vCards, QR codes and share-backs. Served before React Router. */
export const cardRoutes = new Hono<HonoEnv>();

/**
 * Card pages carry no nonce: their one script is /card.js, allowed by 'self', so a rendered page is the
 * same for every visitor and can be served from the edge cache.
 */
/** The refusal a visitor reads: when to try again, in words and in Retry-After. */
const retryNotice = (t: Translate, seconds: number) => ({
  title: t("share.limited.title"),
  description: t("share.retry.body", { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
});

/** Card pages differ by language: caches between us and the visitor must keep them apart. */
const VARY = "Accept-Language, Cookie";

const withHeaders = (res: Response, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
};

const notFound = (nonce: string, request?: Request) => {
  const { locale, headers } = request ? visitorLocale(request) : { locale: undefined, headers: {} };
  return html(renderCardNotFound(nonce, locale), 404, "no-store", headers);
};

/** A paused card's page (decision 0236), not stored at the edge: it names the team's main card as it is now. */
async function pausedPage(app: AppContext, request: Request, slug: string) {
  const paused = await pausedCard(app.db, slug);
  if (!paused) return null;
  const { locale, headers } = visitorLocale(request);
  return html(renderCardPaused(app.nonce, locale, paused), 200, "no-store", headers);
}

const sourceOf = (src: string | undefined): VisitSource => visitSourceOf(src);

async function vcardResponse(env: AppEnv, card: PublicCard, url: string, version: VCardVersion = "3.0") {
  // Phones import a contact's photo only when it is inline: the small copy made at upload.
  const photo = await vcardPhotoOf(env, card.avatarUrl);
  // A team template's logo travels by address, beside the card's page (decision 0254).
  const logo = card.logoUrl ? new URL(card.logoUrl, url).href : null;
  return new Response(buildVCard(card, url, { photo, version, logo }), {
    headers: {
      "content-type": "text/vcard; charset=utf-8",
      // A header carries ASCII (RFC 6266): the plain name without accents, the exact one in filename*.
      "content-disposition": `attachment; filename="${asciiFileName(vcardFileName(card.name))}"; filename*=UTF-8''${encodeURIComponent(vcardFileName(card.name))}`,
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
  // The form names the language of the page it was sent from; otherwise the request's own preference.
  const negotiated = negotiateLocale(request).locale;
  const locale = matchLocale(typeof form.lang === "string" ? form.lang : null) ?? negotiated;
  // The confirmation names the language only when the request alone would not choose it (cookies off).
  const langQuery = locale === negotiated ? "" : `?lang=${locale}`;
  const t = translator(locale);
  const fieldMessages = (fields: Record<string, Parameters<Translate>[0]>) =>
    Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(key)]));

  const reply = (
    status: number,
    notice: Notice,
    values: Record<string, string> = {},
    retryAfter?: number,
    fieldErrors: Record<string, string> = {},
  ) => {
    const headers: Record<string, string> = retryAfter ? { "retry-after": String(retryAfter) } : {};
    headers.vary = VARY;
    return wantsJson
      ? Response.json(
          {
            ok: status < 300,
            title: notice.title,
            description: notice.description,
            retryAfter,
            ...(status >= 400 ? { fields: fieldErrors } : {}),
          },
          { status, headers },
        )
      : html(
          renderCardPage({
            card,
            vcardHref,
            shareAction: pagePath ? `${pagePath}/share` : null,
            notice,
            values,
            fieldErrors,
            nonce: "",
            openShare: true,
            locale,
          }),
          status,
          "no-store",
          headers,
        );
  };

  // Post/redirect/get: the confirmation is its own page, so reloading it never posts again.
  const confirmed = (name: string) =>
    wantsJson
      ? reply(200, { kind: "success", ...shareSuccess(t, name, card.name) })
      : new Response(null, {
          status: 303,
          headers: {
            location: `${pagePath}/shared${langQuery}#shared`,
            "set-cookie": sharedCookie(pagePath, name, new URL(request.url).protocol === "https:"),
            "cache-control": "no-store",
          },
        });

  if (!card.ownerId || !card.id) return reply(403, { kind: "error", ...shareMessage(t, "unverified") });
  if (!check.ok) {
    // Bots get the same answer as people, so the trap is not revealed.
    if (check.reason === "bot") return confirmed(check.values.name || "Your");
    return reply(
      400,
      { kind: "error", ...shareMessage(t, check.reason) },
      check.values,
      undefined,
      fieldMessages(check.fields),
    );
  }
  // Keyed on the person (card + email) as well as the address, so a crowd behind one venue IP
  // each shares once; the per-card ceiling still stops a flood (rate-limit.server.ts).
  const verdict = await limitShareBack(app.env, request, card.id, check.value.email);
  if (!verdict.ok) {
    const typed = { name: check.value.name, email: check.value.email, phone: check.value.phone ?? "" };
    return reply(429, { kind: "error", ...retryNotice(t, verdict.retryAfter) }, typed, verdict.retryAfter);
  }
  try {
    await recordShareBack(
      app.db,
      card,
      check.value,
      app,
      new Date(),
      t("share.news", { recipient: card.name }),
      t("share.consent", { recipient: card.name }),
    );
    const ownerId = card.ownerId;
    app.ctx.waitUntil(
      emitEvent(app, ownerId, "shareback.received", {
        card: { id: card.id, name: card.name },
        name: check.value.name,
        email: check.value.email,
        phone: check.value.phone ?? null,
      }).catch((error) => console.error("shareback webhook", error)),
    );
    countSoon(
      app.env.DB,
      app.ctx,
      card.id,
      "shares",
      sourceOf(new URL(request.url).searchParams.get("src") ?? undefined),
    );
  } catch (error) {
    console.error(error);
    return reply(503, { kind: "error", ...shareMessage(t, "error") }, check.values);
  }
  return confirmed(check.value.name);
}

const SHARED_COOKIE = "kw_shared";

/** Remembers, for ten minutes and on this card's path only, whose details were just shared. */
function sharedCookie(path: string, name: string, secure: boolean) {
  return `${SHARED_COOKIE}=${encodeURIComponent(clipText(name, 100))}; Path=${path}; Max-Age=600; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
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
  const { locale, headers } = visitorLocale(request);
  return html(
    renderCardPage({
      card,
      vcardHref,
      shareAction: null,
      nonce,
      shared: shareSuccess(translator(locale), name, card.name),
      locale,
    }),
    200,
    "private, no-store",
    headers,
  );
}

/** Which card a cached copy belongs to, so a hit can be counted without reading D1. */
const CARD_ID_HEADER = "x-card-id";

/**
 * A visitor's read of a published card: one edge-cache read on a hit (no D1, no rendering); on a miss,
 * D1 and a render whose result is stored under the card's tag until the owner changes the card.
 */
async function cachedCardRead(
  c: { req: { raw: Request }; get(key: "app"): AppContext },
  slug: string,
  path: string,
  field: "views" | "saves",
  source: VisitSource,
  render: (card: PublicCard) => Response | Promise<Response>,
) {
  const app = c.get("app");
  const hit = await edgeGet(path);
  if (hit) {
    countSoon(app.env.DB, app.ctx, Number(hit.headers.get(CARD_ID_HEADER)), field, source);
    return stripCardId(fromEdge(hit, true));
  }
  const ticket = await edgeTicket([cardTag(slug)]);
  const card = await getPublishedCard(app.db, slug);
  if (!card?.id) return (await pausedPage(app, c.req.raw, slug)) ?? notFound(app.nonce, c.req.raw);
  countSoon(app.env.DB, app.ctx, card.id, field, source);
  const fresh = await render(card);
  fresh.headers.set(CARD_ID_HEADER, String(card.id));
  app.ctx.waitUntil(edgePut(path, fresh.clone(), [cardTag(slug)], app.env, ticket));
  return stripCardId(fromEdge(fresh, false));
}

function stripCardId(res: Response) {
  res.headers.delete(CARD_ID_HEADER);
  return res;
}

// Encoded links from the specification: the card is in the URL, signed by us or shown as unverified,
// and a signed one is held against the card's current state (deleted, unpublished, owner gone).
// They live at /c/v/ (docs/decisions/0017): never under /card, where the owner's pages are.
async function signedCard(c: { req: { param(name: "payload"): string; raw: Request }; get(key: "app"): AppContext }) {
  const app = c.get("app");
  const decoded = await decodeCardParam(c.req.param("payload"), app.env.CARD_SIGNING_SECRET);
  return decoded ? checkSignedCard(app.db, decoded) : null;
}

const linkBase = (payload: string) => `${CARD_LINK_PREFIX}${payload}`;

// Not edge-cached: each answer depends on the card's current state, read from D1 (0023).
const signedLinks = new Hono<HonoEnv>();

signedLinks.get("/:payload", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce, c.req.raw);
  const base = linkBase(c.req.param("payload"));
  const { locale, headers } = visitorLocale(c.req.raw);
  return html(
    renderCardPage({
      card: checked.card,
      vcardHref: `${base}/contact.vcf`,
      shareAction: checked.shareable ? `${base}/share` : null,
      unverified: !checked.verified,
      nonce: "",
      locale,
    }),
    200,
    "no-store",
    headers,
  );
});

signedLinks.get("/:payload/shared", async (c) => {
  const app = c.get("app");
  // Held against the card's current state like every other signed-link route.
  const checked = await signedCard(c);
  if (!checked?.verified) return notFound(app.nonce, c.req.raw);
  const base = linkBase(c.req.param("payload"));
  return sharedPage(c.req.raw, app.nonce, checked.card, base, `${base}/contact.vcf`);
});

signedLinks.get("/:payload/contact.vcf", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce, c.req.raw);
  return vcardResponse(app.env, checked.card, c.req.url.replace(/\/contact\.vcf$/, ""));
});

signedLinks.post("/:payload/share", async (c) => {
  const app = c.get("app");
  const checked = await signedCard(c);
  if (!checked) return notFound(app.nonce, c.req.raw);
  const base = linkBase(c.req.param("payload"));
  return answerShare(
    c,
    checked.shareable ? checked.card : { ...checked.card, ownerId: null, id: null },
    checked.shareable ? base : "",
    `${base}/contact.vcf`,
  );
});

cardRoutes.route(CARD_LINK_PREFIX.slice(0, -1), signedLinks);

/**
 * Links handed out before the move: a permanent redirect to the same payload and signature under /c/v/,
 * query included. 308 for a share posted from a page rendered before the move, so its form survives.
 */
cardRoutes.all(`${OLD_CARD_LINK_PREFIX}*`, (c) => {
  const url = new URL(c.req.url);
  const location = `${CARD_LINK_PREFIX}${url.pathname.slice(OLD_CARD_LINK_PREFIX.length)}${url.search}`;
  const status = c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308;
  return new Response(null, { status, headers: { location, "cache-control": "public, max-age=86400" } });
});

cardRoutes.get("/c/:slug", async (c) => {
  const slug = c.req.param("slug").toLowerCase();
  // One cached copy per language, each under its own key; a purge drops them all (cardPaths).
  const { locale, headers } = visitorLocale(c.req.raw);
  const res = await cachedCardRead(c, slug, cardPagePath(slug, locale), "views", sourceOf(c.req.query("src")), (card) =>
    html(
      renderCardPage({
        card,
        vcardHref: `/c/${slug}/contact.vcf`,
        vcard4Href: `/c/${slug}/contact.vcf?version=4.0`,
        shareAction: `/c/${slug}/share`,
        nonce: "",
        locale,
      }),
    ),
  );
  // Added after the copy is stored: the cached page never carries a visitor's cookie.
  return withHeaders(res, headers);
});

cardRoutes.get("/c/:slug/contact.vcf", (c) => {
  const slug = c.req.param("slug").toLowerCase();
  const [page, vcard, vcard4] = cardPaths(slug) as [string, string, string, ...string[]];
  // vCard 4.0 on request (?version=4.0): the one that carries the card's second language too.
  const version: VCardVersion = c.req.query("version") === "4.0" ? "4.0" : "3.0";
  return cachedCardRead(c, slug, version === "4.0" ? vcard4 : vcard, "saves", sourceOf(c.req.query("src")), (card) =>
    vcardResponse(c.get("app").env, card, new URL(page, c.req.url).href, version),
  );
});

cardRoutes.post("/c/:slug/share", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  // Read from D1, not a cached copy: a share-back must never reach a card that was just unpublished.
  const card = await getPublishedCard(app.db, slug);
  if (!card?.id) return notFound(app.nonce, c.req.raw);
  return answerShare(c, card, `/c/${slug}`, `/c/${slug}/contact.vcf`);
});

cardRoutes.get("/c/:slug/shared", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.db, slug);
  if (!card?.id) return notFound(app.nonce, c.req.raw);
  return sharedPage(c.req.raw, app.nonce, card, `/c/${slug}`, `/c/${slug}/contact.vcf`);
});

cardRoutes.get("/c/:slug/qr.svg", async (c) => {
  const app = c.get("app");
  const slug = c.req.param("slug").toLowerCase();
  const card = await getPublishedCard(app.db, slug);
  if (!card) return notFound(app.nonce, c.req.raw);
  const src = sourceOf(c.req.query("src"));
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
  const card = await getPublishedCard(app.db, slug);
  if (!card) return notFound(app.nonce, c.req.raw);
  const target = new URL(`/c/${slug}?src=qr`, c.req.url).href;
  const png = qrPng(QRCode.create(target, { errorCorrectionLevel: "M" }).modules, 4);
  return new Response(png as BodyInit, {
    headers: { "content-type": "image/png", "cache-control": "public, max-age=300" },
  });
});

// Avatar URLs name their content hash, so they can be cached for a year.
cardRoutes.get("/avatars/:key", async (c) => {
  const avatar = await getAvatar(c.get("app").env, c.req.param("key"));
  if (!avatar) return c.body(null, 404);
  return new Response(avatar.bytes, {
    headers: { "content-type": avatar.type, "cache-control": "public, max-age=31536000, immutable" },
  });
});

const asciiFileName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
