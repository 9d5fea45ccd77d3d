import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAppPassword, revokeAppPassword } from "~/server/dav/app-passwords.server";
import { createDb } from "~/server/db/db.server";
import { addPerson } from "~/server/people/add.server";
import { addPeople } from "~/server/people/batch.server";
import { addContactPoint, editableFields, updatePerson } from "~/server/people/edit.server";
import { getPerson, loadPeople } from "~/server/people/read.server";
import { CORRUPT_WEBP, FACE_WEBP, HUGE_WEBP, isJpeg } from "../fixtures/webp";
import { call, confirmEmail, form, signUp, TEST_PASSWORD, testAddress } from "./helpers";

const db = () => createDb(env.DB);

async function davOwner(name = "Dav Owner") {
  const session = await signUp(name);
  // CardDAV signs in with the address: it must be proved first.
  await confirmEmail(session.cookie, session.email);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  const userId = row?.id ?? "";
  const password = (await createAppPassword(db(), userId, "Test phone")) as string;
  const auth = `Basic ${btoa(`${session.email}:${password}`)}`;
  const dav = (path: string, init: RequestInit & { depth?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", auth);
    if (init.depth !== undefined) headers.set("depth", init.depth);
    if (typeof init.body === "string" && !headers.has("content-type"))
      headers.set("content-type", init.body.startsWith("BEGIN") ? "text/vcard" : "application/xml");
    // DAV clients send no Origin header.
    return call(path, { ...init, headers });
  };
  const book = `/dav/books/${encodeURIComponent(userId)}/people/`;
  return { ...session, userId, password, auth, dav, book };
}

const PROPFIND_ETAGS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:getetag/><d:getcontenttype/><d:resourcetype/><cs:getctag/><d:sync-token/></d:prop></d:propfind>`;
const syncReport = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

const hrefs = (xml: string) => [...xml.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1] as string);
const tokenOf = (xml: string) => xml.match(/<d:sync-token>([^<]+)<\/d:sync-token>/)?.[1] ?? "";

async function person(userId: string, name: string, email: string) {
  const added = await addPerson(
    db(),
    userId,
    { displayName: name, emails: [{ value: email, label: "work" }] },
    {
      source: "manual",
      detail: "test",
      eventName: null,
      events: null,
    },
  );
  return added.id;
}

/** The card names the book lists, with their ETags. */
async function listing(o: Awaited<ReturnType<typeof davOwner>>) {
  const res = await o.dav(o.book, { method: "PROPFIND", depth: "1", body: PROPFIND_ETAGS });
  expect(res.status).toBe(207);
  const xml = await res.text();
  const cards = [...xml.matchAll(/<d:response><d:href>([^<]+\.vcf)<\/d:href>.*?<d:getetag>([^<]+)<\/d:getetag>/g)].map(
    (m) => ({ href: m[1] as string, etag: (m[2] as string).replaceAll("&quot;", '"') }),
  );
  return { xml, cards };
}

describe("CardDAV discovery and sign-in", () => {
  it("redirects the well-known address and finds the principal, the home and the book", async () => {
    const o = await davOwner();
    const wk = await call("/.well-known/carddav", { method: "PROPFIND" });
    expect(wk.status).toBe(301);
    expect(wk.headers.get("location")).toMatch(/\/dav\/$/);

    const root = await o.dav("/dav/", {
      method: "PROPFIND",
      depth: "0",
      body: `<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>`,
    });
    expect(root.status).toBe(207);
    const principal = hrefs(await root.text())[1];
    expect(principal).toBe(`/dav/principals/${encodeURIComponent(o.userId)}/`);

    const p = await o.dav(principal as string, {
      method: "PROPFIND",
      depth: "0",
      body: `<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:addressbook-home-set/><d:displayname/></d:prop></d:propfind>`,
    });
    const home = hrefs(await p.text())[1];
    expect(home).toBe(`/dav/books/${encodeURIComponent(o.userId)}/`);

    const h = await o.dav(home as string, { method: "PROPFIND", depth: "1", body: PROPFIND_ETAGS });
    const xml = await h.text();
    expect(xml).toContain(`<d:href>${o.book}</d:href>`);
    expect(xml).toContain("<card:addressbook/>");

    // A client that only knows the host asks "/" itself.
    const slash = await o.dav("/", { method: "PROPFIND", depth: "0", body: "" });
    expect(slash.status).toBe(207);
    expect(await slash.text()).toContain(`/dav/principals/`);

    const options = await call("/dav/", { method: "OPTIONS" });
    expect(options.headers.get("dav")).toContain("addressbook");
  });

  it("takes only an app password: not the account password, not a revoked one, not another account's", async () => {
    const o = await davOwner();
    const other = await davOwner("Other Owner");
    const anonymous = await call("/dav/", { method: "PROPFIND", headers: { depth: "0" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Basic /);
    const basic = (user: string, pass: string) => ({
      method: "PROPFIND",
      headers: { depth: "0", authorization: `Basic ${btoa(`${user}:${pass}`)}`, "cf-connecting-ip": testAddress() },
    });
    expect((await call("/dav/", basic(o.email, TEST_PASSWORD))).status).toBe(401);
    expect((await call("/dav/", basic(o.email, other.password))).status).toBe(401);
    expect((await call("/dav/", basic(o.email, o.password.toUpperCase().replaceAll("-", " ")))).status).toBe(207);
    const id = (
      await env.DB.prepare("select id from app_password where user_id = ?").bind(o.userId).first<{ id: number }>()
    )?.id;
    expect(await revokeAppPassword(db(), o.userId, id as number)).toBe(true);
    expect((await call("/dav/", basic(o.email, o.password))).status).toBe(401);
    const used = await env.DB.prepare("select last_used_at from app_password where id = ?")
      .bind(id)
      .first<{ last_used_at: number }>();
    expect(used?.last_used_at).toBeGreaterThan(0);
  });

  it("counts failed sign-ins against the account: five a minute, sign-up included", async () => {
    const o = await davOwner();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call("/dav/", {
        method: "PROPFIND",
        headers: {
          depth: "0",
          authorization: `Basic ${btoa(`${o.email}:aaaa-bbbb-cccc-dddd-eeee`)}`,
          "cf-connecting-ip": testAddress(),
        },
      });
      statuses.push(res.status);
    }
    // The sign-up was the account's first attempt of this minute.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it("refuses a locked-out account and a locked-out address even with the right app password", async () => {
    const o = await davOwner();
    const propfind = (user: string, pass: string, ip: string) =>
      call("/dav/", {
        method: "PROPFIND",
        headers: { depth: "0", authorization: `Basic ${btoa(`${user}:${pass}`)}`, "cf-connecting-ip": ip },
      });
    for (let i = 0; i < 5; i++) await propfind(o.email, "aaaa-bbbb-cccc-dddd-eeee", testAddress());
    expect((await propfind(o.email, "aaaa-bbbb-cccc-dddd-eeee", testAddress())).status).toBe(429);
    // The right password from a fresh address: the account is locked for the minute.
    const locked = await propfind(o.email, o.password, testAddress());
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("60");

    // One address guessing across many accounts is locked too, whichever account it names next.
    const other = await davOwner("Other Dav Owner");
    const guesser = testAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await propfind(`nobody-${i}@example.org`, "aaaa-bbbb-cccc-dddd-eeee", guesser)).status);
    expect(statuses.at(-1)).toBe(429);
    expect((await propfind(other.email, other.password, guesser)).status).toBe(429);
    // Nobody else is held back: the same account from another address still syncs.
    expect((await propfind(other.email, other.password, testAddress())).status).toBe(207);
  });
});

describe("CardDAV cards", () => {
  it("serves each person as a vCard with a strong ETag and refuses lost updates with 412", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Ada Lovelace", "ada@example.org");
    await db()
      .update((await import("~db/schema")).connection)
      .set({ priority: "high", context: "Met at the lab" });
    const { cards } = await listing(o);
    expect(cards).toHaveLength(1);
    const card = cards[0] as { href: string; etag: string };
    expect(card.etag).toMatch(/^"[0-9a-f]{40}"$/);

    const get = await o.dav(card.href);
    expect(get.status).toBe(200);
    expect(get.headers.get("etag")).toBe(card.etag);
    const vcard = await get.text();
    expect(vcard).toContain("FN:Ada Lovelace");
    expect(vcard).toMatch(/UID:.+/);
    expect((await o.dav(card.href, { headers: { "if-none-match": card.etag } })).status).toBe(304);

    const edited = vcard
      .replace("FN:Ada Lovelace", "FN:Ada King")
      .replace("END:VCARD", "TEL;TYPE=CELL:+44 20 7946 0018\r\nNICKNAME:Countess\r\nEND:VCARD");
    expect((await o.dav(card.href, { method: "PUT", body: edited, headers: { "if-match": '"0000"' } })).status).toBe(
      412,
    );
    expect((await o.dav(card.href, { method: "PUT", body: edited, headers: { "if-none-match": "*" } })).status).toBe(
      412,
    );
    const put = await o.dav(card.href, { method: "PUT", body: edited, headers: { "if-match": card.etag } });
    expect(put.status).toBe(204);

    const stored = await getPerson(db(), o.userId, id);
    expect(stored?.name).toBe("Ada King");
    expect(stored?.points.map((p) => p.value).sort()).toEqual(["+442079460018", "ada@example.org"]);
    // What a vCard does not say stays.
    expect(stored?.priority).toBe("high");
    expect(stored?.context).toBe("Met at the lab");
    // A client still holding the old ETag cannot overwrite the newer card.
    expect((await o.dav(card.href, { method: "PUT", body: vcard, headers: { "if-match": card.etag } })).status).toBe(
      412,
    );
    expect((await o.dav(card.href, { method: "DELETE", headers: { "if-match": card.etag } })).status).toBe(412);
    // What the people core cannot hold comes back as the client sent it.
    const again = await (await o.dav(card.href)).text();
    expect(again).toContain("NICKNAME:Countess");
    expect(again).toContain("FN:Ada King");
  });

  it("never answers 2xx while dropping a value: an 11th email refuses the whole PUT with a reason (issue 42)", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Grace Hopper", "grace0@example.org");
    const card = (await listing(o)).cards[0] as { href: string; etag: string };
    const vcard = await (await o.dav(card.href)).text();
    const emails = (n: number) =>
      Array.from({ length: n }, (_, i) => `EMAIL;TYPE=INTERNET:grace${i}@example.org`).join("\r\n");
    const eleven = vcard.replace(/EMAIL[^\r\n]*\r\n/, "").replace("END:VCARD", `${emails(11)}\r\nEND:VCARD`);
    const refused = await o.dav(card.href, { method: "PUT", body: eleven, headers: { "if-match": card.etag } });
    expect(refused.status).toBe(403);
    const reason = await refused.text();
    expect(reason).toContain("<card:valid-address-data/>");
    expect(reason).toContain("emails: at most 10, this card has 11");
    // Nothing was saved: the card and the person are as they were.
    expect((await getPerson(db(), o.userId, id))?.points.map((p) => p.value)).toEqual(["grace0@example.org"]);
    expect((await o.dav(card.href)).headers.get("etag")).toBe(card.etag);
    // Ten, the cap, are all kept; a new card past the cap is refused too.
    const ten = vcard.replace(/EMAIL[^\r\n]*\r\n/, "").replace("END:VCARD", `${emails(10)}\r\nEND:VCARD`);
    expect((await o.dav(card.href, { method: "PUT", body: ten, headers: { "if-match": card.etag } })).status).toBe(204);
    expect((await getPerson(db(), o.userId, id))?.points).toHaveLength(10);
    const phones = Array.from({ length: 12 }, (_, i) => `TEL:+1415555${String(i).padStart(4, "0")}`).join("\r\n");
    const created = await o.dav(`${o.book}many-phones.vcf`, {
      method: "PUT",
      body: `BEGIN:VCARD\r\nVERSION:3.0\r\nUID:many-phones\r\nFN:Many Phones\r\n${phones}\r\nEND:VCARD\r\n`,
    });
    expect(created.status).toBe(403);
    expect(await created.text()).toContain("phone numbers: at most 10, this card has 12");
    expect((await o.dav(`${o.book}many-phones.vcf`)).status).toBe(404);
  });

  it("answers a PUT that creates with the new card's ETag, so a delete right after takes (issue 29)", async () => {
    const o = await davOwner();
    const body = ["BEGIN:VCARD", "VERSION:3.0", "UID:etag-on-create", "FN:Katherine Johnson", "END:VCARD", ""].join(
      "\r\n",
    );
    const href = `${o.book}etag-on-create.vcf`;
    const created = await o.dav(href, { method: "PUT", body, headers: { "if-none-match": "*" } });
    expect(created.status).toBe(201);
    const etag = created.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await o.dav(href)).headers.get("etag")).toBe(etag);
    expect((await o.dav(href, { method: "DELETE", headers: { "if-match": etag as string } })).status).toBe(204);
    expect((await o.dav(href)).status).toBe(404);
  });

  it("creates a person from a new card, keeps the client's name and UID, and deletes through the people core", async () => {
    const o = await davOwner();
    const body = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "UID:4f2c-new-card",
      "FN:Grace Hopper",
      "N:Hopper;Grace;;;",
      "EMAIL;TYPE=WORK:grace@example.org",
      "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ==",
      "item1.X-ABDATE:1906-12-09",
      "item1.X-ABLabel:_$!<Anniversary>!$_",
      "END:VCARD",
      "",
    ].join("\r\n");
    const href = `${o.book}4f2c-new-card.vcf`;
    const created = await o.dav(href, { method: "PUT", body, headers: { "if-none-match": "*" } });
    expect(created.status).toBe(201);
    expect((await o.dav(href, { method: "PUT", body, headers: { "if-none-match": "*" } })).status).toBe(412);
    const [stored] = await loadPeople(db(), o.userId);
    expect(stored?.displayName).toBe("Grace Hopper");
    expect(stored?.uid).toBe("4f2c-new-card");
    const got = await (await o.dav(href)).text();
    expect(got).toContain("UID:4f2c-new-card");
    expect(got).toContain("PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ==");
    expect(got).toContain("item1.X-ABLabel:_$!<Anniversary>!$_");
    // The same UID at another name is a conflict, not a second person.
    const twin = await o.dav(`${o.book}other-name.vcf`, { method: "PUT", body });
    expect(twin.status).toBe(409);
    expect(await twin.text()).toContain("no-uid-conflict");

    expect((await o.dav(href, { method: "DELETE" })).status).toBe(204);
    expect(await loadPeople(db(), o.userId)).toHaveLength(0);
    expect((await o.dav(href)).status).toBe(404);
  });

  it("answers 4xx, never 5xx, for bodies it cannot read", async () => {
    const o = await davOwner();
    const bad = [
      await o.dav(o.book, { method: "PROPFIND", depth: "1", body: "<d:propfind xmlns:d='DAV:'><d:prop>" }),
      await o.dav(o.book, { method: "PROPFIND", depth: "1", body: "not xml at all" }),
      await o.dav(o.book, {
        method: "PROPFIND",
        body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>`,
      }),
      await o.dav(o.book, { method: "REPORT", body: "<x:nothing xmlns:x='urn:x'/>" }),
      await o.dav(o.book, { method: "REPORT", body: syncReport("http://elsewhere/ns/sync/1") }),
      await o.dav(o.book, { method: "PROPFIND", depth: "2", body: PROPFIND_ETAGS }),
      await o.dav(`${o.book}x.vcf`, { method: "PUT", body: "BEGIN:VCARD\r\nVERSION:3.0\r\n" }),
      await o.dav(`${o.book}x.vcf`, { method: "PUT", body: "hello", headers: { "content-type": "text/vcard" } }),
      await o.dav(`${o.book}x.vcf`, {
        method: "PUT",
        body: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nEND:VCARD\r\n",
      }),
      await o.dav(`${o.book}x.vcf`, { method: "PUT", body: "{}", headers: { "content-type": "application/json" } }),
      await o.dav(o.book, { method: "PROPFIND", body: "<a/>", headers: { "content-type": "image/png" } }),
      await o.dav(o.book, { method: "PUT", body: "BEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n" }),
      await o.dav(`${o.book}group.vcf`, {
        method: "PUT",
        body: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Board\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n",
      }),
      await o.dav(o.book, { method: "MKCOL" }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 403, 403, 400, 400, 400, 400, 415, 415, 405, 403, 405]);
    expect(await loadPeople(db(), o.userId)).toHaveLength(0);
  });
});

describe("CardDAV sync", () => {
  it("reports changes, additions and deletions since a sync token, whoever made them", async () => {
    const o = await davOwner();
    const a = await person(o.userId, "Alan Turing", "alan@example.org");
    await person(o.userId, "Joan Clarke", "joan@example.org");

    const first = await o.dav(o.book, { method: "REPORT", body: syncReport("") });
    expect(first.status).toBe(207);
    const firstXml = await first.text();
    expect(hrefs(firstXml).filter((h) => h.endsWith(".vcf"))).toHaveLength(2);
    const token = tokenOf(firstXml);
    expect(token).toMatch(/^http:\/\/localhost\/ns\/sync\/\d+$/);

    const quiet = await (await o.dav(o.book, { method: "REPORT", body: syncReport(token) })).text();
    expect(hrefs(quiet).filter((h) => h.endsWith(".vcf"))).toHaveLength(0);
    const before = await listing(o);
    const ctag = before.xml.match(/<cs:getctag>([^<]+)</)?.[1];

    // Changed in the app, added by an import, deleted by a client.
    const current = await getPerson(db(), o.userId, a);
    await updatePerson(db(), o.userId, a, { ...editableFields(current as never), title: "Mathematician" }, null);
    await person(o.userId, "Max Newman", "max@example.org");
    const joanHref = (await cardHrefFor(o, "Joan Clarke")) as string;
    expect((await o.dav(joanHref, { method: "DELETE" })).status).toBe(204);

    const after = await o.dav(o.book, { method: "REPORT", body: syncReport(token) });
    const xml = await after.text();
    const changed = hrefs(xml).filter((h) => h.endsWith(".vcf"));
    expect(changed).toContain(await cardHrefFor(o, "Alan Turing"));
    expect(changed).toContain(await cardHrefFor(o, "Max Newman"));
    expect(xml).toContain(
      `<d:response><d:href>${joanHref}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );
    expect(tokenOf(xml)).not.toBe(token);
    const ctagAfter = (await listing(o)).xml.match(/<cs:getctag>([^<]+)</)?.[1];
    expect(ctagAfter).not.toBe(ctag);

    // Writers that leave updated_at alone: a bulk import attaching a note, a contact point added.
    const next = tokenOf(xml);
    expect(hrefs(await (await o.dav(o.book, { method: "REPORT", body: syncReport(next) })).text())).toHaveLength(0);
    await addPeople(
      db(),
      o.userId,
      [{ displayName: "Alan Turing", emails: [{ value: "alan@example.org", label: "work" }], note: "Bletchley" }],
      { source: "import", detail: "test", tags: [], eventName: null, duplicates: "attach", notify: false } as never,
    );
    const attached = await (await o.dav(o.book, { method: "REPORT", body: syncReport(next) })).text();
    expect(hrefs(attached).filter((h) => h.endsWith(".vcf"))).toEqual([await cardHrefFor(o, "Alan Turing")]);
    const third = tokenOf(attached);
    const max = (await loadPeople(db(), o.userId)).find((x) => x.displayName === "Max Newman");
    expect(
      await addContactPoint(
        db(),
        o.userId,
        max?.id as number,
        {
          kind: "phone",
          label: "work",
          value: "+44 20 7946 0999",
        },
        null,
      ),
    ).toEqual({ ok: true });
    const pointed = await (await o.dav(o.book, { method: "REPORT", body: syncReport(third) })).text();
    expect(hrefs(pointed).filter((h) => h.endsWith(".vcf"))).toEqual([await cardHrefFor(o, "Max Newman")]);

    const future = await o.dav(o.book, { method: "REPORT", body: syncReport(token.replace(/\d+$/, "99999")) });
    expect(future.status).toBe(403);
    expect(await future.text()).toContain("valid-sync-token");
  });

  it("answers addressbook-multiget and addressbook-query with the cards asked for", async () => {
    const o = await davOwner();
    await person(o.userId, "Katherine Johnson", "katherine@example.org");
    await person(o.userId, "Dorothy Vaughan", "dorothy@example.org");
    const { cards } = await listing(o);
    const multiget = await o.dav(o.book, {
      method: "REPORT",
      depth: "1",
      body: `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop><d:href>${cards[0]?.href}</d:href><d:href>${o.book}missing.vcf</d:href></c:addressbook-multiget>`,
    });
    const xml = await multiget.text();
    expect(multiget.status).toBe(207);
    expect(xml).toContain("BEGIN:VCARD");
    expect(xml).toContain(`<d:href>${o.book}missing.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`);
    // No raw CR, which every XML parser turns into LF: the card's CRLF line ends travel as &#13;.
    expect(xml).not.toContain("\r");
    const data = xml.match(/<card:address-data[^>]*>([^<]*)</)?.[1] ?? "";
    const card = await (await o.dav(cards[0]?.href ?? "")).text();
    expect(data.replaceAll("&#13;", "\r").replaceAll("&amp;", "&")).toBe(card);

    const query = await o.dav(o.book, {
      method: "REPORT",
      depth: "1",
      body: `<c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop><c:filter><c:prop-filter name="EMAIL"><c:text-match collation="i;unicode-casemap" match-type="starts-with">DOROTHY</c:text-match></c:prop-filter></c:filter></c:addressbook-query>`,
    });
    const found = hrefs(await query.text());
    expect(found).toEqual([await cardHrefFor(o, "Dorothy Vaughan")]);
  });
});

describe("CardDAV addressbook-query as RFC 6352 allows (issue 29)", () => {
  const QUERY = (prop: string, filter: string) =>
    `<c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/>${prop}</d:prop><c:filter${filter}</c:filter></c:addressbook-query>`;
  const cardsIn = (xml: string) =>
    [...xml.matchAll(/<card:address-data[^>]*>([^<]*)<\/card:address-data>/g)].map((m) =>
      (m[1] as string)
        .replace(/&#13;/g, "\r")
        .replace(/&amp;/g, "&")
        .replace(/\r\n[ \t]/g, ""),
    );

  it("returns only the vCard properties the client asks for in address-data", async () => {
    const o = await davOwner();
    await person(o.userId, "Grace Hopper", "grace@example.org");
    const res = await o.dav(o.book, {
      method: "REPORT",
      depth: "1",
      body: QUERY(
        '<c:address-data><c:prop name="FN"/><c:prop name="EMAIL"/><c:prop name="NOTE" novalue="yes"/></c:address-data>',
        '><c:prop-filter name="FN"><c:text-match match-type="contains">grace</c:text-match></c:prop-filter>',
      ),
    });
    expect(res.status).toBe(207);
    const [card] = cardsIn(await res.text());
    const names = (card ?? "")
      .split("\r\n")
      .filter(Boolean)
      .map((l) => l.split(/[;:]/)[0]);
    expect(names).toEqual(["BEGIN", "VERSION", "FN", "EMAIL", "END"]);
    expect(card).toContain("FN:Grace Hopper");
    expect(card).not.toContain("UID:");
  });

  it("tests a parameter's value with param-filter text-match, and is-not-defined means absent", async () => {
    const o = await davOwner();
    await person(o.userId, "Mary Jackson", "mary@example.org");
    const query = async (filter: string) =>
      hrefs(await (await o.dav(o.book, { method: "REPORT", depth: "1", body: QUERY("", filter) })).text());
    const mary = await cardHrefFor(o, "Mary Jackson");
    // The person's email is written with TYPE=INTERNET: a param-filter on its value matches, another value does not.
    expect(
      await query(
        '><c:prop-filter name="EMAIL"><c:param-filter name="TYPE"><c:text-match match-type="equals">internet</c:text-match></c:param-filter></c:prop-filter>',
      ),
    ).toEqual([mary]);
    expect(
      await query(
        '><c:prop-filter name="EMAIL"><c:param-filter name="TYPE"><c:text-match match-type="equals">pager</c:text-match></c:param-filter></c:prop-filter>',
      ),
    ).toEqual([]);
    // TYPE is defined on the email, so "TYPE is not defined" does not match it.
    expect(
      await query(
        '><c:prop-filter name="EMAIL"><c:param-filter name="TYPE"><c:is-not-defined/></c:param-filter></c:prop-filter>',
      ),
    ).toEqual([]);
  });
});

async function cardHrefFor(o: Awaited<ReturnType<typeof davOwner>>, name: string) {
  for (const c of (await listing(o)).cards) {
    const body = await (await o.dav(c.href)).text();
    if (body.includes(`FN:${name}`)) return c.href;
  }
  return null;
}

/** A JPEG or PNG as far as every check goes (magic bytes), with bytes unique to the seed. */
function image(seed: number, kind: "jpeg" | "png" = "jpeg"): Uint8Array<ArrayBuffer> {
  const body = Array.from({ length: 200 }, (_, i) => (i * 17 + seed) % 251);
  const head = kind === "jpeg" ? [0xff, 0xd8, 0xff, 0xe0] : [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return new Uint8Array([...head, ...body, 0xff, 0xd9]);
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const imageKey = async (id: number) =>
  (await env.DB.prepare("select image from connection where id = ?").bind(id).first<{ image: string | null }>())
    ?.image ?? null;
const storedPhotos = async (userId: string) =>
  (await env.CACHE.list({ prefix: `person-photo:${userId}:` })).keys.length;
/** The card's one inline photo, unfolded, or null. */
const photoLines = (vcard: string) =>
  vcard
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((l) => l.startsWith("PHOTO"));

describe("CardDAV photos", () => {
  it("serve the person's photo inline, and a new photo changes the ETag, the CTag and the sync", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Mary Jackson", "mary@example.org");
    const { cards, xml } = await listing(o);
    const card = cards[0] as { href: string; etag: string };
    const ctag = xml.match(/<cs:getctag>([^<]+)</)?.[1];
    const token = tokenOf(await (await o.dav(o.book, { method: "REPORT", body: syncReport("") })).text());
    expect(photoLines(await (await o.dav(card.href)).text())).toEqual([]);

    // Set in the app, as the person page does.
    const photo = image(1);
    const set = await call(`/api/people/${id}/photo`, {
      method: "PUT",
      body: photo,
      headers: { cookie: o.cookie, "content-type": "image/jpeg" },
    });
    expect(set.status).toBe(200);

    const after = await listing(o);
    const etag = after.cards[0]?.etag;
    expect(etag).not.toBe(card.etag);
    expect(after.xml.match(/<cs:getctag>([^<]+)</)?.[1]).not.toBe(ctag);
    const sync = await (await o.dav(o.book, { method: "REPORT", body: syncReport(token) })).text();
    expect(hrefs(sync)).toContain(card.href);
    const get = await o.dav(card.href);
    expect(get.headers.get("etag")).toBe(etag);
    expect(photoLines(await get.text())).toEqual([`PHOTO;ENCODING=b;TYPE=JPEG:${b64(photo)}`]);
    // And in a multiget's address data, as clients fetch changed cards.
    const multiget = await o.dav(o.book, {
      method: "REPORT",
      depth: "1",
      body: `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop><d:href>${card.href}</d:href></c:addressbook-multiget>`,
    });
    const multi = (await multiget.text()).replace(/\r?\n[ \t]/g, "").replace(/&#13;/g, "");
    expect(multi).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${b64(photo)}`);
    expect(multi).toContain(etag?.replaceAll('"', "&quot;"));

    // A second photo: a new key, a new ETag.
    await call(`/api/people/${id}/photo`, {
      method: "PUT",
      body: image(2),
      headers: { cookie: o.cookie, "content-type": "image/jpeg" },
    });
    expect((await listing(o)).cards[0]?.etag).not.toBe(etag);
  });

  it("serve a WebP photo as its JPEG rendition, and a device sending that JPEG back keeps the WebP (issue 42)", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Katherine Johnson", "katherine@example.org");
    const set = await call(`/api/people/${id}/photo`, {
      method: "PUT",
      body: FACE_WEBP,
      headers: { cookie: o.cookie, "content-type": "image/webp" },
    });
    expect(set.status).toBe(200);
    const key = await imageKey(id);
    const card = (await listing(o)).cards[0] as { href: string };
    const got = await o.dav(card.href);
    const body = await got.text();
    const lines = photoLines(body);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:/);
    const served = Uint8Array.from(atob((lines[0] as string).split(":")[1] as string), (c) => c.charCodeAt(0));
    expect(isJpeg(served)).toBe(true);
    // The WebP and its one rendition, nothing else.
    expect(await storedPhotos(o.userId)).toBe(2);

    // iOS saves the card it read: the JPEG it was given is the same photo, so the WebP stays.
    const put = await o.dav(card.href, { method: "PUT", body, headers: { "if-match": got.headers.get("etag") ?? "" } });
    expect(put.status).toBe(204);
    expect(await imageKey(id)).toBe(key);
    const mine = await call(`/api/people/${id}/photo`, { headers: { cookie: o.cookie } });
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(FACE_WEBP);

    // A WebP that cannot be decoded, or one claiming a huge canvas: 400 with the reason, nothing changes.
    for (const [webp, reason] of [
      [CORRUPT_WEBP, "That WebP photo cannot be read"],
      [HUGE_WEBP, "That WebP photo is over 4 megapixels"],
    ] as const) {
      const now = await o.dav(card.href);
      const sent = (await now.text()).replace(
        /PHOTO;[^\r]*\r\n(?: [^\r]*\r\n)*/,
        `PHOTO;ENCODING=b;TYPE=WEBP:${b64(webp)}\r\n`,
      );
      const refused = await o.dav(card.href, {
        method: "PUT",
        body: sent,
        headers: { "if-match": now.headers.get("etag") ?? "" },
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(reason);
      expect(await imageKey(id)).toBe(key);
    }
  });

  it("take a PHOTO a client puts (3.0 base64, 4.0 data: URI) as the person's photo, checked as an upload", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Dorothy Hodgkin", "dorothy.h@example.org");
    const { cards } = await listing(o);
    const href = (cards[0] as { href: string }).href;
    const read = async () => {
      const res = await o.dav(href);
      return { etag: res.headers.get("etag") ?? "", body: await res.text() };
    };

    // iOS: 3.0, ENCODING=b, folded, with its crop parameter.
    let card = await read();
    const jpeg = image(3);
    const ios = card.body.replace(
      "END:VCARD",
      `PHOTO;ENCODING=b;TYPE=JPEG;X-ABCROP-RECTANGLE=ABClipRect_1&0&0&10&10&abc:${b64(jpeg).replace(/(.{70})/g, "$1\r\n ")}\r\nEND:VCARD`,
    );
    expect((await o.dav(href, { method: "PUT", body: ios, headers: { "if-match": card.etag } })).status).toBe(204);
    const key = await imageKey(id);
    expect(key).toMatch(new RegExp(`^${o.userId}:`));
    const served = await call(`/api/people/${id}/photo`, { headers: { cookie: o.cookie } });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpeg);
    card = await read();
    // Kept once, as the person's: not a second time among the client's own properties.
    expect(photoLines(card.body)).toEqual([`PHOTO;ENCODING=b;TYPE=JPEG:${b64(jpeg)}`]);

    // The same card sent back unchanged keeps the photo's key (only REV moves).
    expect((await o.dav(href, { method: "PUT", body: card.body, headers: { "if-match": card.etag } })).status).toBe(
      204,
    );
    expect(await imageKey(id)).toBe(key);
    card = await read();

    // vCard 4.0 as a data: URI (Thunderbird, vdirsyncer files), a PNG whatever TYPE would say.
    const png = image(4, "png");
    const v4 = card.body
      .replace("VERSION:3.0", "VERSION:4.0")
      .replace(/PHOTO;[^\r]*\r\n(?: [^\r]*\r\n)*/, `PHOTO:data:image/png;base64,${b64(png)}\r\n`);
    expect((await o.dav(href, { method: "PUT", body: v4, headers: { "if-match": card.etag } })).status).toBe(204);
    expect(await imageKey(id)).not.toBe(key);
    card = await read();
    expect(photoLines(card.body)).toEqual([`PHOTO;ENCODING=b;TYPE=PNG:${b64(png)}`]);
    // The old photo's bytes are gone from storage: one photo for one person.
    expect(await storedPhotos(o.userId)).toBe(1);

    // Bad base64, text that is not an image, a GIF, an image over 600 KB: 4xx, and nothing changes.
    const withPhoto = (line: string) => card.body.replace(/PHOTO;[^\r]*\r\n(?: [^\r]*\r\n)*/, `${line}\r\n`);
    const big = new Uint8Array(620_000).fill(7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const refused = [];
    for (const line of [
      "PHOTO;ENCODING=b;TYPE=JPEG:***not base64***",
      `PHOTO;ENCODING=b;TYPE=JPEG:${btoa("just some text, not an image")}`,
      `PHOTO:data:image/gif;base64,${btoa("GIF89a....")}`,
      `PHOTO;ENCODING=b;TYPE=JPEG:${b64(big)}`,
    ])
      refused.push(
        (await o.dav(href, { method: "PUT", body: withPhoto(line), headers: { "if-match": card.etag } })).status,
      );
    expect(refused).toEqual([400, 400, 400, 413]);
    expect((await read()).etag).toBe(card.etag);
    expect(await storedPhotos(o.userId)).toBe(1);
  });

  it("remove the photo only when a client that held it sends the card without one", async () => {
    const o = await davOwner();
    const id = await person(o.userId, "Chien-Shiung Wu", "wu@example.org");
    await call(`/api/people/${id}/photo`, {
      method: "PUT",
      body: image(5),
      headers: { cookie: o.cookie, "content-type": "image/jpeg" },
    });
    const href = (await listing(o)).cards[0]?.href as string;
    const res = await o.dav(href);
    const etag = res.headers.get("etag") ?? "";
    const without = (await res.text()).replace(/PHOTO;[^\r]*\r\n(?: [^\r]*\r\n)*/, "").replace("FN:", "FN:Dr ");
    expect(photoLines(without)).toEqual([]);
    const key = await imageKey(id);

    // No proof the client ever saw the photo (no If-Match, or If-Match: *): the photo stays.
    expect((await o.dav(href, { method: "PUT", body: without })).status).toBe(204);
    expect(await imageKey(id)).toBe(key);
    expect((await o.dav(href, { method: "PUT", body: without, headers: { "if-match": "*" } })).status).toBe(204);
    expect(await imageKey(id)).toBe(key);
    // The client's card with the photo (its If-Match names it), sent back without one: removed.
    const current = (await o.dav(href)).headers.get("etag") ?? "";
    expect(current).not.toBe(etag);
    expect((await o.dav(href, { method: "PUT", body: without, headers: { "if-match": current } })).status).toBe(204);
    expect(await imageKey(id)).toBeNull();
    expect(await storedPhotos(o.userId)).toBe(0);
    expect(photoLines(await (await o.dav(href)).text())).toEqual([]);
  });

  it("give a new card's photo to the new person, never over the photo of someone already held", async () => {
    const o = await davOwner();
    const card = (uid: string, email: string, bytes: Uint8Array) =>
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        `UID:${uid}`,
        "FN:Rosalind Franklin",
        `EMAIL:${email}`,
        `PHOTO;ENCODING=b;TYPE=JPEG:${b64(bytes)}`,
        "END:VCARD",
        "",
      ].join("\r\n");
    const first = image(6);
    expect((await o.dav(`${o.book}rf.vcf`, { method: "PUT", body: card("rf", "rf@example.org", first) })).status).toBe(
      201,
    );
    const [created] = await loadPeople(db(), o.userId);
    const served = await call(`/api/people/${created?.id}/photo`, { headers: { cookie: o.cookie } });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(first);

    // Another device's card for the same email attaches to her: her photo stays, nothing is left over.
    const key = await imageKey(created?.id as number);
    expect(
      (await o.dav(`${o.book}rf-2.vcf`, { method: "PUT", body: card("rf-2", "rf@example.org", image(7)) })).status,
    ).toBe(201);
    expect(await loadPeople(db(), o.userId)).toHaveLength(1);
    expect(await imageKey(created?.id as number)).toBe(key);
    expect(await storedPhotos(o.userId)).toBe(1);
  });
});

describe("CardDAV across accounts", () => {
  it("never reads or changes another account's address book, whatever the method", async () => {
    const owner = await davOwner();
    const intruder = await davOwner("Intruder");
    await person(owner.userId, "Private Person", "private@example.org");
    const { cards } = await listing(owner);
    const href = cards[0]?.href as string;
    const body = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Overwritten\r\nEND:VCARD\r\n";
    const principal = `/dav/principals/${encodeURIComponent(owner.userId)}/`;
    const tries = [
      await intruder.dav(principal, { method: "PROPFIND", depth: "0", body: "" }),
      await intruder.dav(owner.book, { method: "PROPFIND", depth: "1", body: PROPFIND_ETAGS }),
      await intruder.dav(owner.book, { method: "REPORT", body: syncReport("") }),
      await intruder.dav(href, { method: "GET" }),
      await intruder.dav(href, { method: "HEAD" }),
      await intruder.dav(href, { method: "PROPFIND", depth: "0", body: "" }),
      await intruder.dav(href, { method: "PUT", body }),
      await intruder.dav(`${owner.book}new.vcf`, { method: "PUT", body }),
      await intruder.dav(href, { method: "DELETE" }),
    ];
    expect(tries.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
    // Multiget in the intruder's own book naming the owner's card finds nothing.
    const multiget = await intruder.dav(intruder.book, {
      method: "REPORT",
      body: `<c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:address-data/></d:prop><d:href>${href}</d:href></c:addressbook-multiget>`,
    });
    expect(await multiget.text()).not.toContain("Private Person");
    // The intruder's own name for the card is a different resource.
    const own = await intruder.dav(`${intruder.book}${href.split("/").pop()}`);
    expect(own.status).toBe(404);
    const people = await loadPeople(db(), owner.userId);
    expect(people.map((p) => p.displayName)).toEqual(["Private Person"]);
    expect(await loadPeople(db(), intruder.userId)).toHaveLength(0);
  });
});

describe("App passwords in settings", () => {
  it("are made once, shown once, listed with their last use, and revoked by their owner only", async () => {
    const a = await davOwner("Settings Owner");
    const b = await davOwner("Other Owner");
    const made = await call("/settings/integrations", {
      ...form({ intent: "create-app-password", name: "Work laptop" }),
      headers: { cookie: a.cookie },
    });
    expect(made.status).toBe(200);
    const page = await made.text();
    const password = page.match(/value="([a-z2-9]{4}(?:-[a-z2-9]{4}){4})"/)?.[1] as string;
    expect(password).toBeTruthy();
    expect(page).toContain(`/dav/books/${encodeURIComponent(a.userId)}/people/`);
    const stored = await env.DB.prepare("select id, password_hash from app_password where user_id = ? and name = ?")
      .bind(a.userId, "Work laptop")
      .first<{ id: number; password_hash: string }>();
    expect(stored?.password_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.password_hash).not.toContain(password.replaceAll("-", ""));

    const basic = { authorization: `Basic ${btoa(`${a.email}:${password}`)}`, depth: "0" };
    expect((await call("/dav/", { method: "PROPFIND", headers: basic })).status).toBe(207);
    const listed = await (await call("/settings/integrations", { headers: { cookie: a.cookie } })).text();
    expect(listed).toContain("Work laptop");
    expect(listed).not.toContain(password);
    const item = listed.match(/<li[^>]*>(?:(?!<\/li>)[\s\S])*Work laptop(?:(?!<\/li>)[\s\S])*<\/li>/)?.[0] ?? "";
    expect(item).toMatch(/last used/);
    expect(item).not.toMatch(/last used (<!-- -->)?never/);

    // An empty name keeps the form with its message; another account cannot revoke it.
    const empty = await call("/settings/integrations", {
      ...form({ intent: "create-app-password", name: " " }),
      headers: { cookie: a.cookie },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Name the device");
    const foreign = await call("/settings/integrations", {
      ...form({ intent: "revoke-app-password", id: String(stored?.id), confirmed: "yes" }),
      headers: { cookie: b.cookie },
    });
    expect(foreign.status).toBe(404);
    expect((await call("/dav/", { method: "PROPFIND", headers: basic })).status).toBe(207);

    const revoked = await call("/settings/integrations", {
      ...form({ intent: "revoke-app-password", id: String(stored?.id), confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(revoked.status).toBe(302);
    expect((await call("/dav/", { method: "PROPFIND", headers: basic })).status).toBe(401);
  });
});
