/**
 * D1's Sessions API: reads may be served by a read replica near the visitor, and a bookmark carried in a
 * cookie makes every later request of the same browser read at least what it wrote. Which requests start
 * where is explained in docs/decisions/0072-d1-sessions.md.
 */
export const BOOKMARK_COOKIE = "kw_d1";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
/** The shape D1 gives bookmarks; anything else in the cookie is ignored rather than sent to D1. */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

const signedIn = (request: Request) => (request.headers.get("cookie") ?? "").includes("session_token");

/**
 * The session a request reads and writes through:
 * - the browser's bookmark when it has one (it wrote before: read your own writes);
 * - first-primary for writes and for signed-in owners without one (their pages show what they just did);
 * - first-unconstrained for everything anonymous visitors read (cards, public pages), the nearest replica.
 */
export function openSession(db: D1Database, request: Request): D1DatabaseSession {
  const bookmark = readCookie(request.headers.get("cookie"), BOOKMARK_COOKIE);
  if (bookmark && BOOKMARK_SHAPE.test(bookmark)) return db.withSession(bookmark);
  if (!SAFE.has(request.method) || signedIn(request)) return db.withSession("first-primary");
  return db.withSession("first-unconstrained");
}

/**
 * Hands the session's latest bookmark back to a browser that wrote or is signed in, so its next request
 * starts there. Anonymous reads get no cookie, so cached public pages stay cookie-free.
 */
export function keepBookmark(response: Response, session: D1DatabaseSession, request: Request): Response {
  if (SAFE.has(request.method) && !signedIn(request)) return response;
  const bookmark = session.getBookmark();
  if (!bookmark || !BOOKMARK_SHAPE.test(bookmark)) return response;
  if (readCookie(request.headers.get("cookie"), BOOKMARK_COOKIE) === bookmark) return response;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const kept = new Response(response.body, response);
  kept.headers.append(
    "Set-Cookie",
    `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=300; HttpOnly; SameSite=Lax${secure}`,
  );
  return kept;
}
