import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/server/db/db.server";
import { applyImport, type ImportPlan, loadPreview } from "~/server/people/import.server";
import { parseEnv } from "~/server/platform/env.server";
import { call, json, signUp } from "./helpers";

const VCF = [
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Dana Whitfield",
  "EMAIL:DANA@harbor.org",
  "NOTE:Met at the gala",
  "CATEGORIES:Donor",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:2.1",
  "N:Ng;Kim",
  "TEL;CELL:(415) 555-2671",
  "EMAIL;INTERNET:kim@ng.example",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:4.0",
  "ORG:Nameless Inc",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Kim Again",
  "EMAIL:KIM@ng.example",
  "END:VCARD",
].join("\r\n");

function upload(cookie: string, text: string, filename: string, extra: Record<string, string>) {
  const body = new FormData();
  body.set("file", new File([text], filename, { type: "text/plain" }));
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return call("/connections/import.data", { method: "POST", body, headers: { cookie } });
}

const network = (email: string) =>
  env.DB.prepare(
    "select c.name, c.email, c.phone, c.notes, c.tags, c.source from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
  )
    .bind(email)
    .all<{ name: string; email: string; phone: string; notes: string; tags: string; source: string }>();

const previewId = (text: string) => text.match(/"([0-9a-f]{32})"/)?.[1];

function confirm(cookie: string, preview: string, duplicates: "merge" | "skip") {
  return call("/connections/import.data", {
    method: "POST",
    body: new URLSearchParams({ intent: "import", preview, duplicates }),
    headers: { cookie },
  });
}

describe("import", () => {
  it("previews without writing, then imports the kept preview by its id, merging duplicates", async () => {
    const a = await signUp();
    await call(
      "/api/capture",
      json({ name: "Dana Whitfield", email: "dana@harbor.org", notes: "Board prospect" }, a.cookie),
    );
    const preview = await upload(a.cookie, VCF, "contacts.vcf", { intent: "preview" });
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(text).toContain("Same person as row 2 in this file");
    expect((await network(a.email)).results).toHaveLength(1);
    const id = previewId(text);
    expect(id).toBeTruthy();

    // The confirm step carries only the preview's id: no file, no content field.
    const done = await confirm(a.cookie, id as string, "merge");
    expect([200, 202, 204]).toContain(done.status);
    const rows = (await network(a.email)).results;
    expect(rows.map((r) => r.name)).toEqual(["Dana Whitfield", "Kim Ng", "Nameless Inc"]);
    expect(rows[0]?.notes).toBe("Board prospect\n\nMet at the gala");
    expect(JSON.parse(rows[0]?.tags ?? "[]")).toEqual(expect.arrayContaining(["Quick add", "Donor", "Imported"]));
    expect(rows[1]).toMatchObject({ phone: "+14155552671", source: "import" });
    const note = await env.DB.prepare(
      "select message from notification n join user u on u.id = n.user_id where u.email = ? and n.title = 'Import finished'",
    )
      .bind(a.email)
      .first<{ message: string }>();
    expect(note?.message).toBe("2 added, 1 merged, 1 skipped.");
    // A preview is used once.
    expect((await confirm(a.cookie, id as string, "merge")).status).toBe(400);
  });

  it("imports a German Outlook export in Windows-1252 with every person and field (issue 29)", async () => {
    const a = await signUp();
    const csv = [
      '"Anrede","Vorname","Weitere Vornamen","Nachname","Suffix","Firma","Abteilung","Position","Straße geschäftlich","Ort geschäftlich","Postleitzahl geschäftlich","Telefon geschäftlich","Mobiltelefon","Geburtstag","Kategorien","E-Mail-Adresse","E-Mail 2: Adresse","Notizen","Ort","Priorität"',
      '"Dr.","Jürgen","Karl","Weiß","MdB","Grünwald Stiftung","Vorstand","Geschäftsführer","Hauptstraße 5","München","80331","+49 89 1234567","+49 171 2345678","16.4.1965","Spender;Vorstand","juergen@gruenwald.example","j.weiss@posteo.example","Trifft sich gern früh.","Raum 4","Normal"',
      '"","Anna","","Schäfer","","","","","","","","+49 30 555012","","0.0.00","","anna@schaefer.example","","","","Normal"',
    ].join("\r\n");
    // Windows-1252 holds these letters at their Latin-1 code points, one byte each.
    const bytes = Uint8Array.from([...csv].map((ch) => ch.charCodeAt(0)));
    const body = new FormData();
    body.set("file", new File([bytes], "Kontakte.CSV", { type: "text/csv" }));
    body.set("intent", "preview");
    const preview = await call("/connections/import.data", { method: "POST", body, headers: { cookie: a.cookie } });
    expect(preview.status).toBe(200);
    const id = previewId(await preview.text());
    expect([200, 202, 204]).toContain((await confirm(a.cookie, id as string, "merge")).status);
    const rows = (await network(a.email)).results;
    expect(rows.map((r) => r.name)).toEqual(["Dr. Jürgen Karl Weiß MdB", "Anna Schäfer"]);
    expect(rows.map((r) => r.email)).toEqual(["juergen@gruenwald.example", "anna@schaefer.example"]);
    expect(rows[0]?.notes).toBe("Trifft sich gern früh.");
    expect(JSON.parse(rows[0]?.tags ?? "[]")).toEqual(expect.arrayContaining(["Spender", "Vorstand"]));
    const points = await env.DB.prepare(
      "select p.kind, p.value from contact_point p join user u on u.id = p.user_id where u.email = ? order by p.id",
    )
      .bind(a.email)
      .all<{ kind: string; value: string }>();
    expect(points.results.filter((p) => p.kind === "phone").map((p) => p.value)).toEqual(
      expect.arrayContaining(["+49891234567", "+491712345678", "+4930555012"]),
    );
    expect(points.results.filter((p) => p.kind === "email")).toHaveLength(3);
  });

  it("reads the same upload again in the encoding the person chooses, and names undecodable characters (issue 42)", async () => {
    const a = await signUp();
    const b = await signUp();
    // Windows-1251 keeps А..я at 0xC0..0xFF: read as Windows-1252 they show as Latin letters.
    const csv = "Name,E-mail\r\nИван Петров,ivan@example.ru\r\n";
    const bytes = Uint8Array.from(
      [...csv].map((ch) => (ch >= "А" && ch <= "я" ? ch.charCodeAt(0) - 0x350 : ch.charCodeAt(0))),
    );
    const body = new FormData();
    body.set("file", new File([bytes], "contacts.csv", { type: "text/csv" }));
    body.set("intent", "preview");
    const first = await (
      await call("/connections/import.data", { method: "POST", body, headers: { cookie: a.cookie } })
    ).text();
    expect(first).toContain("Windows-1252");
    expect(first).toContain("windows-1251");
    const id = previewId(first) as string;
    const reread = (cookie: string, preview: string, encoding: string) =>
      call("/connections/import.data", {
        method: "POST",
        body: new URLSearchParams({ intent: "reread", preview, encoding }),
        headers: { cookie },
      });
    // Another account cannot read or reread someone's upload.
    const stolen = await reread(b.cookie, id, "windows-1251");
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).not.toContain("ivan@example.ru");
    expect((await reread(a.cookie, id, "ebcdic")).status).toBe(400);
    // Read as UTF-8, the Cyrillic bytes are not text: the row says so before anything is stored.
    const utf8 = await reread(a.cookie, id, "utf-8");
    expect(utf8.status).toBe(200);
    const utf8Text = await utf8.text();
    expect(utf8Text).toContain("Some characters are not UTF-8");
    // Each reading replaces the one before it.
    expect((await confirm(a.cookie, id, "skip")).status).toBe(400);
    const again = await reread(a.cookie, previewId(utf8Text) as string, "windows-1251");
    expect(again.status).toBe(200);
    const text = await again.text();
    expect(text).toContain("Иван Петров");
    await confirm(a.cookie, previewId(text) as string, "skip");
    expect((await network(a.email)).results.map((r) => r.name)).toEqual(["Иван Петров"]);
  });

  it("never lets another account confirm someone's preview", async () => {
    const a = await signUp();
    const b = await signUp();
    const id = previewId(await (await upload(a.cookie, VCF, "contacts.vcf", { intent: "preview" })).text());
    const stolen = await confirm(b.cookie, id as string, "merge");
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain("This preview has expired; choose the file again.");
    expect((await network(b.email)).results).toHaveLength(0);
    expect((await confirm(a.cookie, "not-an-id", "merge")).status).toBe(400);
  });

  it("imports a 10,000-contact vCard of 1.5 MB, and states the limit past it (issue 29)", async () => {
    const a = await signUp();
    const cards = Array.from({ length: 10_000 }, (_, i) =>
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        `N:Contact${i};Person;;;`,
        `FN:Person Contact${i}`,
        `EMAIL;TYPE=WORK:person.contact${i}@example.org`,
        `TEL;TYPE=CELL:+1415555${String(i).padStart(4, "0")}`,
        `ORG:Org ${i % 97}`,
        "END:VCARD",
      ].join("\r\n"),
    ).join("\r\n");
    expect(cards.length).toBeGreaterThan(1_500_000);
    const preview = await upload(a.cookie, cards, "big.vcf", { intent: "preview" });
    expect(preview.status).toBe(200);
    const id = previewId(await preview.text());
    const done = await confirm(a.cookie, id as string, "skip");
    expect([200, 202, 204]).toContain(done.status);
    const count = await env.DB.prepare(
      "select count(*) as n from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(a.email)
      .first<{ n: number }>();
    expect(count?.n).toBe(10_000);
    const over = `${cards}\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:One Too Many\r\nEND:VCARD`;
    expect(await (await upload(a.cookie, over, "over.vcf", { intent: "preview" })).text()).toContain(
      "Only the first 10000 contacts are imported",
    );
  }, 180_000);

  it("counts every row past the limit in the heading, and answers an oversized upload on the import page (issue 42)", async () => {
    const a = await signUp();
    const rows = Array.from({ length: 10_450 }, (_, i) => `Person ${i},person${i}@example.org`);
    const csv = `Name,E-mail\r\n${rows.join("\r\n")}\r\n`;
    const body = new FormData();
    body.set("file", new File([csv], "big.csv", { type: "text/csv" }));
    body.set("intent", "preview");
    // A browser's own navigation (no JavaScript): the page itself, with its heading.
    const navigate = { cookie: a.cookie, "sec-fetch-mode": "navigate", accept: "text/html" };
    const page = await call("/connections/import", { method: "POST", body, headers: navigate });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("10000<!-- --> to import");
    expect(html).toContain(", 450 skipped</h2>");
    expect(html).toContain("Only the first 10000 contacts are imported; 450 more rows left out");

    // 6.6 MB without the browser's check: the import page under the file field, never a bare JSON page.
    const huge = new FormData();
    huge.set("file", new File([new Uint8Array(6_600_000).fill(0x61)], "huge.csv", { type: "text/csv" }));
    huge.set("intent", "preview");
    const refused = await call("/connections/import", { method: "POST", body: huge, headers: navigate });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("content-type")).toContain("text/html");
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Import contacts");
    expect(refusedHtml).toContain("That file is too large; split it into files under 5 MB.");
    const fetched = await call("/connections/import.data", {
      method: "POST",
      body: huge,
      headers: { cookie: a.cookie },
    });
    expect(fetched.status).toBe(413);
    expect(fetched.headers.get("content-type")).not.toContain("application/json");
    expect(await fetched.text()).toContain("That file is too large; split it into files under 5 MB.");
    expect((await network(a.email)).results).toHaveLength(0);
  }, 120_000);

  it("imports a file of more than 500 KB in two steps without a second upload", async () => {
    const a = await signUp();
    const cards = Array.from({ length: 1600 }, (_, i) =>
      [
        "BEGIN:VCARD",
        "VERSION:2.1",
        `N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller${i};J=C3=BCrgen`,
        `EMAIL;INTERNET:person${i}@example.org`,
        `NOTE;ENCODING=QUOTED-PRINTABLE:${"=41".repeat(120)}`,
        "END:VCARD",
      ].join("\r\n"),
    ).join("\r\n");
    expect(cards.length).toBeGreaterThan(500_000);
    const id = previewId(await (await upload(a.cookie, cards, "big.vcf", { intent: "preview" })).text());
    const done = await confirm(a.cookie, id as string, "skip");
    expect([200, 202, 204]).toContain(done.status);
    const count = await env.DB.prepare(
      "select count(*) as n from connection c join user u on u.id = c.user_id where u.email = ?",
    )
      .bind(a.email)
      .first<{ n: number }>();
    expect(count?.n).toBe(1600);
  }, 60_000);

  it("reads a Google export, keeps hostile text as text, leaves a formula out with its row named, and refuses other files", async () => {
    const a = await signUp();
    const csv =
      'First Name,Last Name,E-mail 1 - Value,Organization Name,Notes\nAna,Lima,ana@x.org,"=cmd|\' /C calc\'!A0","<script>alert(1)</script>"\n,,,,\n';
    const preview = await (await upload(a.cookie, csv, "google.csv", { intent: "preview" })).text();
    // A formula is never stored (issue 42): its cell is left out and named on its row.
    expect(preview).toContain("holds a formula (=cmd|");
    await confirm(a.cookie, previewId(preview) as string, "skip");
    const rows = (await network(a.email)).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ana Lima", email: "ana@x.org", notes: "<script>alert(1)</script>" });
    const exported = await (await call("/api/connections/export?format=csv", { headers: { cookie: a.cookie } })).text();
    expect(exported).not.toContain("calc");
    expect((await upload(a.cookie, "MZ\u0000binary", "virus.exe", { intent: "preview" })).status).toBe(400);
  });

  it("matches duplicates only against the importer's own network", async () => {
    const a = await signUp();
    const b = await signUp();
    await call(
      "/api/capture",
      json({ name: "Dana Whitfield", email: "dana@harbor.org", notes: "A's private note" }, a.cookie),
    );
    const preview = await (await upload(b.cookie, VCF, "contacts.vcf", { intent: "preview" })).text();
    expect(preview).not.toContain("A's private note");
    expect(preview).not.toContain("Yes: Dana");
    expect(preview).not.toMatch(/duplicateOf":"Dana/);
  });

  it("judges a photo by its bytes: a PNG whose TYPE is missing or says JPEG is kept, as a PNG (issue 29)", async () => {
    const a = await signUp();
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const card = (name: string, photo: string) =>
      ["BEGIN:VCARD", "VERSION:3.0", `FN:${name}`, photo, "END:VCARD"].join("\r\n");
    const file = [
      card("Wrong Type", `PHOTO;ENCODING=b;TYPE=JPEG:${png}`),
      card("No Type", `PHOTO;ENCODING=b:${png}`),
      card("Not Image", "PHOTO;ENCODING=b;TYPE=PNG:aGVsbG8gd29ybGQ="),
    ].join("\r\n");
    const text = await (await upload(a.cookie, file, "photos.vcf", { intent: "preview" })).text();
    expect(text.match(/Photo is not a JPEG, PNG or WebP image; left out/g)).toHaveLength(1);
    expect([200, 202, 204]).toContain((await confirm(a.cookie, previewId(text) as string, "skip")).status);
    const rows = await env.DB.prepare(
      "select c.name, c.image from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
    )
      .bind(a.email)
      .all<{ name: string; image: string | null }>();
    expect(rows.results.map((r) => [r.name, r.image !== null])).toEqual([
      ["Wrong Type", true],
      ["No Type", true],
      ["Not Image", false],
    ]);
    for (const r of rows.results.slice(0, 2)) {
      const stored = await env.CACHE.getWithMetadata<{ type: string }>(`person-photo:${r.image}`, "arrayBuffer");
      expect(stored.metadata?.type, r.name).toBe("image/png");
    }
  });

  it("names each phone past the per-kind cap in the preview, by row and value (issue 29)", async () => {
    const a = await signUp();
    const tels = Array.from({ length: 11 }, (_, i) => `TEL;TYPE=WORK:+1415555${String(100 + i).padStart(4, "0")}`);
    const file = ["BEGIN:VCARD", "VERSION:3.0", "FN:Many Phones", ...tels, "END:VCARD"].join("\r\n");
    const text = await (await upload(a.cookie, file, "phones.vcf", { intent: "preview" })).text();
    expect(text).toContain("Phone +14155550110 left out: at most 10 phones per person");
  });
});

describe("confirming one import preview several times at once", () => {
  it("adds everyone once, each with their contact points; a later confirm is told it was already imported", async () => {
    const a = await signUp();
    const userId = (await env.DB.prepare("select id from user where email = ?").bind(a.email).first<{ id: string }>())
      ?.id as string;
    const csv = ["Name,Email", ...Array.from({ length: 300 }, (_, i) => `Twice ${i},twice${i}@x.org`)].join("\n");
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new File([csv], "twice.csv", { type: "text/csv" }));
    const id = previewId(
      await (await call("/connections/import.data", { method: "POST", body, headers: { cookie: a.cookie } })).text(),
    ) as string;
    const parsed = parseEnv(env);
    const app = { env: parsed, db: createDb(parsed.DB) };
    const plan = await loadPreview(parsed, userId, id);
    expect(plan?.rows).toHaveLength(300);
    // Three confirms of the kept preview at once, as a triple click sends them.
    const results = await Promise.all([1, 2, 3].map(() => applyImport(app, userId, plan as ImportPlan, "merge", id)));
    expect(results.filter(Boolean)).toEqual([{ added: 300, merged: 0, skipped: 0 }]);
    const counts = await env.DB.prepare(
      "select count(*) as people, sum((select count(*) from contact_point p where p.connection_id = c.id)) as points from connection c where c.user_id = ?",
    )
      .bind(userId)
      .first();
    expect(counts).toEqual({ people: 300, points: 300 });
    // The page's answer to a confirm that lost: 409, saying the import happened.
    const late = await confirm(a.cookie, id, "merge");
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This file was already imported");
  });
});
