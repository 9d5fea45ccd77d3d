/** Request guards and response headers shared by every route the Worker answers. */

import { concatBytes } from "~/lib/formats/bytes";
import { IMAGE_TYPES } from "~/lib/platform/image-types";
import { themeFromCookie } from "~/lib/platform/theme";
import { escapeHtml } from "~/lib/text/escape";

export const MAX_BODY_BYTES = 1_000_000;
/** The gift import takes files up to 5 MB (its page says so before sending); the form's other fields fit in the rest. */
const GIFT_IMPORT_BODY_BYTES = 5_100_000;

/** The contact import takes files up to 5 MB (10,000 contacts of a typical vCard or CSV, stated on its page). */
const CONTACT_IMPORT_BODY_BYTES = 5_100_000;

/** The body cap for a path: 1 MB everywhere but the gift and contact imports' uploads. */
export const bodyCapFor = (pathname: string) =>
  /^\/campaigns\/[^/]+\/import\/?$/.test(pathname)
    ? GIFT_IMPORT_BODY_BYTES
    : answersTooLargeItself(pathname)
      ? CONTACT_IMPORT_BODY_BYTES
      : MAX_BODY_BYTES;

/**
 * The contact import answers a file over its cap on its own page, under the file field, whether the form
 * came through the browser's check or not: the refused body is dropped and the page's action is asked with
 * this one field instead (a client sending it itself only gets that message).
 */
export const answersTooLargeItself = (pathname: string) => /^\/connections\/import(?:\.data|\/)?$/.test(pathname);
export const TOO_LARGE_FIELD = "refused";

export function tooLargeRequest(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  return new Request(request.url, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "preview", [TOO_LARGE_FIELD]: "too-large" }),
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const API_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain", "application/json"];
/** Page actions (everything outside /api) read their body with request.formData(): only forms. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const isApi = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");
/** CardDAV: vCard and XML bodies, read and checked by the DAV handler itself (app/server/dav/). */
export const isDav = (pathname: string, method = "GET") =>
  pathname === "/dav" ||
  pathname.startsWith("/dav/") ||
  pathname === "/.well-known/carddav" ||
  (pathname === "/" && (method === "PROPFIND" || method === "REPORT"));
/** SCIM provisioning (decision 0241): JSON bodies, read and checked by the SCIM handler itself. */
const isScim = (pathname: string) => pathname.startsWith("/scim/");
/** The places that take a raw image body: the card editor's avatar and a person's photo. */
const acceptsImages = (pathname: string) => /^\/api\/(cards\/\d+\/avatar|people\/\d+\/photo)$/.test(pathname);

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * What a person reads when a page's request is refused before any route runs (a form sent without
 * JavaScript, a mistyped address), by the refusal's message to scripts.
 */
const REFUSED_PAGES: Record<string, { title: string; text: (cap: number) => string }> = {
  "Malformed URL": {
    title: "That address could not be read",
    text: () => "Part of the address is broken. Check the link you followed, or start again from the home page.",
  },
  "Cross-origin request refused": {
    title: "Send it from KnowWho",
    text: () => "For your safety, forms are only taken from KnowWho's own pages. Go back and send it again from there.",
  },
  "Request body too large": {
    title: "That file is too large",
    text: (cap) =>
      // Whole megabytes, as the pages' own hints say them (the gift import's cap leaves room for its fields).
      `This page takes up to ${Math.max(1, Math.floor(cap / 1_000_000))} MB at once. Go back and choose a smaller file, or split it into several.`,
  },
  "Unsupported content type": {
    title: "That could not be read",
    text: () => "This page only takes its own form. Go back and send it again from there.",
  },
  "The form could not be read": {
    title: "That could not be read",
    text: () => "The form did not arrive whole. Go back and send it again.",
  },
};

/** Only a page of this site, as a path, is offered as the way back. */
function backTo(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const from = new URL(referer);
  return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : "/";
}

function refusedPage(request: Request, status: number, message: string, cap: number): Response | null {
  const page = REFUSED_PAGES[message];
  if (!page) return null;
  // The theme the person chose (its cookie), as on every page of the app; plain-page.css draws both.
  const theme = themeFromCookie(request.headers.get("cookie"));
  const html = `<!doctype html>
<html lang="en" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | KnowWho</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/plain-page.css">
<style>p { margin-bottom: 1.5rem; }</style>
</head>
<body>
<main>
  <span class="brand"><img src="/favicon.svg" width="28" height="28" alt="">KnowWho</span>
  <h1>${escapeHtml(page.title)}</h1>
  <p>${escapeHtml(page.text(cap))}</p>
  <a class="button" href="${escapeHtml(backTo(request))}">Go back</a>
</main>
</body>
</html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 * The refusal: a short page for a browser's own navigation (a form sent without JavaScript), JSON for
 * scripts and API clients.
 */
function problem(request: Request, status: number, message: string, cap = MAX_BODY_BYTES): Response {
  const { pathname } = new URL(request.url);
  const navigation =
    request.headers.get("sec-fetch-mode") === "navigate" ||
    (!request.headers.has("sec-fetch-mode") && (request.headers.get("accept") ?? "").includes("text/html"));
  const page =
    navigation && !isApi(pathname) && !isDav(pathname, request.method) && refusedPage(request, status, message, cap);
  return page || Response.json({ error: message }, { status });
}

/**
 * Refuses what no route should see: undecodable paths, cross-site writes, bodies that are too
 * large or of a type no form or API sends. Returns null when the request may go on.
 */
export function guardRequest(request: Request, maxBodyBytes = MAX_BODY_BYTES): Response | null {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return problem(request, 400, "Malformed URL");
  }
  if (SAFE_METHODS.has(request.method)) return null;

  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin !== null ? origin !== url.origin : site === "cross-site") {
    return problem(request, 403, "Cross-origin request refused");
  }

  const length = request.headers.get("content-length");
  if (length !== null && (!/^\d+$/.test(length) || Number(length) > maxBodyBytes)) {
    return problem(request, 413, "Request body too large", maxBodyBytes);
  }

  if (isDav(url.pathname, request.method) || isScim(url.pathname)) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const allowed = acceptsImages(url.pathname) ? IMAGE_TYPES : isApi(url.pathname) ? API_TYPES : FORM_TYPES;
  // Browsers send an empty POST (a button that saves a card) with Content-Length: 0 and no type.
  const empty = request.body === null || length === "0";
  if (!empty && !allowed.includes(type ?? "")) {
    return problem(request, 415, "Unsupported content type");
  }
  return null;
}

/**
 * The one body-parsing step for page actions: a body that request.formData() cannot read (broken
 * multipart, a boundary that does not match) answers 400 here instead of 500 in whichever action
 * would have read it. An empty body with no type becomes an empty form, so every action can read it.
 */
export async function readableForm(request: Request): Promise<Request | Response> {
  const { pathname } = new URL(request.url);
  if (SAFE_METHODS.has(request.method) || isApi(pathname) || isDav(pathname, request.method) || isScim(pathname))
    return request;
  if (!request.headers.get("content-type")) {
    const headers = new Headers(request.headers);
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.delete("content-length");
    return new Request(request, { headers, body: "" });
  }
  try {
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type === "application/x-www-form-urlencoded") strictUrlEncoded(await request.clone().arrayBuffer());
    else await request.clone().formData();
  } catch {
    return problem(request, 400, "The form could not be read");
  }
  return request;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Throws for a URL-encoded body that is not what a browser sends: bytes that are not UTF-8, or a broken
 * percent-escape (`%E0%A4%A`), which request.formData() would quietly turn into U+FFFD and save.
 */
function strictUrlEncoded(body: ArrayBuffer) {
  for (const pair of strictUtf8.decode(body).split("&")) decodeURIComponent(pair.replace(/\+/g, " "));
}

/**
 * Reads a body chunk by chunk, handing each to `take`, until it ends (true) or passes `maxBytes`, when
 * it is cancelled (false).
 */
async function readWithin(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  take: (chunk: Uint8Array) => void = () => {},
): Promise<boolean> {
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return false;
    }
    take(value);
  }
}

/** How much of a refused upload is read and dropped so the browser gets the refusal, not a reset. */
const DISCARD_UP_TO_BYTES = 25_000_000;

/**
 * Before a refusal: a browser still sending the body would see the connection dropped under it and show
 * its own error instead of ours, so what is left of a body of plausible size is read and dropped (no
 * copy kept); a larger one is cancelled.
 */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  // The client going away leaves nothing to answer.
  await readWithin(request.body, DISCARD_UP_TO_BYTES).catch(() => false);
}

/** Reads a body while enforcing the byte cap even when no Content-Length was sent. */
export async function readCappedBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Request | Response> {
  if (request.body === null || request.headers.has("content-length")) return request;
  const chunks: Uint8Array[] = [];
  if (!(await readWithin(request.body, maxBytes, (chunk) => chunks.push(chunk))))
    return problem(request, 413, "Request body too large", maxBytes);
  return new Request(request, { body: concatBytes(chunks) });
}

/** With a nonce for React Router's pages; without one (null) only same-origin script files run. */
export function contentSecurityPolicy(nonce: string | null, dev: boolean): string {
  return [
    "default-src 'self'",
    nonce === null ? "script-src 'self'" : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React and sonner set style attributes; no inline <style> from users ever reaches a page.
    "style-src 'self' 'unsafe-inline'",
    // Event images are links the owner gave (https only, checked on save) and are shown from their own
    // origin; http is never allowed, so no page mixes content (docs/decisions/0022).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const BASE_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const DOWNLOAD_TYPES = /^(text\/csv|text\/vcard|text\/x-vcard|text\/calendar|application\/json)\b/i;

/**
 * Downloads (an attachment, or a CSV, vCard, calendar or JSON body) are never kept by a browser or a
 * shared cache unless their route says they are public (a published card's vCard or QR code).
 */
function isPrivateDownload(headers: Headers): boolean {
  const cache = headers.get("cache-control") ?? "";
  if (/\bpublic\b/i.test(cache)) return false;
  return (
    /^\s*attachment/i.test(headers.get("content-disposition") ?? "") ||
    DOWNLOAD_TYPES.test(headers.get("content-type") ?? "")
  );
}

/**
 * Adds the security baseline; private downloads get no-store; HTML also gets the nonce-bound CSP,
 * unless its route set a stricter one without a nonce (pages served from the edge cache).
 */
/** `nonce` null: the page runs no inline script (a refusal, a static page), so only same-origin files may. */
export function withSecurityHeaders(response: Response, nonce: string | null, dev: boolean): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) secured.headers.set(name, value);
  if (isPrivateDownload(secured.headers)) secured.headers.set("Cache-Control", "private, no-store");
  const type = secured.headers.get("content-type") ?? "";
  if (type.includes("text/html") && !secured.headers.has("content-security-policy")) {
    secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  }
  return secured;
}
