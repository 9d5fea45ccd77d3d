import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppContext } from "~/context";
import { davCard } from "~db/schema";
import { createDb } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { deletePerson } from "../people/edit.server";
import { davViewer } from "./app-passwords.server";
import { bumpBook, currentSeq, readCard } from "./book.server";
import { propfind } from "./propfind.server";
import { put } from "./put.server";
import { report } from "./report.server";
import { DAV_HEADERS, etagList, matches, signIn, targetOf, text, VCARD_TYPE } from "./request.server";

/**
 * The owner's people as a CardDAV address book (RFC 6352 on WebDAV, RFC 4918, with sync-collection,
 * RFC 6578): discovery, PROPFIND, REPORT, GET/PUT/DELETE of vCards with strong ETags and preconditions.
 * Every request signs in with the account's email and an app password (HTTP Basic). Paths carry the
 * account's id; another account's paths answer 404 whatever the method. docs/decisions/0066.
 * PROPFIND, REPORT and PUT are answered in their files beside this one; request.server.ts signs in and reads paths.
 *
 *   /dav/                               the service root (current-user-principal)
 *   /dav/principals/{user}/             the principal (addressbook-home-set)
 *   /dav/books/{user}/                  the address book home
 *   /dav/books/{user}/people/           the address book
 *   /dav/books/{user}/people/{name}     one person as a vCard
 */

type DavEnv = { Bindings: Env; Variables: { app: AppContext } };
export const dav = new Hono<DavEnv>();

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

  if (method === "PROPFIND") return propfind(app, db, user, target, url, request);
  if (method === "REPORT") return report(app, db, user, target, url, request);

  if (target.kind !== "card") {
    if (method === "GET" || method === "HEAD")
      return text(200, "KnowWho address book: add it in a CardDAV client (see Settings → Integrations).", headers);
    return text(405, "Not allowed here", headers);
  }

  if (method === "GET" || method === "HEAD") {
    const found = await readCard(db, davViewer(user), target.name, app.env);
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
    const found = await readCard(db, davViewer(user), target.name);
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
