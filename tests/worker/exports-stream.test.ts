import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { concatBytes as joined } from "~/lib/formats/bytes";
import { toCsv } from "~/lib/formats/csv-write";
import { toXlsx, xlsxParts } from "~/lib/formats/xlsx";
import { createDb } from "~/server/db/db.server";
import { loadPeople, peoplePages } from "~/server/people/read.server";
// @ts-expect-error: the built Worker (what every worker test runs) has no type declarations
import built from "../../build/server/index.js";
import { observed } from "./d1-count";
import { call, importFile, ORIGIN, signUp } from "./helpers";

/** Issue 24 item 3: exports and the data download are streamed a page at a time, with no row cap. */

const db = () => createDb(env.DB);

async function owner(name: string) {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  return { ...session, id: row?.id as string };
}

/** `count` people written straight into D1 in one statement, all stamped with the same moment. */
async function fill(userId: string, count: number, at = Date.UTC(2026, 10, 1)) {
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into connection (user_id, name, email, created_at, updated_at)
     select ?, 'Person ' || i, 'p' || i || '@big.example.org', ?, ? from n`,
  )
    .bind(count, userId, at, at)
    .run();
}

describe("exports of a very large network", () => {
  it("hold every one of 50,001 people, past the old 50,000 cap, as CSV and as vCard", async () => {
    const o = await owner("Big Network");
    await fill(o.id, 50_001);
    const csv = await call("/api/connections/export?format=csv", { headers: { cookie: o.cookie } });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(50_002);
    expect(new Set(lines).size).toBe(50_002);
    const vcf = await (await call("/api/connections/export?format=vcf", { headers: { cookie: o.cookie } })).text();
    expect(vcf.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(50_001);
    expect(vcf).toContain("FN:Person 50001\r\n");
  });
});

describe("streamed people pages", () => {
  it("give each person once, newest first, when many share a moment and someone arrives between pages", async () => {
    const o = await owner("Paged Owner");
    await fill(o.id, 7);
    // Two more in the same millisecond, apart only by a fraction of it (created_at's default keeps fractions).
    await env.DB.prepare(
      "insert into connection (user_id, name, created_at, updated_at) values (?, 'Fraction A', ?, ?), (?, 'Fraction B', ?, ?)",
    )
      .bind(o.id, Date.UTC(2026, 10, 2) + 0.75, 0, o.id, Date.UTC(2026, 10, 2) + 0.25, 0)
      .run();
    const expected = (
      await env.DB.prepare("select id from connection where user_id = ? order by created_at desc, id desc")
        .bind(o.id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const seen: number[] = [];
    let pages = 0;
    for await (const page of peoplePages(db(), o.id, null, 2)) {
      seen.push(...page.map((p) => p.id));
      // A share-back arriving mid-export is newer than every page: it neither shifts nor repeats anyone.
      if (++pages === 1)
        await env.DB.prepare("insert into connection (user_id, name) values (?, 'Arrived Meanwhile')").bind(o.id).run();
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(5);
  });

  it("read only the owner's people, even when another account's ids are asked for", async () => {
    const a = await owner("Page Owner A");
    const b = await owner("Page Owner B");
    await fill(a.id, 3);
    await fill(b.id, 3);
    const theirs = (
      await env.DB.prepare("select id from connection where user_id = ?").bind(b.id).all<{ id: number }>()
    ).results.map((r) => r.id);
    const got: string[] = [];
    for await (const page of peoplePages(db(), a.id, theirs)) got.push(...page.map((p) => p.displayName));
    expect(got).toEqual([]);
  });

  it("cost one D1 round trip per thousand people, contact points and connection dates included", async () => {
    const o = await owner("Round Trip Owner");
    await fill(o.id, 2_500);
    await env.DB.prepare(
      `insert into contact_point (user_id, connection_id, kind, label, value, key, preferred)
       select user_id, id, 'phone', 'mobile', '+1312' || id, '+1312' || id, 1 from connection where user_id = ?`,
    )
      .bind(o.id)
      .run();
    await env.DB.prepare(
      `insert into person_history (user_id, connection_id, kind, source, created_at)
       select user_id, id, 'connected', 'import', ? from connection where user_id = ?`,
    )
      .bind(Date.UTC(2024, 2, 5), o.id)
      .run();
    // The real D1, counted: each batch and each statement run alone is one round trip.
    let trips = 0;
    const d1 = observed(env.DB, { before: () => trips++ });
    let people = 0;
    let withPoints = 0;
    let dated = 0;
    for await (const page of peoplePages(createDb(d1), o.id)) {
      people += page.length;
      withPoints += page.filter((p) => p.phones?.[0]?.value === `+1312${p.id}` && p.phones[0].preferred).length;
      dated += page.filter((p) => p.connectedOn === "2024-03-05").length;
    }
    expect([people, withPoints, dated]).toEqual([2_500, 2_500, 2_500]);
    expect(trips).toBe(3);
  });
});

describe("streamed CSV layouts", () => {
  it("number their columns for the widest person, exactly as the whole-file writer does", async () => {
    const o = await owner("Wide Owner");
    const vcf = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Wide Person",
      "N:Person;Wide;;;",
      "EMAIL;TYPE=WORK:wide@example.org",
      "EMAIL;TYPE=HOME:wide@home.example.org",
      "EMAIL:wide3@example.org",
      "TEL;TYPE=CELL:+14155550101",
      "TEL;TYPE=WORK:+14155550102",
      "URL:https://wide.example.org",
      "X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/wide",
      "ADR;TYPE=WORK:;;1 Main St;Springfield;IL;62701;USA",
      "ADR;TYPE=HOME:;;2 Side St;Portland;OR;97201;USA",
      "NOTE:=1+1",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Narrow Person",
      "EMAIL:narrow@example.org",
      "END:VCARD",
      "",
    ].join("\r\n");
    const { result } = await importFile(o.cookie, vcf, "wide.vcf");
    expect(result.status).toBeLessThan(400);
    const people = await loadPeople(db(), o.id);
    expect(people).toHaveLength(2);
    for (const [format, layout] of [
      ["csv", "generic"],
      ["google", "google"],
      ["hubspot", "hubspot"],
    ] as const) {
      // Decoded by hand: Response.text() would drop the byte order mark the file must start with.
      const streamed = new TextDecoder("utf-8", { ignoreBOM: true }).decode(
        await (await call(`/api/connections/export?format=${format}`, { headers: { cookie: o.cookie } })).arrayBuffer(),
      );
      expect(streamed, format).toBe(toCsv(people, layout));
    }
    const google = toCsv(people, "google");
    for (const header of ["E-mail 3 - Value", "Phone 2 - Value", "Website 2 - Value", "Address 2 - City"])
      expect(google).toContain(header);
    const xlsx = unzipSync(
      new Uint8Array(
        await (await call("/api/connections/export?format=xlsx", { headers: { cookie: o.cookie } })).arrayBuffer(),
      ),
    );
    const sheet = strFromU8(xlsx["xl/worksheets/sheet1.xml"] as Uint8Array);
    expect(sheet).toContain("Address 2 - City");
    expect(sheet.match(/<row /g)).toHaveLength(3);
    // Text cells hold the note as typed: no guard apostrophe, and never a formula.
    expect(sheet).toContain("<t>=1+1</t>");
    expect(sheet).not.toContain("<f>");
  });
});

describe("the data download", () => {
  it("is one JSON document holding every row of a table larger than a page, each once", async () => {
    const o = await owner("Download Owner");
    // Every row in one millisecond: pages must be keyset by (created_at, rowid), not by the moment alone.
    await fill(o.id, 2_500);
    const res = await call("/api/account/export", { headers: { cookie: o.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = (await res.json()) as { connections: { id: number; userId: string }[]; profile: { id: string } };
    expect(data.profile.id).toBe(o.id);
    expect(data.connections).toHaveLength(2_500);
    expect(new Set(data.connections.map((c) => c.id)).size).toBe(2_500);
    expect(data.connections.every((c) => c.userId === o.id)).toBe(true);
  });
});

describe("the streamed workbook (zip deflated by the runtime)", () => {
  const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => [`Person ${from + i}`, "", `  spaced ${from + i}  `, "=1+1 <b>&</b>"]);

  it("unzips to the very files the whole-file writer zips, empty and spaced cells in place", async () => {
    const pages = [[["Name", "Empty", "Spaced", "Formula"]], rows(1, 3_000), rows(3_001, 10)];
    const parts: Uint8Array[] = [];
    for await (const part of xlsxParts(
      (async function* () {
        yield* pages;
      })(),
    ))
      parts.push(part);
    const streamed = unzipSync(joined(parts));
    const whole = unzipSync(toXlsx(pages.flat()));
    expect(Object.keys(streamed).sort()).toEqual(Object.keys(whole).sort());
    for (const name of Object.keys(whole))
      expect(strFromU8(streamed[name] as Uint8Array), name).toBe(strFromU8(whole[name] as Uint8Array));
    const sheet = strFromU8(streamed["xl/worksheets/sheet1.xml"] as Uint8Array);
    expect(sheet.match(/<row /g)).toHaveLength(3_011);
    expect(sheet).toContain('<c/><c t="inlineStr"><is><t xml:space="preserve">  spaced 3010  </t></is></c>');
    expect(sheet).toContain("<t>=1+1 &lt;b&gt;&amp;&lt;/b&gt;</t>");
  });

  it("fails, rather than ending as a complete file, when its rows fail midway", async () => {
    const parts: Uint8Array[] = [];
    const reading = (async () => {
      for await (const part of xlsxParts(
        (async function* () {
          yield rows(1, 500);
          throw new Error("the database went away");
        })(),
      ))
        parts.push(part);
    })();
    await expect(reading).rejects.toThrow("the database went away");
    // No central directory was written: what arrived is not a readable zip.
    expect(() => unzipSync(joined(parts))).toThrow();
  });
});

const worker = built as { fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> };

/** The real D1, except that the second call whose SQL `breaks` matches fails, as a database gone midway would. */
function failingSecond(d1: D1Database, breaks: RegExp): D1Database {
  let seen = 0;
  return observed(d1, {
    before: ({ sqls }) => {
      if (breaks.test(sqls.join(";\n")) && ++seen === 2) throw new Error("the database went away");
    },
  });
}

/** What arrived before the body failed, and whether it failed: a reader that only sees the bytes. */
async function readToEnd(res: Response): Promise<{ bytes: Uint8Array; failed: boolean }> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const parts: Uint8Array[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { bytes: joined(parts), failed: false };
      parts.push(value);
    }
  } catch {
    return { bytes: joined(parts), failed: true };
  }
}

describe("an export whose database fails midway", () => {
  // The second page of people (peoplePages' batch), or the data download's second page of connections.
  const PEOPLE_PAGE = /as givenName/;
  const DOWNLOAD_PAGE = /from "connection" where[\s\S]*rowid/;
  const cases = [
    ["vcf", "/api/connections/export?format=vcf", PEOPLE_PAGE],
    ["vcf4", "/api/connections/export?format=vcf4", PEOPLE_PAGE],
    ["csv", "/api/connections/export?format=csv", PEOPLE_PAGE],
    ["google", "/api/connections/export?format=google", PEOPLE_PAGE],
    ["hubspot", "/api/connections/export?format=hubspot", PEOPLE_PAGE],
    ["xlsx", "/api/connections/export?format=xlsx", PEOPLE_PAGE],
    ["data download", "/api/account/export", DOWNLOAD_PAGE],
  ] as const;

  it("ends with an error the client sees, after the first page, never as a complete file", async () => {
    const o = await owner("Midway Owner");
    await fill(o.id, 2_100);
    for (const [label, path, breaks] of cases) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`${ORIGIN}${path}`, { headers: { cookie: o.cookie } }),
        { ...env, DB: failingSecond(env.DB, breaks) },
        ctx,
      );
      expect(res.status, label).toBe(200);
      const { bytes, failed } = await readToEnd(res);
      await waitOnExecutionContext(ctx);
      expect(failed, `${label} failed`).toBe(true);
      const text = new TextDecoder().decode(bytes);
      if (label.startsWith("vcf")) expect(text.match(/^BEGIN:VCARD\r$/gm), label).toHaveLength(1_000);
      else if (label === "xlsx") expect(() => unzipSync(bytes), label).toThrow();
      else if (label === "data download") expect(() => JSON.parse(text), label).toThrow();
      else expect(text.split("\r\n").filter(Boolean), label).toHaveLength(1_001);
    }
    // The same requests on a database that answers: every person arrives, so the failures above were midway.
    const whole = await (await call("/api/connections/export?format=csv", { headers: { cookie: o.cookie } })).text();
    expect(whole.split("\r\n").filter(Boolean)).toHaveLength(2_101);
  });
});
