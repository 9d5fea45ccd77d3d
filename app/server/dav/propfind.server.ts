import type { Element } from "@xmldom/xmldom";
import type { AppContext } from "~/context";
import { foldLine } from "~/lib/text/content-line";
import { escapeXml } from "~/lib/text/escape";
import type { Database, Owners } from "../db/db.server";
import { viewerOf } from "../people/access.server";
import { type DavUser, davViewer } from "./app-passwords.server";
import {
  type Book,
  type BookEntry,
  bookEntries,
  openBook,
  type PhotoStore,
  type RenderedCard,
  readCard,
  renderEntries,
} from "./book.server";
import { paths, type Target, text, xmlBody } from "./request.server";
import {
  child,
  children,
  is,
  multistatus,
  multistatusStream,
  NS,
  propNames,
  propResponse,
  type QName,
  statusResponse,
} from "./xml.server";

/** The DAV properties of the book and its cards, and the PROPFIND that answers them. */

export const q = (ns: string, name: string): QName => ({ ns, name });
export const key = (x: QName) => `${x.ns}|${x.name}`;
export const P = {
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

export const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;
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

export function cardPartsOf(prop: Element | undefined): CardParts {
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

export function cardProps(card: Omit<RenderedCard, "name">, parts: CardParts = null): Record<string, string> {
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
export type Wanted = { mode: "prop" | "allprop" | "propname"; names: QName[] };

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

export function respond(path: string, props: Record<string, string>, wanted: Wanted, exclude: string[] = []) {
  if (wanted.mode === "prop") return propResponse(path, wanted.names, (x) => props[key(x)] ?? null);
  // allprop leaves out what is costly or not meant for listings (RFC 4918 §9.1: live properties may be).
  const names = Object.keys(props)
    .filter((k) => !exclude.includes(k))
    .map(fromKey);
  return propResponse(path, names, (x) => props[key(x)] ?? null, wanted.mode === "propname");
}

type BookInfo = Book;
export const loadBook = openBook;

/** What only the rendered card can tell; a listing knows the rest (or that cards lack it). */
const RENDERED = new Set([P.addressData, P.displayname, P.contentLength, P.lastModified]);
const entryProps = (e: BookEntry): Record<string, string> => ({
  [P.resourcetype]: "",
  [P.etag]: escapeXml(e.etag),
  [P.contentType]: "text/vcard; charset=utf-8",
});

export const needsRendering = (wanted: Wanted) =>
  wanted.mode === "prop" && wanted.names.some((n) => RENDERED.has(key(n)));

/** Responses for listed cards, a page at a time: from the listing alone, or rendered when a property needs the card. */
export async function* cardResponses(
  db: Database,
  owner: string | Owners,
  pages: AsyncIterable<BookEntry[]>,
  wanted: Wanted,
  photos: PhotoStore,
  exclude: string[] = [],
): AsyncGenerator<string> {
  const userId = viewerOf(owner).workspaceId;
  const p = paths(userId);
  for await (const entries of pages) {
    if (!needsRendering(wanted)) {
      yield entries.map((e) => respond(p.card(e.name), entryProps(e), wanted, exclude)).join("");
      continue;
    }
    const cards = await renderEntries(db, owner, entries, photos);
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

/** A PROPFIND: the properties of the root, the principal, the home, the book (and its cards at depth 1), or one card. */
export async function propfind(
  app: AppContext,
  db: Database,
  user: DavUser,
  target: Exclude<Target, { kind: "none" }>,
  url: URL,
  request: Request,
): Promise<Response> {
  const body = await xmlBody(request);
  if (body instanceof Response) return body;
  const wanted = wantedOf(body);
  if (wanted instanceof Response) return wanted;
  const depth = (request.headers.get("depth") ?? "infinity").trim();
  if (!["0", "1", "infinity"].includes(depth)) return text(400, "Depth must be 0, 1 or infinity");
  const p = paths(user.id);
  if (target.kind === "card") {
    const found = await readCard(db, davViewer(user), target.name, app.env);
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
        davViewer(user),
        bookEntries(db, davViewer(user), { extras: needsRendering(wanted) }),
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
