import type { Element } from "@xmldom/xmldom";
import type { AppContext } from "~/context";
import { escapeXml } from "~/lib/text/escape";
import type { Database } from "../db/db.server";
import { type DavUser, davViewer } from "./app-passwords.server";
import { BOOK_PAGE, bookEntries, entriesNamed, goneEntries, renderEntries } from "./book.server";
import {
  cardPartsOf,
  cardProps,
  cardResponses,
  key,
  loadBook,
  needsRendering,
  P,
  q,
  respond,
  syncToken,
  type Wanted,
} from "./propfind.server";
import { nameOfHref, paths, type Target, text, xmlBody } from "./request.server";
import {
  child,
  childElements,
  children,
  davError,
  is,
  multistatusStream,
  NS,
  propNames,
  statusResponse,
  textOf,
} from "./xml.server";

/** A REPORT on the book (RFC 6352 §8, RFC 6578): addressbook-multiget, addressbook-query or sync-collection. */
export async function report(
  app: AppContext,
  db: Database,
  user: DavUser,
  target: Exclude<Target, { kind: "none" }>,
  url: URL,
  request: Request,
): Promise<Response> {
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
          const cards = await renderEntries(db, davViewer(user), entries, app.env);
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
        for await (const entries of bookEntries(db, davViewer(user), { extras: true })) {
          const cards = await renderEntries(db, davViewer(user), entries, photos);
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
      davViewer(user),
      bookEntries(db, davViewer(user), { since, extras: needsRendering(wanted) }),
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
