/** Request guards and response headers shared by every route the Worker answers. */

export const MAX_BODY_BYTES = 1_000_000;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain", "application/json"];
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
/** The one place that takes a raw image body: the card editor's avatar upload. */
const acceptsImages = (pathname: string) => /^\/api\/cards\/\d+\/avatar$/.test(pathname);

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

  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const allowed = acceptsImages(url.pathname) ? IMAGE_TYPES : FORM_TYPES;
  // Browsers send an empty POST (a button that saves a card) with Content-Length: 0 and no type.
  const empty = request.body === null || length === "0";
  if (!empty && !allowed.includes(type ?? "")) {
    return problem(415, "Unsupported content type");
  }
  return null;
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
    "img-src 'self' data: blob:",
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

/**
 * Adds the security baseline; HTML also gets the nonce-bound CSP, unless its route set a stricter one
 * without a nonce (pages served from the edge cache).
 */
export function withSecurityHeaders(response: Response, nonce: string, dev: boolean): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_HEADERS)) secured.headers.set(name, value);
  const type = secured.headers.get("content-type") ?? "";
  if (type.includes("text/html") && !secured.headers.has("content-security-policy")) {
    secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  }
  return secured;
}
