/** Request guards and response headers shared by every route the Worker answers. */

export const MAX_BODY_BYTES = 1_000_000;
/** The gift import takes files up to 5 MB (its page says so before sending); the form's other fields fit in the rest. */
const GIFT_IMPORT_BODY_BYTES = 5_100_000;

/** The body cap for a path: 1 MB everywhere but the gift import's upload. */
export const bodyCapFor = (pathname: string) =>
  /^\/campaigns\/[^/]+\/import\/?$/.test(pathname) ? GIFT_IMPORT_BODY_BYTES : MAX_BODY_BYTES;

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
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
/** The places that take a raw image body: the card editor's avatar and a person's photo. */
const acceptsImages = (pathname: string) => /^\/api\/(cards\/\d+\/avatar|people\/\d+\/photo)$/.test(pathname);

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function problem(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
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
    return problem(400, "Malformed URL");
  }
  if (SAFE_METHODS.has(request.method)) return null;

  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin !== null ? origin !== url.origin : site === "cross-site") {
    return problem(403, "Cross-origin request refused");
  }

  const length = request.headers.get("content-length");
  if (length !== null && (!/^\d+$/.test(length) || Number(length) > maxBodyBytes)) {
    return problem(413, "Request body too large");
  }

  if (isDav(url.pathname, request.method)) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const allowed = acceptsImages(url.pathname) ? IMAGE_TYPES : isApi(url.pathname) ? API_TYPES : FORM_TYPES;
  // Browsers send an empty POST (a button that saves a card) with Content-Length: 0 and no type.
  const empty = request.body === null || length === "0";
  if (!empty && !allowed.includes(type ?? "")) {
    return problem(415, "Unsupported content type");
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
  if (SAFE_METHODS.has(request.method) || isApi(pathname) || isDav(pathname, request.method)) return request;
  if (!request.headers.get("content-type")) {
    const headers = new Headers(request.headers);
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.delete("content-length");
    return new Request(request, { headers, body: "" });
  }
  try {
    await request.clone().formData();
  } catch {
    return problem(400, "The form could not be read");
  }
  return request;
}

/** Reads a body while enforcing the byte cap even when no Content-Length was sent. */
export async function readCappedBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Request | Response> {
  if (request.body === null || request.headers.has("content-length")) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return problem(413, "Request body too large");
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
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
export function withSecurityHeaders(response: Response, nonce: string, dev: boolean): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) secured.headers.set(name, value);
  if (isPrivateDownload(secured.headers)) secured.headers.set("Cache-Control", "private, no-store");
  const type = secured.headers.get("content-type") ?? "";
  if (type.includes("text/html") && !secured.headers.has("content-security-policy")) {
    secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  }
  return secured;
}
