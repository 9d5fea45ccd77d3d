import type { Element } from "@xmldom/xmldom";
import type { AppContext } from "~/context";
import type { Database } from "../db/db.server";
import { authLockedOut, limitAuthAttempt, RETRY_AFTER_SECONDS } from "../platform/rate-limit.server";
import { authenticateAppPassword, type DavUser } from "./app-passwords.server";

/** What every CardDAV request shares: its account, the path it names, its body and its preconditions. */

export const DAV_HEADERS = {
  DAV: "1, 3, addressbook, extended-mkcol",
  Allow: "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT",
};
export const VCARD_TYPE = "text/vcard; charset=utf-8";
const REALM = 'Basic realm="KnowWho address book", charset="UTF-8"';

export const paths = (userId: string) => {
  const id = encodeURIComponent(userId);
  return {
    principal: `/dav/principals/${id}/`,
    home: `/dav/books/${id}/`,
    book: `/dav/books/${id}/people/`,
    card: (name: string) => `/dav/books/${id}/people/${encodeURIComponent(name)}`,
  };
};

export const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

/** The account an HTTP Basic header names with a live app password; failures count as sign-in attempts. */
export async function signIn(app: AppContext, db: Database, request: Request): Promise<DavUser | Response> {
  const header = request.headers.get("authorization") ?? "";
  const match = header.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  let email = "";
  let password = "";
  if (match) {
    try {
      const decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1] as string), (c) => c.charCodeAt(0)));
      const colon = decoded.indexOf(":");
      email = colon > 0 ? decoded.slice(0, colon) : "";
      password = colon > 0 ? decoded.slice(colon + 1) : "";
    } catch {}
  }
  const tooMany = () =>
    text(429, "Too many attempts. Try again in a minute.", { "Retry-After": String(RETRY_AFTER_SECONDS) });
  // The lockout comes before the password: a locked-out guesser must not learn that a guess was right.
  if (header && (await authLockedOut(app.env, request, email || null))) return tooMany();
  const user = email && password ? await authenticateAppPassword(db, email, password) : null;
  if (user) return user;
  // Only failed attempts are counted: a syncing client makes dozens of good requests a minute.
  if (header) {
    const verdict = await limitAuthAttempt(app.env, request, email || null);
    if (!verdict.ok) return tooMany();
  }
  return text(401, "Sign in with your email and an app password from Settings → Integrations.", {
    "WWW-Authenticate": REALM,
  });
}

export type Target =
  | { kind: "root" }
  | { kind: "principal" }
  | { kind: "home" }
  | { kind: "book" }
  | { kind: "card"; name: string }
  | { kind: "none" };

/** What a path names for this user; another account's paths name nothing. */
export function targetOf(pathname: string, userId: string): Target {
  const parts = pathname
    .replace(/^\/dav\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  if (pathname === "/" || parts.length === 0) return { kind: "root" };
  if (parts[1] !== userId) return { kind: "none" };
  if (parts[0] === "principals" && parts.length === 2) return { kind: "principal" };
  if (parts[0] !== "books") return { kind: "none" };
  if (parts.length === 2) return { kind: "home" };
  if (parts[2] !== "people") return { kind: "none" };
  if (parts.length === 3) return { kind: "book" };
  if (parts.length === 4 && parts[3] && !/[\p{Cc}]/u.test(parts[3]) && parts[3].length <= 200)
    return { kind: "card", name: parts[3] };
  return { kind: "none" };
}

/** The resource names an href list names inside this user's book (others answer 404). */
export function nameOfHref(href: string, userId: string): string | null {
  let path = href.trim();
  if (/^https?:\/\//i.test(path)) {
    if (!URL.canParse(path)) return null;
    path = new URL(path).pathname;
  }
  try {
    const target = targetOf(path, userId);
    return target.kind === "card" ? target.name : null;
  } catch {
    return null;
  }
}

export const readBody = async (request: Request) => new Uint8Array(await request.arrayBuffer());
export const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

export async function xmlBody(request: Request): Promise<Element | null | Response> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type && !["application/xml", "text/xml"].includes(type)) return text(415, "Send XML (application/xml)");
  const { BadXml, parseXml } = await import("./xml-parse.server");
  try {
    return parseXml(decode(await readBody(request)));
  } catch (error) {
    if (error instanceof BadXml) return text(400, "The XML body is not well-formed");
    throw error;
  }
}

/** `If-Match` / `If-None-Match` lists: `*` or quoted ETags (weak ones compared by their value). */
export function etagList(header: string | null): string[] | null {
  if (header === null) return null;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .filter(Boolean);
}

export const matches = (list: string[], etag: string | null) =>
  list.includes("*") ? etag !== null : etag !== null && list.includes(etag);
