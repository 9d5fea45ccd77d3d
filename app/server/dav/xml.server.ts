import type { Element } from "@xmldom/xmldom";
import { pullStream } from "~/lib/platform/stream";
import { escapeXml } from "~/lib/text/escape";
import { own } from "~/lib/text/own";

/**
 * WebDAV request bodies in, multistatus answers out. Bodies are parsed by xml-parse.server.ts, loaded
 * only when a request has a body (docs/decisions/0064).
 */

export const NS = { D: "DAV:", C: "urn:ietf:params:xml:ns:carddav", CS: "http://calendarserver.org/ns/" } as const;

/** A property or element name, namespace and local name. */
export type QName = { ns: string; name: string };

export const is = (el: Element | null | undefined, ns: string, name: string): el is Element =>
  !!el && el.namespaceURI === ns && el.localName === name;

export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

export const child = (el: Element, ns: string, name: string) => childElements(el).find((c) => is(c, ns, name));
export const children = (el: Element, ns: string, name: string) => childElements(el).filter((c) => is(c, ns, name));
export const textOf = (el: Element | undefined) => (el?.textContent ?? "").trim();

/** The names inside a <D:prop> element. */
export function propNames(prop: Element | undefined): QName[] {
  if (!prop) return [];
  return childElements(prop).map((c) => ({ ns: c.namespaceURI ?? "", name: c.localName ?? "" }));
}

const PREFIX: Record<string, string> = { [NS.D]: "d", [NS.C]: "card", [NS.CS]: "cs" };

/** A qualified tag for output; unknown namespaces get their own xmlns on the element. */
export function tag(q: QName, inner: string | null): string {
  const known = own(PREFIX, q.ns);
  const name = known ? `${known}:${q.name}` : `x:${q.name}`;
  const xmlns = known ? "" : ` xmlns:x="${escapeXml(q.ns)}"`;
  return inner === null || inner === "" ? `<${name}${xmlns}/>` : `<${name}${xmlns}>${inner}</${name}>`;
}

/** A property's value as XML: already-built markup, or null when the resource does not have it. */
export type PropValue = string | null;

/** One <d:response> with a 200 propstat for what is there and a 404 one for what is not. */
export function propResponse(href: string, requested: QName[], values: (q: QName) => PropValue, namesOnly = false) {
  const found: string[] = [];
  const missing: string[] = [];
  for (const q of requested) {
    const value = values(q);
    if (value === null) missing.push(tag(q, null));
    else found.push(tag(q, namesOnly ? null : value));
  }
  const stat = (props: string[], status: string) =>
    props.length
      ? `<d:propstat><d:prop>${props.join("")}</d:prop><d:status>HTTP/1.1 ${status}</d:status></d:propstat>`
      : "";
  return `<d:response><d:href>${escapeXml(href)}</d:href>${stat(found, "200 OK")}${stat(missing, "404 Not Found")}</d:response>`;
}

export function statusResponse(href: string, status: string) {
  return `<d:response><d:href>${escapeXml(href)}</d:href><d:status>HTTP/1.1 ${status}</d:status></d:response>`;
}

const XMLNS = `xmlns:d="DAV:" xmlns:card="${NS.C}" xmlns:cs="${NS.CS}"`;

export function multistatus(responses: string[], extra = ""): Response {
  return xmlResponse(207, `<d:multistatus ${XMLNS}>${responses.join("")}${extra}</d:multistatus>`);
}

/**
 * A multistatus written while it is read (pullStream): responses arrive a page at a time, so memory holds
 * one page however large the book. A page that fails to read errors the body, so the client sees a broken
 * answer, never a multistatus that closes as if it were complete.
 */
export function multistatusStream(responses: AsyncIterable<string>, extra: () => string = () => ""): Response {
  const parts = (async function* () {
    yield `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus ${XMLNS}>`;
    yield* responses;
    yield `${extra()}</d:multistatus>`;
  })();
  return new Response(pullStream(parts), {
    status: 207,
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
}

/** A DAV:error body naming the precondition that failed (RFC 4918 §16). */
export function davError(status: number, condition: string): Response {
  return xmlResponse(status, `<d:error ${XMLNS}>${condition}</d:error>`);
}

function xmlResponse(status: number, body: string): Response {
  return new Response(`<?xml version="1.0" encoding="utf-8"?>\n${body}`, {
    status,
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
}
