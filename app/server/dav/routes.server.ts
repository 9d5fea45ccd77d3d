import type { Element } from "@xmldom/xmldom";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppContext } from "~/context";
import { readVCardFile } from "~/lib/formats/vcard-read";
import type { PersonDraft } from "~/lib/people/draft";
import { MAX_POINTS_PER_KIND, normalisePerson } from "~/lib/people/normalise";
import { foldLine } from "~/lib/text/content-line";
import { escapeXml } from "~/lib/text/escape";
import { connection, davCard } from "~db/schema";
import { createDb, type Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { addPerson, ownerCountry } from "../people/add.server";
import { deletePerson } from "../people/edit.server";
import type { PeopleEvents } from "../people/events.server";
import { checkedDraftPhoto, deletePhotos, photoBytes, putPhoto, sameBytes } from "../people/photo.server";
import { replacePerson } from "../people/replace.server";
import { authLockedOut, limitAuthAttempt, RETRY_AFTER_SECONDS } from "../platform/rate-limit.server";
import { authenticateAppPassword, type DavUser } from "./app-passwords.server";
import {
  BOOK_PAGE,
  type Book,
  type BookEntry,
  bookEntries,
  bumpBook,
  currentSeq,
  entriesNamed,
  extraLines,
  goneEntries,
  isInlinePhoto,
  MAX_EXTRA_BYTES,
  openBook,
  type PhotoStore,
  type RenderedCard,
  readCard,
  renderEntries,
} from "./book.server";
import {
  child,
  childElements,
  children,
  davError,
  is,
  multistatus,
  multistatusStream,
  NS,
  propNames,
  propResponse,
  type QName,
  statusResponse,
  textOf,
} from "./xml.server";

/**
 * The owner's people as a CardDAV address book (RFC 6352 on WebDAV, RFC 4918, with sync-collection,
 * RFC 6578): discovery, PROPFIND, REPORT, GET/PUT/DELETE of vCards with strong ETags and preconditions.
 * Every request signs in with the account's email and an app password (HTTP Basic). Paths carry the
 * account's id; another account's paths answer 404 whatever the method. docs/decisions/0066.
 *
 *   /dav/                               the service root (current-user-principal)
 *   /dav/principals/{user}/             the principal (addressbook-home-set)
 *   /dav/books/{user}/                  the address book home
 *   /dav/books/{user}/people/           the address book
 *   /dav/books/{user}/people/{name}     one person as a vCard
 */

type DavEnv = { Bindings: Env; Variables: { app: AppContext } };
export const dav = new Hono<DavEnv>();

const DAV_HEADERS = {
  DAV: "1, 3, addressbook, extended-mkcol",
  Allow: "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT",
};
const VCARD_TYPE = "text/vcard; charset=utf-8";
const REALM = 'Basic realm="KnowWho address book", charset="UTF-8"';

const paths = (userId: string) => {
  const id = encodeURIComponent(userId);
  return {
    principal: `/dav/principals/${id}/`,
    home: `/dav/books/${id}/`,
    book: `/dav/books/${id}/people/`,
    card: (name: string) => `/dav/books/${id}/people/${encodeURIComponent(name)}`,
  };
};

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

/** The account an HTTP Basic header names with a live app password; failures count as sign-in attempts. */
async function signIn(app: AppContext, db: Database, request: Request): Promise<DavUser | Response> {
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

type Target =
  | { kind: "root" }
  | { kind: "principal" }
  | { kind: "home" }
  | { kind: "book" }
  | { kind: "card"; name: string }
  | { kind: "none" };

/** What a path names for this user; another account's paths name nothing. */
function targetOf(pathname: string, userId: string): Target {
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
function nameOfHref(href: string, userId: string): string | null {
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

const q = (ns: string, name: string): QName => ({ ns, name });
const key = (x: QName) => `${x.ns}|${x.name}`;
const P = {
  resourcetype: key(q(NS.D, "resourcetype")),
  displayname: key(q(NS.D, "displayname")),
  principal: key(q(NS.D, "current-user-principal")),
  principalUrl: key(q(NS.D, "principal-URL")),
  owner: key(q(NS.D, "owner")),
  reports: key(q(NS.D, "supported-report-set")),
  privileges: key(q(NS.D, "current-user-privilege-set")),
  etag: key(q(NS.D, "getetag")),
  contentType: key(q(NS.D, "getcontenttype")),
  contentLength: key(q(NS.D, "getcontentlength")),
  lastModified: key(q(NS.D, "getlastmodified")),
  syncToken: key(q(NS.D, "sync-token")),
  ctag: key(q(NS.CS, "getctag")),
  homeSet: key(q(NS.C, "addressbook-home-set")),
  description: key(q(NS.C, "addressbook-description")),
  addressData: key(q(NS.C, "address-data")),
  supportedData: key(q(NS.C, "supported-address-data")),
  maxSize: key(q(NS.C, "max-resource-size")),
  resourceId: key(q(NS.D, "resource-id")),
};

const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;
const PRIVILEGES = [
  "read",
  "write",
  "write-content",
  "write-properties",
  "bind",
  "unbind",
  "read-current-user-privilege-set",
]
  .map((p) => `<d:privilege><d:${p}/></d:privilege>`)
  .join("");
const REPORTS = ["<card:addressbook-multiget/>", "<card:addressbook-query/>", "<d:sync-collection/>"]
  .map((r) => `<d:supported-report><d:report>${r}</d:report></d:supported-report>`)
  .join("");

export const syncToken = (origin: string, seq: number) => `${origin}/ns/sync/${seq}`;

/** What a property is on a resource, or null where the resource has no such property. */
function collectionProps(kind: "root" | "principal" | "home" | "book", user: DavUser, origin: string, book?: BookInfo) {
  const p = paths(user.id);
  const common: Record<string, string> = {
    [P.principal]: href(p.principal),
    [P.owner]: href(p.principal),
    [P.privileges]: PRIVILEGES,
  };
  if (kind === "root") return { ...common, [P.resourcetype]: "<d:collection/>", [P.displayname]: "KnowWho" };
  if (kind === "principal")
    return {
      ...common,
      [P.resourcetype]: "<d:collection/><d:principal/>",
      [P.displayname]: escapeXml(user.name || user.email),
      [P.principalUrl]: href(p.principal),
      [P.homeSet]: href(p.home),
    };
  if (kind === "home")
    return {
      ...common,
      [P.resourcetype]: "<d:collection/>",
      [P.displayname]: "Address books",
      [P.homeSet]: href(p.home),
    };
  return {
    ...common,
    [P.resourcetype]: "<d:collection/><card:addressbook/>",
    [P.displayname]: "KnowWho",
    [P.description]: "Your KnowWho network",
    [P.reports]: REPORTS,
    [P.supportedData]: '<card:address-data-type content-type="text/vcard" version="3.0"/>',
    [P.maxSize]: "1000000",
    ...(book ? { [P.ctag]: escapeXml(book.ctag), [P.syncToken]: escapeXml(syncToken(origin, book.seq)) } : {}),
  };
}

/** The vCard properties an address-data element names (RFC 6352 §10.4); null means the whole card. */
type CardParts = { name: string; novalue: boolean }[] | null;

function cardPartsOf(prop: Element | undefined): CardParts {
  const data = prop ? child(prop, NS.C, "address-data") : undefined;
  if (!data || child(data, NS.C, "allprop")) return null;
  const parts = children(data, NS.C, "prop").map((p) => ({
    name: (p.getAttribute("name") ?? "").toUpperCase(),
    novalue: p.getAttribute("novalue") === "yes",
  }));
  return parts.length ? parts : null;
}

/** Only the properties asked for, inside BEGIN, VERSION and END, which every vCard needs. */
function partOfCard(body: string, parts: CardParts): string {
  if (!parts) return body;
  const wanted = new Map(parts.map((p) => [p.name, p.novalue]));
  const lines = body
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean)
    .flatMap((line) => {
      const m = line.match(/^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)[;:]/);
      const name = (m?.[1] ?? "").toUpperCase();
      if (["BEGIN", "VERSION", "END"].includes(name)) return [line];
      if (!wanted.has(name)) return [];
      return [wanted.get(name) ? `${line.slice(0, colonAt(line) + 1)}` : line];
    });
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** The colon that ends a property's name and parameters (a quoted parameter may hold one). */
function colonAt(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return i;
  }
  return line.length;
}

function cardProps(card: Omit<RenderedCard, "name">, parts: CardParts = null): Record<string, string> {
  return {
    [P.resourcetype]: "",
    [P.etag]: escapeXml(card.etag),
    [P.contentType]: "text/vcard; charset=utf-8",
    [P.contentLength]: String(new TextEncoder().encode(card.body).byteLength),
    [P.lastModified]: card.person.updatedAt.toUTCString(),
    [P.displayname]: escapeXml(card.person.displayName),
    [P.addressData]: escapeXml(partOfCard(card.body, parts)),
  };
}

/** Which properties a PROPFIND asks for: its list, every one we have (allprop), or their names. */
type Wanted = { mode: "prop" | "allprop" | "propname"; names: QName[] };

function wantedOf(root: Element | null): Wanted | Response {
  if (!root) return { mode: "allprop", names: [] };
  if (!is(root, NS.D, "propfind")) return text(400, "Expected a DAV:propfind body");
  const prop = child(root, NS.D, "prop");
  if (prop) return { mode: "prop", names: propNames(prop) };
  if (child(root, NS.D, "propname")) return { mode: "propname", names: [] };
  return { mode: "allprop", names: [] };
}

const fromKey = (k: string): QName => {
  const i = k.lastIndexOf("|");
  return { ns: k.slice(0, i), name: k.slice(i + 1) };
};

function respond(path: string, props: Record<string, string>, wanted: Wanted, exclude: string[] = []) {
  if (wanted.mode === "prop") return propResponse(path, wanted.names, (x) => props[key(x)] ?? null);
  // allprop leaves out what is costly or not meant for listings (RFC 4918 §9.1: live properties may be).
  const names = Object.keys(props)
    .filter((k) => !exclude.includes(k))
    .map(fromKey);
  return propResponse(path, names, (x) => props[key(x)] ?? null, wanted.mode === "propname");
}

type BookInfo = Book;
const loadBook = openBook;

/** What only the rendered card can tell; a listing knows the rest (or that cards lack it). */
const RENDERED = new Set([P.addressData, P.displayname, P.contentLength, P.lastModified]);
const entryProps = (e: BookEntry): Record<string, string> => ({
  [P.resourcetype]: "",
  [P.etag]: escapeXml(e.etag),
  [P.contentType]: "text/vcard; charset=utf-8",
});

const needsRendering = (wanted: Wanted) => wanted.mode === "prop" && wanted.names.some((n) => RENDERED.has(key(n)));

/** Responses for listed cards, a page at a time: from the listing alone, or rendered when a property needs the card. */
async function* cardResponses(
  db: Database,
  userId: string,
  pages: AsyncIterable<BookEntry[]>,
  wanted: Wanted,
  photos: PhotoStore,
  exclude: string[] = [],
): AsyncGenerator<string> {
  const p = paths(userId);
  for await (const entries of pages) {
    if (!needsRendering(wanted)) {
      yield entries.map((e) => respond(p.card(e.name), entryProps(e), wanted, exclude)).join("");
      continue;
    }
    const cards = await renderEntries(db, userId, entries, photos);
    yield entries
      .map((e) => {
        const card = cards.get(e.connectionId);
        return card
          ? respond(p.card(e.name), cardProps(card), wanted, exclude)
          : statusResponse(p.card(e.name), "404 Not Found");
      })
      .join("");
  }
}

const readBody = async (request: Request) => new Uint8Array(await request.arrayBuffer());
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function xmlBody(request: Request): Promise<Element | null | Response> {
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
function etagList(header: string | null): string[] | null {
  if (header === null) return null;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .filter(Boolean);
}

const matches = (list: string[], etag: string | null) =>
  list.includes("*") ? etag !== null : etag !== null && list.includes(etag);

/** Every DAV request, whatever its method; mounted at /dav and for PROPFIND/REPORT on "/". */
export async function handleDav(c: Context<DavEnv>): Promise<Response> {
  const app = c.get("app");
  const request = c.req.raw;
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return new Response(null, { status: 200, headers: DAV_HEADERS });
  // DAV clients keep no cookie: every read goes to the primary, so a client reads what it just wrote.
  const db = createDb(app.env.DB.withSession("first-primary"));
  const signed = await signIn(app, db, request);
  if (signed instanceof Response) return signed;
  const user = signed;
  const url = new URL(request.url);
  const target = targetOf(url.pathname, user.id);
  if (target.kind === "none") return text(404, "Not found");
  const headers = { ...DAV_HEADERS };

  if (method === "PROPFIND") {
    const body = await xmlBody(request);
    if (body instanceof Response) return body;
    const wanted = wantedOf(body);
    if (wanted instanceof Response) return wanted;
    const depth = (request.headers.get("depth") ?? "infinity").trim();
    if (!["0", "1", "infinity"].includes(depth)) return text(400, "Depth must be 0, 1 or infinity");
    const p = paths(user.id);
    if (target.kind === "card") {
      const found = await readCard(db, user.id, target.name, app.env);
      if (!found.live) return text(404, "Not found");
      return multistatus([respond(p.card(target.name), cardProps(found.live), wanted, [P.addressData])]);
    }
    const self = target.kind === "root" ? (url.pathname === "/" ? "/" : "/dav/") : p[target.kind];
    const needsBook =
      target.kind === "book" &&
      (depth !== "0" || wanted.mode !== "prop" || wanted.names.some((n) => [P.ctag, P.syncToken].includes(key(n))));
    const book = needsBook ? await loadBook(db, user.id) : undefined;
    const responses = [respond(self, collectionProps(target.kind, user, url.origin, book), wanted)];
    if (depth !== "0") {
      if (target.kind === "home")
        responses.push(respond(p.book, collectionProps("book", user, url.origin, await loadBook(db, user.id)), wanted));
      if (target.kind === "book" && book) {
        const cards = cardResponses(
          db,
          user.id,
          bookEntries(db, user.id, { extras: needsRendering(wanted) }),
          wanted,
          app.env,
          [P.addressData],
        );
        return multistatusStream(
          (async function* () {
            yield responses.join("");
            yield* cards;
          })(),
        );
      }
    }
    return multistatus(responses);
  }

  if (method === "REPORT") {
    if (target.kind !== "book") return davError(403, "<d:supported-report/>");
    const body = await xmlBody(request);
    if (body instanceof Response) return body;
    if (!body) return text(400, "A REPORT needs a body");
    const p = paths(user.id);
    const prop = child(body, NS.D, "prop");
    const wanted: Wanted = { mode: "prop", names: prop ? propNames(prop) : [q(NS.D, "getetag")] };
    const parts = cardPartsOf(prop);

    if (is(body, NS.C, "addressbook-multiget")) {
      const hrefs = children(body, NS.D, "href").map(textOf);
      // Every href asked for, a page at a time: the request's own size is the only bound.
      return multistatusStream(
        (async function* () {
          for (let i = 0; i < hrefs.length; i += BOOK_PAGE) {
            const page = hrefs.slice(i, i + BOOK_PAGE).map((h) => ({ h, name: nameOfHref(h, user.id) }));
            const entries = await entriesNamed(
              db,
              user.id,
              page.flatMap((x) => x.name ?? []),
            );
            const cards = await renderEntries(db, user.id, entries, app.env);
            const byName = new Map([...cards.values()].map((c) => [c.name, c]));
            yield page
              .map(({ h, name }) => {
                const card = name ? byName.get(name) : undefined;
                return card
                  ? respond(p.card(card.name), cardProps(card, parts), wanted)
                  : statusResponse(h, "404 Not Found");
              })
              .join("");
          }
        })(),
      );
    }

    if (is(body, NS.C, "addressbook-query")) {
      await loadBook(db, user.id);
      const filter = child(body, NS.C, "filter");
      const limit = Number(textOf(child(child(body, NS.C, "limit") ?? body, NS.C, "nresults"))) || Infinity;
      // Photos are read only when the cards themselves are asked for (a filter never needs them).
      const photos = wanted.names.some((n) => key(n) === P.addressData) ? app.env : null;
      return multistatusStream(
        (async function* () {
          let hits = 0;
          for await (const entries of bookEntries(db, user.id, { extras: true })) {
            const cards = await renderEntries(db, user.id, entries, photos);
            const out: string[] = [];
            for (const e of entries) {
              const card = cards.get(e.connectionId);
              if (!card || (filter && !passes(filter, card.body))) continue;
              // One hit past the limit: the client is told the answer was cut short (RFC 6352 §8.6.1).
              if (++hits > limit) {
                yield `${out.join("")}${statusResponse(p.book, "507 Insufficient Storage")}`;
                return;
              }
              out.push(respond(p.card(card.name), cardProps(card, parts), wanted));
            }
            yield out.join("");
          }
        })(),
      );
    }

    if (is(body, NS.D, "sync-collection")) {
      const given = textOf(child(body, NS.D, "sync-token"));
      const level = textOf(child(body, NS.D, "sync-level")) || "1";
      if (level !== "1") return davError(403, "<d:number-of-matches-within-limits/>");
      const book = await loadBook(db, user.id);
      let since = -1;
      if (given) {
        const m = given.match(/\/ns\/sync\/(\d+)$/);
        const n = m ? Number(m[1]) : Number.NaN;
        if (!given.startsWith(`${url.origin}/ns/sync/`) || !Number.isSafeInteger(n) || n > book.seq)
          return davError(403, "<d:valid-sync-token/>");
        since = n;
      }
      const live = cardResponses(
        db,
        user.id,
        bookEntries(db, user.id, { since, extras: needsRendering(wanted) }),
        wanted,
        app.env,
      );
      return multistatusStream(
        (async function* () {
          yield* live;
          if (since < 0) return;
          for await (const names of goneEntries(db, user.id, since))
            yield names.map((name) => statusResponse(p.card(name), "404 Not Found")).join("");
        })(),
        () => `<d:sync-token>${escapeXml(syncToken(url.origin, book.seq))}</d:sync-token>`,
      );
    }
    return davError(403, "<d:supported-report/>");
  }

  if (target.kind !== "card") {
    if (method === "GET" || method === "HEAD")
      return text(200, "KnowWho address book: add it in a CardDAV client (see Settings → Integrations).", headers);
    return text(405, "Not allowed here", headers);
  }

  if (method === "GET" || method === "HEAD") {
    const found = await readCard(db, user.id, target.name, app.env);
    if (!found.live) return text(404, "Not found");
    const none = etagList(request.headers.get("if-none-match"));
    if (none && matches(none, found.live.etag))
      return new Response(null, { status: 304, headers: { ETag: found.live.etag } });
    return new Response(method === "HEAD" ? null : found.live.body, {
      headers: {
        "content-type": VCARD_TYPE,
        ETag: found.live.etag,
        "Last-Modified": found.live.person.updatedAt.toUTCString(),
      },
    });
  }

  if (method === "DELETE") {
    const found = await readCard(db, user.id, target.name);
    if (!found.live) return text(404, "Not found");
    const ifMatch = etagList(request.headers.get("if-match"));
    if (ifMatch && !matches(ifMatch, found.live.etag)) return text(412, "The card changed since you read it");
    await deletePerson(app.env.CACHE, db, user.id, found.live.person.id);
    await writeBatch(db, [
      ...bumpBook(db, user.id),
      rawSql(sql`update ${davCard} set connection_id = null, deleted = 1, seq = ${currentSeq(user.id)}
        where ${davCard.id} = ${found.live.row.id}`),
    ]);
    return new Response(null, { status: 204 });
  }

  if (method === "PUT") return put(db, user, target.name, request, app.env.CACHE, { env: app.env, db, ctx: app.ctx });
  return text(405, "Not allowed here", headers);
}

dav.all("*", handleDav);

const VCARD_TYPES = ["text/vcard", "text/x-vcard", "text/directory"];

/** What a PUT says about the person's photo: nothing, a PHOTO by URL, a checked image, or a refusal. */
type PutPhoto =
  | { kind: "none" }
  | { kind: "by-url" }
  | { kind: "image"; type: string; bytes: Uint8Array }
  | { kind: "refused"; status: 400 | 413 };

function putPhotoOf(body: string, draft: PersonDraft): PutPhoto {
  const first = body
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n")
    .find((line) => /^(?:[A-Za-z0-9-]+\.)?PHOTO[;:]/i.test(line));
  if (!first) return { kind: "none" };
  if (!isInlinePhoto(first)) return { kind: "by-url" };
  // Bad base64 or something that is not an image: the client is told, nothing is half-stored.
  if (!draft.photo) return { kind: "refused", status: 400 };
  const checked = checkedDraftPhoto(draft.photo);
  if ("error" in checked) return { kind: "refused", status: checked.error === "That image is too large" ? 413 : 400 };
  return { kind: "image", ...checked };
}

const NOUNS: Record<string, string> = {
  email: "emails",
  phone: "phone numbers",
  website: "websites",
  social: "profiles",
  address: "addresses",
  sip: "SIP addresses",
  role: "further organisations",
};

/**
 * RFC 6352's valid-address-data precondition (403), with the reason in the message element that sabre/dav
 * servers send and clients such as DAVx⁵ show: which kind is past its cap, and that nothing was saved.
 */
function refuseCaps(kinds: string[]): Response {
  const over = [...new Set(kinds)].map((k) => {
    const n = kinds.filter((x) => x === k).length;
    return `${NOUNS[k] ?? k}: at most ${MAX_POINTS_PER_KIND}, this card has ${MAX_POINTS_PER_KIND + n}`;
  });
  const message = `KnowWho keeps at most ${MAX_POINTS_PER_KIND} of each kind of contact detail (${over.join("; ")}). Nothing was saved: remove some and save again.`;
  return davError(
    403,
    `<card:valid-address-data/><s:message xmlns:s="http://sabredav.org/ns">${escapeXml(message)}</s:message>`,
  );
}

const refusePhoto = (status: 400 | 413) =>
  davError(status, status === 413 ? "<card:max-resource-size/>" : "<card:valid-address-data/>");

async function put(
  db: Database,
  user: DavUser,
  name: string,
  request: Request,
  store: KVNamespace,
  events: PeopleEvents,
): Promise<Response> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type && !VCARD_TYPES.includes(type)) return davError(415, "<card:supported-address-data/>");
  const bytes = await readBody(request);
  // Contacts on Apple devices can make groups as cards; a group is not a person (tags are our groups).
  if (/^(?:[A-Za-z0-9-]+\.)?(?:X-ADDRESSBOOKSERVER-KIND|KIND):\s*group\s*$/im.test(decode(bytes)))
    return text(403, "Groups are not kept in KnowWho; use tags (CATEGORIES) instead");
  const read = readVCardFile(bytes);
  const draft = read.people[0]?.draft;
  if (read.people.length !== 1 || !draft || read.problems.some((p) => p.skipped))
    return davError(400, "<card:valid-address-data/>");
  const extra = extraLines(decode(bytes));
  if (new TextEncoder().encode(extra.join("\n")).byteLength > MAX_EXTRA_BYTES)
    return davError(413, "<card:max-resource-size/>");
  const photo = putPhotoOf(decode(bytes), draft);
  if (photo.kind === "refused") return refusePhoto(photo.status);
  // Past the per-kind caps nothing is dropped behind a 2xx: the whole PUT is refused, with a reason to show.
  const { pastCap } = normalisePerson(draft, await ownerCountry(db, user.id));
  if (pastCap.length) return refuseCaps(pastCap.map((p) => p.kind));

  const found = await readCard(db, user.id, name);
  const ifMatch = etagList(request.headers.get("if-match"));
  const ifNoneMatch = etagList(request.headers.get("if-none-match"));
  const etag = found.live?.etag ?? null;
  // Preconditions: a client editing a card it read never overwrites a newer edit (a lost update).
  if (ifMatch && !matches(ifMatch, etag)) return text(412, "The card changed since you read it");
  if (ifNoneMatch && matches(ifNoneMatch, etag)) return text(412, "A card with this name already exists");
  const uid = draft.externalId;

  if (found.live) {
    const person = found.live.person;
    const current = person.photoKey ?? null;
    // The photo's next key: a new image (the same bytes sent back keep theirs), or none when a client
    // that held this very card (If-Match on its ETag, so it received the photo) sends it without one.
    // Without that proof (no If-Match, or *) a card without PHOTO leaves the photo alone (0018).
    let next: string | null | undefined;
    if (photo.kind === "image" && !sameBytes(await photoBytes(store, current), photo.bytes))
      next = await putPhoto(store, user.id, photo.type, photo.bytes);
    else if (photo.kind === "none" && current && ifMatch && !ifMatch.includes("*")) next = null;
    const stamp: Statement[] = [
      ...bumpBook(db, user.id),
      rawSql(sql`update ${davCard} set extra = ${JSON.stringify(extra)}, etag = '', deleted = 0,
        seq = ${currentSeq(user.id)} where ${davCard.id} = ${found.live.row.id}`),
      ...(next === undefined
        ? []
        : [
            db
              .update(connection)
              .set({ image: next })
              .where(and(eq(connection.id, person.id), eq(connection.userId, user.id))),
          ]),
    ];
    const result = await replacePerson(db, user.id, person.id, draft, {
      detail: "Edited in your address book (CardDAV)",
      also: stamp,
      events,
    }).catch(async (error) => {
      await deletePhotos(store, [next]);
      throw error;
    });
    if (!result?.ok) await deletePhotos(store, [next]);
    else if (next !== undefined) await deletePhotos(store, [current]);
    if (!result) return text(404, "Not found");
    if (!result.ok) return text(409, result.message);
    return new Response(null, { status: 204 });
  }

  // A new card whose UID another card of this book already has: RFC 6352 §6.3.2.1 no-uid-conflict.
  if (uid) {
    const holder = await db
      .select({ name: davCard.name })
      .from(davCard)
      .innerJoin(connection, eq(connection.id, davCard.connectionId))
      .where(and(eq(davCard.userId, user.id), eq(connection.userId, user.id), eq(connection.uid, uid)))
      .get();
    if (holder)
      return davError(409, `<card:no-uid-conflict>${href(paths(user.id).card(holder.name))}</card:no-uid-conflict>`);
  }
  // A new card's photo: stored first, pointed at in the same batch as the person, and only for someone
  // without a photo (a person already held keeps theirs: the people core never overwrites).
  const stored = photo.kind === "image" ? await putPhoto(store, user.id, photo.type, photo.bytes) : null;
  const also = (personId: SQL): Statement[] => [
    ...bumpBook(db, user.id),
    ...(stored
      ? [
          db
            .update(connection)
            .set({ image: stored })
            .where(and(eq(connection.id, personId), eq(connection.userId, user.id), isNull(connection.image))),
        ]
      : []),
    // Someone already in the network (same email or phone) moves to the client's name; the old name is gone.
    rawSql(sql`update ${davCard} set connection_id = null, deleted = 1, seq = ${currentSeq(user.id)}
      where ${davCard.userId} = ${user.id} and ${davCard.connectionId} = ${personId} and ${davCard.name} <> ${name}`),
    rawSql(sql`insert into ${davCard} (user_id, connection_id, name, etag, seq, deleted, extra)
      values (${user.id}, ${personId}, ${name}, '', ${currentSeq(user.id)}, 0, ${JSON.stringify(extra)})
      on conflict (user_id, name) do update set connection_id = excluded.connection_id, etag = '',
        seq = excluded.seq, deleted = 0, extra = excluded.extra`),
  ];
  const added = await addPerson(db, user.id, draft, {
    source: "manual",
    detail: "Added from your address book (CardDAV)",
    eventName: null,
    also,
    events,
  }).catch(async (error) => {
    await deletePhotos(store, [stored]);
    throw error;
  });
  if (stored) {
    const kept = await db
      .select({ image: connection.image })
      .from(connection)
      .where(and(eq(connection.id, added.id), eq(connection.userId, user.id)))
      .get();
    if (kept?.image !== stored) await deletePhotos(store, [stored]);
  }
  // The ETag of our rendering: a client that deletes or edits right after needs one to send If-Match.
  const now = await readCard(db, user.id, name);
  return new Response(null, { status: 201, headers: now.live ? { ETag: now.live.etag } : {} });
}

/** addressbook-query filters (RFC 6352 §10.5): prop-filter, param-filter, text-match, anyof/allof. */
function passes(filter: Element, body: string): boolean {
  const props = body
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const m = line.match(/^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)((?:;[^:]*)?):(.*)$/);
      return m
        ? { name: (m[1] as string).toUpperCase(), params: (m[2] as string).toUpperCase(), value: m[3] as string }
        : null;
    })
    .filter((x): x is { name: string; params: string; value: string } => x !== null);
  const allOf = filter.getAttribute("test") === "allof";
  const propFilters = children(filter, NS.C, "prop-filter");
  if (!propFilters.length) return true;
  const results = propFilters.map((pf) => {
    const name = (pf.getAttribute("name") ?? "").toUpperCase();
    const mine = props.filter((p) => p.name === name);
    if (child(pf, NS.C, "is-not-defined")) return mine.length === 0;
    const tests = childElements(pf).filter((e) => is(e, NS.C, "text-match") || is(e, NS.C, "param-filter"));
    if (!tests.length) return mine.length > 0;
    const every = pf.getAttribute("test") === "allof";
    return mine.some((p) => {
      const ok = tests.map((t) =>
        t.localName === "text-match"
          ? textMatch(t, p.value.replace(/\\([,;\\])/g, "$1").replace(/\\n/gi, "\n"))
          : paramPasses(t, p.params),
      );
      return every ? ok.every(Boolean) : ok.some(Boolean);
    });
  });
  return allOf ? results.every(Boolean) : results.some(Boolean);
}

/** A param-filter (RFC 6352 §10.5.2): defined, not defined, or one of its values matching a text-match. */
function paramPasses(filter: Element, params: string): boolean {
  const name = (filter.getAttribute("name") ?? "").toUpperCase();
  const values = [...params.matchAll(/;([^;=]+)=("[^"]*"|[^;]*)/g)]
    .filter((m) => (m[1] as string).toUpperCase() === name)
    .flatMap((m) => (m[2] as string).replace(/^"|"$/g, "").split(","));
  if (child(filter, NS.C, "is-not-defined")) return values.length === 0;
  const match = child(filter, NS.C, "text-match");
  return match ? values.some((v) => textMatch(match, v)) : values.length > 0;
}

function textMatch(el: Element, value: string): boolean {
  const octet = el.getAttribute("collation") === "i;octet";
  const fold = (s: string) => (octet ? s : s.toLocaleLowerCase("und"));
  const needle = fold(textOf(el));
  const hay = fold(value);
  const type = el.getAttribute("match-type") ?? "contains";
  const hit =
    type === "equals"
      ? hay === needle
      : type === "starts-with"
        ? hay.startsWith(needle)
        : type === "ends-with"
          ? hay.endsWith(needle)
          : hay.includes(needle);
  return el.getAttribute("negate-condition") === "yes" ? !hit : hit;
}
