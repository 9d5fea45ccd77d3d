import { env } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { tableFor } from "~/lib/formats/csv-write";
import { toXlsx, xlsxParts } from "~/lib/formats/xlsx";
import type { PersonRecord } from "~/lib/people/draft";
import { call, signUp } from "./helpers";

/** Issue 42 (the mapping step, workbooks, bad input) and issue 41's opt-in columns, through the import route. */

function upload(cookie: string, body: BlobPart, filename: string) {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([body], filename));
  return call("/connections/import", { method: "POST", body: form, headers: { cookie } });
}

function post(cookie: string, fields: [string, string][]) {
  return call("/connections/import", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie },
  });
}

// The page as a browser without JavaScript gets it: forms posted, HTML back, its text read with entities undone.
const readPage = async (res: Response): Promise<string> =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
const previewId = (html: string) => html.match(/name="preview" value="([0-9a-f]{32})"/)?.[1] as string;
const layoutOf = (html: string) => html.match(/name="layout" value="([0-9a-f]{64})"/)?.[1] as string;

const people = (email: string) =>
  env.DB.prepare(
    "select c.id, c.name, c.email, c.phone, c.company, c.title from connection c join user u on u.id = c.user_id where u.email = ? order by c.id",
  )
    .bind(email)
    .all<{ id: number; name: string; email: string; phone: string; company: string; title: string }>();

const consents = (email: string) =>
  env.DB.prepare(
    `select c.email, r.purpose, r.state, r.shown, r.source from consent_record r join connection c on c.id = r.connection_id
     join user u on u.id = r.sender_workspace_id where u.email = ? order by r.id`,
  )
    .bind(email)
    .all<{ email: string; purpose: string; state: string; shown: string; source: string }>();

const confirm = (cookie: string, id: string) =>
  post(cookie, [
    ["intent", "import"],
    ["preview", id],
    ["duplicates", "merge"],
  ]);

// A sheet whose headers no table of ours knows: a club's member list.
const UNKNOWN = [
  "Member,Mail,Cell #,Org,Joined club",
  "Ines Duarte,ines@duarte.example,+351 912 345 678,Rádio Sul,2019",
  "Tom Berg,tom@berg.example,+46 70 123 45 67,Berg AB,2021",
].join("\r\n");

const map = (cookie: string, id: string, layout: string, columns: string[], save = false) =>
  post(cookie, [
    ["intent", "map"],
    ["preview", id],
    ["layout", layout],
    ...columns.map((c, i): [string, string] => [`column[${i}]`, c]),
    ...(save ? ([["save", "on"]] as [string, string][]) : []),
  ]);

describe("the mapping step (issue 42)", () => {
  it("shows an unknown layout's columns, reads the rows as mapped, saves the mapping for the next file, and imports", async () => {
    const a = await signUp();
    const first = await upload(a.cookie, UNKNOWN, "club.csv");
    // Nothing importable until the columns are mapped: a 4xx that still shows them.
    expect(first.status).toBe(422);
    const text = await readPage(first);
    expect(text).toContain("choose what each column holds");
    expect(text).toContain("Cell #");
    expect(text).toContain("ines@duarte.example");
    const mapped = await map(
      a.cookie,
      previewId(text),
      layoutOf(text),
      ["Name", "Email", "Mobile Phone", "Company", ""],
      true,
    );
    expect(mapped.status).toBe(200);
    const preview = await readPage(mapped);
    expect(preview).toContain("Rádio Sul");
    expect(preview).toContain('Column "Joined club" not kept, as you chose');
    expect((await people(a.email)).results).toHaveLength(0);
    expect((await confirm(a.cookie, previewId(preview))).status).toBe(302);
    expect((await people(a.email)).results).toMatchObject([
      { name: "Ines Duarte", email: "ines@duarte.example", phone: "+351912345678", company: "Rádio Sul" },
      { name: "Tom Berg", email: "tom@berg.example", company: "Berg AB" },
    ]);

    // The next file with the same header is read with the saved mapping at once.
    const next = await upload(
      a.cookie,
      `${UNKNOWN.split("\r\n")[0]}\r\nAda Moreau,ada@moreau.example,,Moreau SA,2024`,
      "club-2.csv",
    );
    expect(next.status).toBe(200);
    const nextText = await readPage(next);
    expect(nextText).toContain("Read with the mapping you saved for this header");
    expect(nextText).toContain("Moreau SA");

    // Another account's file with that header gets no one else's mapping.
    const b = await signUp();
    const theirs = await upload(b.cookie, UNKNOWN, "club.csv");
    expect(theirs.status).toBe(422);
    expect(await readPage(theirs)).not.toContain("mapping you saved");
    const row = await env.DB.prepare(
      "select count(*) as n from import_mapping m join user u on u.id = m.user_id where u.email = ?",
    )
      .bind(b.email)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("refuses two columns mapped to one field with the field's message, keeping every choice; a changed header is named", async () => {
    const a = await signUp();
    const text = await readPage(await upload(a.cookie, UNKNOWN, "club.csv"));
    const bad = await map(a.cookie, previewId(text), layoutOf(text), [
      "First Name",
      "Email",
      "Mobile Phone",
      "First Name",
      "Notes",
    ]);
    expect(bad.status).toBe(400);
    const body = await readPage(bad);
    expect(body).toContain("“First name” is already chosen for column “Member”: a field comes from one column");
    // The choices as sent come back for the form: Notes for the fifth column is kept.
    expect(body).toMatch(/name="column\[4\]"[^>]*>(?:(?!<\/select>)[\s\S])*<option value="Notes" selected=""/);
    expect((await people(a.email)).results).toHaveLength(0);

    // A mapping made on another header (the file was read again meanwhile) is refused, not applied.
    const stale = await map(a.cookie, previewId(text), "0".repeat(64), ["Name", "Email", "", "", ""]);
    expect(stale.status).toBe(409);
    expect(await readPage(stale)).toContain("columns changed since this mapping was shown");

    // A saved mapping for a header that has since gained a column is named and not applied.
    await map(a.cookie, previewId(text), layoutOf(text), ["Name", "Email", "Mobile Phone", "Company", ""], true);
    const changed = await upload(
      a.cookie,
      "Member,Mail,Cell #,Org,Joined club,Shirt size\r\nLea Roux,lea@roux.example,,,2020,M",
      "club-3.csv",
    );
    expect(await readPage(changed)).toContain("A mapping you saved was made for a header with other columns");
  });

  it("reads TSV, semicolon TXT and our own XLSX export, columns guessed from their headers", async () => {
    const a = await signUp();
    const tsv = await upload(
      a.cookie,
      "First Name\tLast Name\tEmail\r\nNoor\tHaddad\tnoor@haddad.example\r\n",
      "people.tsv",
    );
    expect(tsv.status).toBe(200);
    expect(await readPage(tsv)).toContain("noor@haddad.example");
    const txt = await upload(
      a.cookie,
      "Name;E-mail;Phone\r\nKai Sato;kai@sato.example;+81 90 1234 5678\r\n",
      "people.txt",
    );
    expect(txt.status).toBe(200);
    expect(await readPage(txt)).toContain("kai@sato.example");

    const person: PersonRecord = {
      id: 1,
      uid: "p1@knowwho.test",
      displayName: "Björn Ek",
      name: { given: "Björn", family: "Ek" },
      emails: [{ value: "bjorn@ek.example", label: "work" }],
      phones: [{ value: "+3546991234", label: "mobile" }],
      addresses: [{ label: "home", street: "Laugavegur 1", postalCode: "04524", locality: "Reykjavík" }],
      organization: "=1+1",
      tags: ["Donor", "Gala 2024"],
      createdAt: new Date("2026-01-01T00:00:00Z"),
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    };
    const ours = await upload(a.cookie, toXlsx(tableFor([person], "generic", false)) as BlobPart, "people.xlsx");
    expect(ours.status).toBe(200);
    const preview = await readPage(ours);
    expect(preview).toContain("Excel workbook");
    expect((await confirm(a.cookie, previewId(preview))).status).toBe(302);
    const [stored] = (await people(a.email)).results.filter((p) => p.name === "Björn Ek");
    // A text cell that looks like a formula is the person's value: kept as written, never evaluated.
    expect(stored).toMatchObject({ email: "bjorn@ek.example", phone: "+3546991234", company: "=1+1" });
    const address = await env.DB.prepare("select value from contact_point where connection_id = ? and kind = 'address'")
      .bind(stored?.id)
      .first<{ value: string }>();
    expect(address?.value).toContain("04524");
  });
});

/** A minimal workbook: one sheet of the given XML rows, optional shared strings and extra parts. */
function workbook(sheetRows: string, extra: Record<string, string> = {}): Uint8Array {
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    "xl/workbook.xml": strToU8(
      '<workbook xmlns:r="r"><sheets><sheet name="Contacts" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, strToU8(v)])),
  });
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${cell("A1", "Name")}${cell("B1", "Email")}${cell("C1", "Company")}</row>`;

describe("bad input is refused with a message, never a 5xx, never stored (issue 42)", () => {
  it("reads a file mixing UTF-8, Shift_JIS and Windows-1250 rows line by line, names them, and stores nothing before the confirm", async () => {
    const a = await signUp();
    const ascii = (t: string) => [...new TextEncoder().encode(t)];
    const bytes = new Uint8Array([
      ...ascii("Name,Email\r\n"),
      ...ascii("Zoë Müller,zoe@muller.example\r\n"),
      // "山田 太郎" in Shift_JIS, then "Łukasz Wałęsa" in Windows-1250, rows appended by other programs.
      ...[0x8e, 0x52, 0x93, 0x63, 0x20, 0x91, 0xbe, 0x98, 0x59],
      ...ascii(",taro@yamada.example\r\n"),
      ...[0xa3, ...ascii("ukasz Wa"), 0xb3, 0xea, ...ascii("sa,lukasz@walesa.example\r\n")],
    ]);
    const res = await upload(a.cookie, bytes, "appended.csv");
    expect(res.status).toBe(200);
    const text = await readPage(res);
    expect(text).toContain(
      "This file mixes encodings: line 3 was read as SHIFT_JIS, line 4 as WINDOWS-1250, the rest as UTF-8: check their letters before importing",
    );
    expect((await people(a.email)).results).toHaveLength(0);
    expect((await confirm(a.cookie, previewId(text))).status).toBe(302);
    expect((await people(a.email)).results.map((p) => p.name)).toEqual(["Zoë Müller", "山田 太郎", "Łukasz Wałęsa"]);
  });

  it("refuses a zip bomb, a binary file and an old .xls by their bytes, whatever their names", async () => {
    const a = await signUp();
    // 61 MB of one letter deflates to a few hundred KB: past the unpacked limit, refused before it is held.
    const wide = Array.from({ length: 32 }, () => "A".repeat(32_000));
    const parts: Uint8Array[] = [];
    for await (const part of xlsxParts(
      (async function* () {
        yield [["Name", "Email"]];
        for (let i = 0; i < 60; i++) yield [wide];
      })(),
    ))
      parts.push(part);
    const bomb = new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer());
    expect(bomb.byteLength).toBeLessThan(1_000_000);
    const refused = await upload(a.cookie, bomb as BlobPart, "contacts.xlsx");
    expect(refused.status).toBe(413);
    expect(await readPage(refused)).toContain("unpacks to more than 48 MB");

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const binary = await upload(a.cookie, png as BlobPart, "contacts.csv");
    expect(binary.status).toBe(415);
    expect(await readPage(binary)).toContain("This file holds binary data, not contacts");
    const noise = crypto.getRandomValues(new Uint8Array(4096));
    noise[0] = 0x41;
    expect((await upload(a.cookie, noise as BlobPart, "export.txt")).status).toBe(415);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const old = await upload(a.cookie, xls as BlobPart, "contacts.xlsx");
    expect(old.status).toBe(415);
    expect(await readPage(old)).toContain("older Excel workbook (.xls)");
    const broken = await upload(a.cookie, new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]) as BlobPart, "contacts.xlsx");
    expect(broken.status).toBe(422);
    expect((await people(a.email)).results).toHaveLength(0);
  });

  it("names formula cells and oversized cells on their rows; a file of nothing but formulas is a 4xx", async () => {
    const a = await signUp();
    const formulas = [
      "Name,Email,Company",
      '"=HYPERLINK(""http://evil.example"",""Click"")","=A1&""@x.example""",=1+1',
      "=cmd|' /C calc'!A0,=B2,=SUM(1;2)",
    ].join("\r\n");
    const all = await upload(a.cookie, formulas, "formulas.csv");
    expect(all.status).toBe(422);
    const text = await readPage(all);
    expect(text).toContain('Column "Name" holds a formula (=HYPERLINK(');
    expect(text).toContain("Preview: 0 to import");
    expect((await confirm(a.cookie, previewId(text))).status).toBe(422);

    const big = `Name,Email,Notes\r\nLina Park,lina@park.example,${"x".repeat(40_000)}\r\n`;
    const kept = await upload(a.cookie, big, "big.csv");
    expect(kept.status).toBe(200);
    expect(await readPage(kept)).toContain("holds 40,000 characters, more than a cell holds (32,767); left out");

    const sheet = workbook(
      `${HEADER}<row r="2">${cell("A2", "Omar Diaz")}<c r="B2" t="str"><f>LOWER("OMAR@DIAZ.EXAMPLE")</f><v>omar@diaz.example</v></c><c r="C2"><f>[1]Sheet1!A1</f><v>0</v></c></row>`,
      { "xl/externalLinks/externalLink1.xml": "<externalLink/>" },
    );
    const xlsx = await upload(a.cookie, sheet as BlobPart, "links.xlsx");
    expect(xlsx.status).toBe(200);
    const body = await readPage(xlsx);
    expect(body).toContain('Column "Email" holds a formula (=LOWER(');
    expect(body).toContain("This workbook links to other workbooks; their values were not read");
    expect((await confirm(a.cookie, previewId(body))).status).toBe(302);
    expect((await people(a.email)).results).toMatchObject([{ name: "Omar Diaz", email: null }]);
  });

  it("skips a sheet's 1,000,000 empty rows and reads the contacts among them", async () => {
    const a = await signUp();
    let empty = "";
    for (let r = 3; r < 1_000_003; r++) empty += `<row r="${r}"/>`;
    const sheet = workbook(
      `${HEADER}<row r="2">${cell("A2", "Mia Lund")}${cell("B2", "mia@lund.example")}</row>${empty}<row r="1000003">${cell("A1000003", "Per Holm")}${cell("B1000003", "per@holm.example")}</row>`,
    );
    const res = await upload(a.cookie, sheet as BlobPart, "formatted.xlsx");
    expect(res.status).toBe(200);
    const text = await readPage(res);
    expect(text).toContain("Preview: 2 to import");
    expect(text).toContain("per@holm.example");
  });
});

describe("opt-in columns become consent to email by purpose (issue 41)", () => {
  it("records a yes in Donorbox's, Givebutter's, Mailchimp's and Eventbrite's columns, nothing for no, never from a column that does not say email", async () => {
    const a = await signUp("Harbor Friends");
    const files: [string, string][] = [
      [
        "donorbox-donors.csv",
        [
          "Name,Donor's First Name,Donor's Last Name,Donor Email,Phone,Address,Address 2,City,State / Province,Postal Code,Country,Join Mailing List,Make Donation Anonymous",
          "Frank Osei,Frank,Osei,frank@osei.example,,12 Elm St,,Portland,OR,97201,US,yes,no",
          "Grace Kim,Grace,Kim,grace@kim.example,,,,,,,,no,yes",
          "Hana Ito,Hana,Ito,hana@ito.example,,,,,,,,,no",
        ].join("\r\n"),
      ],
      [
        "givebutter-contacts.csv",
        [
          "Contact ID,First Name,Last Name,Email,Phone,Email Subscription Status,SMS Subscription Status",
          "501,Ana,Lima,ana@lima.example,+1 503 555 0101,subscribed,subscribed",
          "502,Ben,Okafor,ben@okafor.example,+1 503 555 0102,unsubscribed,subscribed",
        ].join("\r\n"),
      ],
      [
        "subscribed_members_export_7f3a.csv",
        [
          '"Email Address","First Name","Last Name","Address","Phone Number","MEMBER_RATING","OPTIN_TIME","OPTIN_IP","CONFIRM_TIME","CONFIRM_IP","CC","REGION","LAST_CHANGED","LEID","EUID","TAGS"',
          'maya@cohen.example,Maya,Cohen,"1 Main St  Springfield  IL  62704  US",,2,"2024-03-01 10:00:00",,"2024-03-01 10:05:00",,US,CA,"2024-05-01 09:00:00",123,abc,"""Donor"""',
        ].join("\r\n"),
      ],
      [
        "unsubscribed_members_export_7f3a.csv",
        [
          '"Email Address","First Name","Last Name","MEMBER_RATING","OPTIN_TIME","CONFIRM_TIME","UNSUB_TIME","UNSUB_CAMPAIGN_TITLE","LEID"',
          'leo@park.example,Leo,Park,2,"2023-01-01 10:00:00","2023-01-01 10:01:00","2024-02-01 08:00:00",Spring news,124',
        ].join("\r\n"),
      ],
      [
        "eventbrite-report.csv",
        [
          "Order #,Order Date,First Name,Last Name,Email,Ticket Type,Attendee #,Cell Phone,Email Opt-In,Opt-in",
          "1001,2025-03-02,Lucía,Fernández,lucia@fernandez.example,General,9001,+34 612 345 678,Yes,Yes",
          "1002,2025-03-02,Sam,Reed,sam@reed.example,General,9002,,No,Yes",
        ].join("\r\n"),
      ],
    ];
    for (const [name, text] of files) {
      const res = await upload(a.cookie, text, name);
      expect(res.status, name).toBe(200);
      const body = await readPage(res);
      expect((await confirm(a.cookie, previewId(body))).status, name).toBe(302);
    }
    const records = (await consents(a.email)).results;
    expect(records).toEqual([
      {
        email: "frank@osei.example",
        purpose: "email",
        state: "yes",
        shown: "Join Mailing List: yes",
        source: "import:donorbox",
      },
      {
        email: "ana@lima.example",
        purpose: "email",
        state: "yes",
        shown: "Email Subscription Status: subscribed",
        source: "import:givebutter",
      },
      {
        email: "maya@cohen.example",
        purpose: "email",
        state: "yes",
        shown: "CONFIRM_TIME: 2024-03-01 10:05:00",
        source: "import:mailchimp",
      },
      {
        email: "lucia@fernandez.example",
        purpose: "email",
        state: "yes",
        shown: "Email Opt-In: Yes",
        source: "import:eventbrite",
      },
    ]);
    // Mailchimp's address cell is split into its parts; its own bookkeeping is not named row by row.
    const maya = (await people(a.email)).results.find((p) => p.email === "maya@cohen.example");
    const address = await env.DB.prepare("select value from contact_point where connection_id = ? and kind = 'address'")
      .bind(maya?.id)
      .first<{ value: string }>();
    expect(address?.value).toMatch(/1 Main St[\s\S]*Springfield[\s\S]*IL[\s\S]*62704[\s\S]*US/);
  });
});
