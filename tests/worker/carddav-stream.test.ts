import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAppPassword } from "~/server/dav/app-passwords.server";
import { createDb } from "~/server/db/db.server";
import { addContactPoint, editableFields, updatePerson } from "~/server/people/edit.server";
import { getPerson } from "~/server/people/read.server";
// @ts-expect-error: the built Worker (what every worker test runs) has no type declarations
import built from "../../build/server/index.js";
import { observed } from "./d1-count";
import { confirmEmail, ORIGIN, signUp } from "./helpers";

/** CardDAV reads the whole book a page at a time: every person, in order, one page in memory, no cap. */

const worker = built as { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };
const db = () => createDb(env.DB);
const PAGE = 1_000;

/** One D1 call (a statement, or a batch as one round trip) as the Worker made it: its SQL and the most rows it answered. */
type Call = { sql: string; rows: number };

/**
 * `d1` recording each call's rows (a batch counts each statement), and failing the call `failAt` picks:
 * the real database answers everything else.
 */
function instrumented(d1: D1Database, calls: Call[], failAt?: (sql: string) => boolean): D1Database {
  return observed(d1, {
    before: ({ sqls }) => {
      if (sqls.some((sql) => failAt?.(sql))) throw new Error("the database went away");
    },
    // One round trip: the most rows any of its statements answered.
    after: ({ sqls }, rows) => calls.push({ sql: sqls.join(";\n"), rows }),
  });
}

async function davOwner(name: string) {
  const session = await signUp(name);
  // CardDAV signs in with the address: it must be proved first.
  await confirmEmail(session.cookie, session.email);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  const userId = row?.id ?? "";
  const password = (await createAppPassword(db(), userId, "Test phone")) as string;
  const auth = `Basic ${btoa(`${session.email}:${password}`)}`;
  const book = `/dav/books/${encodeURIComponent(userId)}/people/`;
  /** A DAV request to the built Worker; `calls` records each D1 call, `failAt` breaks the one it picks. */
  const dav = async (
    path: string,
    init: RequestInit & { depth?: string; calls?: Call[]; failAt?: (sql: string) => boolean } = {},
  ) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", auth);
    if (init.depth !== undefined) headers.set("depth", init.depth);
    if (typeof init.body === "string") headers.set("content-type", "application/xml");
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request(`${ORIGIN}${path}`, { method: init.method, body: init.body, headers }),
      { ...env, DB: instrumented(env.DB, init.calls ?? [], init.failAt) },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { ...session, userId, dav, book };
}

/** `count` people written straight into D1 in one statement, each a moment apart, with a phone each. */
async function fill(userId: string, count: number, tag: string) {
  const at = Date.UTC(2026, 10, 1);
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email, phone, notes, created_at, updated_at)
     select ?, ? || ' ' || i, 'p' || i || '@' || ? || '.example.org', '+1503555' || substr('0000' || i, -4),
       'Met <at> the "fair" & more', ? + (i % 500), ? from n`,
  )
    .bind(count, userId, tag, tag.toLowerCase(), at, at)
    .run();
}

/** The people's card names, newest first, as every whole-book listing gives them. */
async function expectedNames(userId: string) {
  const { results } = await env.DB.prepare(
    "select id, uid from connection where user_id = ? order by created_at desc, id desc",
  )
    .bind(userId)
    .all<{ id: number; uid: string | null }>();
  return results.map((r) => `${r.uid ?? `knowwho-${r.id}`}.vcf`);
}

const PROPFIND = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:getetag/><d:getcontenttype/><d:resourcetype/><cs:getctag/><d:sync-token/></d:prop></d:propfind>`;
const PROPFIND_DATA = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop></d:propfind>`;
const SYNC = (token = "", data = false) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/>${data ? "<card:address-data/>" : ""}</d:prop></d:sync-collection>`;
const QUERY = (text: string) =>
  `<?xml version="1.0"?><card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop><card:filter><card:prop-filter name="EMAIL"><card:text-match match-type="contains">${text}</card:text-match></card:prop-filter></card:filter></card:addressbook-query>`;
const MULTIGET = (hrefs: string[]) =>
  `<?xml version="1.0"?><card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join("")}</card:addressbook-multiget>`;

const cardNames = (xml: string) =>
  [...xml.matchAll(/<d:href>[^<]*\/people\/([^<]+\.vcf)<\/d:href>/g)].map((m) => decodeURIComponent(m[1] as string));
const ctagOf = (xml: string) => xml.match(/<cs:getctag>([^<]+)</)?.[1];
const tokenOf = (xml: string) => xml.match(/<d:sync-token>([^<]+)<\/d:sync-token>/)?.[1] ?? "";

describe("CardDAV over a book larger than a page", () => {
  it("lists every card once, newest first, through PROPFIND and each REPORT, reading a page per D1 call", async () => {
    const o = await davOwner("Paged Book");
    await fill(o.userId, 2_345, "Paged");
    const expected = await expectedNames(o.userId);
    expect(expected).toHaveLength(2_345);

    const calls: Call[] = [];
    const first = await o.dav(o.book, { method: "PROPFIND", depth: "1", body: PROPFIND, calls });
    expect(first.status).toBe(207);
    const xml = await first.text();
    expect(cardNames(xml)).toEqual(expected);
    expect(xml.trimEnd().endsWith("</d:multistatus>")).toBe(true);
    // No D1 call answers more than a page: the book is never held whole.
    expect(Math.max(...calls.map((c) => c.rows))).toBeLessThanOrEqual(PAGE);

    const rendered = await (await o.dav(o.book, { method: "PROPFIND", depth: "1", body: PROPFIND_DATA })).text();
    expect(cardNames(rendered)).toEqual(expected);
    expect(rendered.match(/BEGIN:VCARD/g)).toHaveLength(2_345);
    // The user's text is escaped inside the XML (a vCard NOTE inside address-data).
    expect(rendered).toContain("NOTE:Met &lt;at&gt; the &quot;fair&quot; &amp; more");

    const sync = await (await o.dav(o.book, { method: "REPORT", body: SYNC("", true) })).text();
    expect(cardNames(sync)).toEqual(expected);
    expect(sync.match(/BEGIN:VCARD/g)).toHaveLength(2_345);
    expect(tokenOf(sync)).toMatch(/\/ns\/sync\/\d+$/);

    const queried: Call[] = [];
    const query = await (await o.dav(o.book, { method: "REPORT", body: QUERY("@paged."), calls: queried })).text();
    expect(cardNames(query)).toEqual(expected);
    expect(Math.max(...queried.map((c) => c.rows))).toBeLessThanOrEqual(PAGE);

    const some = expected.filter((_, i) => i % 2 === 0);
    const multiget = await (
      await o.dav(o.book, { method: "REPORT", body: MULTIGET(some.map((n) => `${o.book}${n}`)) })
    ).text();
    expect(cardNames(multiget)).toEqual(some);
    expect(multiget.match(/BEGIN:VCARD/g)).toHaveLength(some.length);
  });

  it("keeps the CTag without an edit, and changes it after a note or a phone changes", async () => {
    const o = await davOwner("Tagged Book");
    await fill(o.userId, 1_200, "Tagged");
    const ctag = async () =>
      ctagOf(await (await o.dav(o.book, { method: "PROPFIND", depth: "0", body: PROPFIND })).text());
    const first = await ctag();
    expect(first).toBeTruthy();
    expect(await ctag()).toBe(first);

    const id = (await env.DB.prepare("select id from connection where user_id = ? and name = 'Tagged 700'")
      .bind(o.userId)
      .first<{ id: number }>()) as { id: number };
    const current = await getPerson(db(), o.userId, id.id);
    await updatePerson(db(), o.userId, id.id, { ...editableFields(current as never), notes: "Follow up" }, null);
    const afterNote = await ctag();
    expect(afterNote).not.toBe(first);
    expect(await ctag()).toBe(afterNote);

    expect(
      await addContactPoint(db(), o.userId, id.id, { kind: "phone", label: "work", value: "+1 503 555 0999" }, null),
    ).toEqual({ ok: true });
    const afterPhone = await ctag();
    expect(afterPhone).not.toBe(afterNote);
    expect(await ctag()).toBe(afterPhone);

    // The sync since the first token names exactly the one card that changed.
    const token = tokenOf(await (await o.dav(o.book, { method: "REPORT", body: SYNC() })).text());
    await updatePerson(
      db(),
      o.userId,
      id.id,
      { ...editableFields((await getPerson(db(), o.userId, id.id)) as never), title: "Curator" },
      null,
    );
    const since = await (await o.dav(o.book, { method: "REPORT", body: SYNC(token) })).text();
    expect(cardNames(since)).toEqual([`knowwho-${id.id}.vcf`]);
  });

  it("never lists another account's people, whatever the report", async () => {
    const mine = await davOwner("Own Book");
    const theirs = await davOwner("Other Book");
    await fill(mine.userId, 1_100, "Mine");
    await fill(theirs.userId, 1_100, "Theirs");
    const expected = await expectedNames(mine.userId);
    const others = await expectedNames(theirs.userId);
    // Their book has cards too (their own look ran).
    expect(
      cardNames(await (await theirs.dav(theirs.book, { method: "PROPFIND", depth: "1", body: PROPFIND })).text()),
    ).toEqual(others);
    const responses = [
      await (await mine.dav(mine.book, { method: "PROPFIND", depth: "1", body: PROPFIND_DATA })).text(),
      await (await mine.dav(mine.book, { method: "REPORT", body: SYNC("", true) })).text(),
      await (await mine.dav(mine.book, { method: "REPORT", body: QUERY(".example.org") })).text(),
    ];
    for (const xml of responses) {
      expect(cardNames(xml)).toEqual(expected);
      expect(xml).not.toContain("Theirs ");
      expect(xml).not.toContain("@theirs.");
    }
    // Their cards named under my book, or by their own path, are not found.
    const asked = [`${mine.book}${others[0]}`, `${theirs.book}${others[1]}`];
    const multiget = await (await mine.dav(mine.book, { method: "REPORT", body: MULTIGET(asked) })).text();
    expect(multiget).not.toContain("BEGIN:VCARD");
    expect(multiget.match(/404 Not Found/g)).toHaveLength(2);
  });

  it("ends the answer with an error, not a complete multistatus, when a page fails midway", async () => {
    const o = await davOwner("Broken Book");
    await fill(o.userId, 2_100, "Broken");
    // The look records the cards first, so the failure below falls inside the listing.
    expect((await o.dav(o.book, { method: "PROPFIND", depth: "1", body: PROPFIND })).status).toBe(207);
    const failing = () => {
      let pages = 0;
      return (sql: string) => /join "connection" c on c\.id = d\.connection_id/.test(sql) && ++pages === 2;
    };
    for (const body of [PROPFIND, PROPFIND_DATA]) {
      const res = await o.dav(o.book, { method: "PROPFIND", depth: "1", body, failAt: failing() });
      expect(res.status).toBe(207);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = "";
      const reading = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += decoder.decode(value, { stream: true });
        }
      })();
      await expect(reading).rejects.toThrow();
      // The first page arrived, and the answer never closed as if it were whole.
      expect(cardNames(received).length).toBe(PAGE);
      expect(received).not.toContain("</d:multistatus>");
    }
    const sync = await o.dav(o.book, { method: "REPORT", body: SYNC(), failAt: failing() });
    await expect(sync.text()).rejects.toThrow();
  });
});

/**
 * The bound and the time at 5,000 and 20,000 people (decision 0164): the most rows any one D1 call
 * answered, the calls made, and each request's wall time, for the first look (every card recorded), a
 * look after one edit, an unchanged book, and a full sync with every card rendered.
 */
describe("CardDAV at conference scale", () => {
  it("holds at most a page of people per D1 call at 5,000 and 20,000 people", async () => {
    const figures: string[] = [];
    for (const size of [5_000, 20_000]) {
      const o = await davOwner(`Scale ${size}`);
      await fill(o.userId, size, `Scale${size}`);
      const measure = async (what: string, body: string, method = "PROPFIND") => {
        const calls: Call[] = [];
        const started = performance.now();
        const res = await o.dav(o.book, { method, depth: "1", body, calls });
        const xml = await res.text();
        const ms = Math.round(performance.now() - started);
        const most = Math.max(...calls.map((c) => c.rows));
        figures.push(`${size} people, ${what}: ${ms} ms, ${calls.length} D1 calls, at most ${most} rows in one`);
        expect(res.status).toBe(207);
        expect(cardNames(xml)).toHaveLength(size);
        expect(most).toBeLessThanOrEqual(PAGE);
      };
      await measure("first look (PROPFIND getetag)", PROPFIND);
      await measure("unchanged (PROPFIND getetag)", PROPFIND);
      const id = (await env.DB.prepare("select max(id) as id from connection where user_id = ?")
        .bind(o.userId)
        .first<{ id: number }>()) as { id: number };
      await updatePerson(
        db(),
        o.userId,
        id.id,
        { ...editableFields((await getPerson(db(), o.userId, id.id)) as never), notes: "Changed" },
        null,
      );
      await measure("look after one edit (PROPFIND getetag)", PROPFIND);
      await measure("full sync with address-data (REPORT)", SYNC("", true), "REPORT");
    }
    console.log(figures.join("\n"));
  });
});
