import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import decodeWebp, { init as initWebpDecode } from "@jsquash/webp/decode";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { readCsvFile } from "~/lib/formats/csv-read";
import { tableFor, toCsv } from "~/lib/formats/csv-write";
import { buildVCard, writeVCards } from "~/lib/formats/vcard";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { toXlsx, xlsxParts } from "~/lib/formats/xlsx";
import type { PersonDraft, PersonRecord } from "~/lib/people/draft";
import { FACE_WEBP } from "../fixtures/webp";

/**
 * Our files read by programs we did not write: python3-vobject for vCard, LibreOffice for CSV and XLSX.
 * Both are Debian packages that .ci/run installs; a missing one fails here with the package to install.
 */

const work = mkdtempSync(path.join(tmpdir(), "knowwho-interop-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pythonWithVobject(): string {
  for (const python of ["/usr/bin/python3", "python3"]) {
    const probe = spawnSync(python, ["-c", "import vobject"], { encoding: "utf8" });
    if (probe.status === 0) return python;
  }
  throw new Error("python3-vobject is not installed: apt-get install python3-vobject (.ci/run installs it)");
}

function soffice(): string {
  for (const bin of ["/usr/bin/soffice", "/usr/bin/libreoffice", "soffice"]) {
    if (bin.startsWith("/") && !existsSync(bin)) continue;
    if (spawnSync(bin, ["--version"], { encoding: "utf8" }).status === 0) return bin;
  }
  throw new Error("LibreOffice is not installed: apt-get install libreoffice-calc-nogui (.ci/run installs it)");
}

const asRecord = (d: PersonDraft, i: number): PersonRecord => {
  const { photo: _photo, ...rest } = d;
  return {
    ...rest,
    id: i + 1,
    uid: d.externalId ?? `person-${i + 1}@knowwho.test`,
    tags: d.tags ?? [],
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-11-20T10:00:00Z"),
  };
};

// vobject reads each card and prints what it found, as JSON.
const VOBJECT_DUMP = `
import json, sys, vobject
result = {}
for path in sys.argv[1:]:
  out = result.setdefault(path, [])
  for card in vobject.readComponents(open(path, encoding="utf-8").read()):
      c = card.contents
      def vals(name): return [x.value for x in c.get(name, [])]
      n = c["n"][0].value if "n" in c else None
      out.append({
          "fn": c["fn"][0].value,
          "n": None if n is None else {"family": n.family, "given": n.given, "middle": n.additional, "prefix": n.prefix, "suffix": n.suffix},
          "uid": vals("uid"), "rev": vals("rev"),
          "email": sorted(vals("email")), "tel": sorted(vals("tel")), "url": sorted(vals("url")),
          "social": sorted(vals("x-socialprofile")),
          "adr": [{"street": a.street, "city": a.city, "region": a.region, "code": a.code, "country": a.country, "box": a.box, "extended": a.extended} for a in vals("adr")],
          "org": [list(o) for o in vals("org")], "title": vals("title"), "role": vals("role"), "note": vals("note"),
          "categories": [list(x) for x in vals("categories")], "bday": vals("bday"),
          "bday_omit": [b.params.get("X-APPLE-OMIT-YEAR", [""])[0] for b in c.get("bday", [])],
          "photo": [len(p) for p in vals("photo")],
          "impp": sorted(vals("impp")), "ablabel": sorted(vals("x-ablabel")),
      })
print(json.dumps(result))
`;

const join = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(" ") : (v ?? ""));

describe("vCard read by python3-vobject", () => {
  it("keeps every field of every fixture vCard after our import and export", () => {
    const python = pythonWithVobject();
    const dirs = ["tests/fixtures/vcard/ez-vcard", "tests/fixtures/vcard/android", "tests/fixtures/vcard/synthetic"];
    const files = dirs.flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith(".vcf"))
        .map((f) => path.join(d, f)),
    );
    let checked = 0;
    const written = files.map((file) => {
      const read = readVCardFile(new Uint8Array(readFileSync(file)));
      const people = read.people.map((p) => p.draft);
      const out = path.join(work, `${path.basename(file)}.out.vcf`);
      writeFileSync(
        out,
        writeVCards(
          people.map((d, i) => ({ ...asRecord(d, i), photo: d.photo?.mediaType === "image/jpeg" ? d.photo : null })),
        ),
      );
      return { file, out, people };
    });
    const run = spawnSync(python, ["-c", VOBJECT_DUMP, ...written.map((w) => w.out)], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const parsed = JSON.parse(run.stdout) as Record<string, Record<string, unknown>[]>;
    for (const { file, out, people } of written) {
      const cards = parsed[out] ?? [];
      expect(cards, file).toHaveLength(people.length);
      people.forEach((d, i) => {
        const v = cards[i] as {
          fn: string;
          n: Record<string, string | string[]> | null;
          uid: string[];
          rev: string[];
          email: string[];
          tel: string[];
          url: string[];
          social: string[];
          adr: Record<string, string | string[]>[];
          org: string[][];
          title: string[];
          role: string[];
          note: string[];
          categories: string[][];
          bday: string[];
          bday_omit: string[];
          photo: number[];
          impp: string[];
          ablabel: string[];
        };
        const where = `${file} #${i + 1}`;
        expect(v.fn, where).toBe(d.displayName);
        if (d.name)
          for (const [k, value] of Object.entries(d.name)) expect(join(v.n?.[k]), `${where} N.${k}`).toBe(value);
        expect(v.uid, where).toHaveLength(1);
        expect(v.rev, where).toHaveLength(1);
        expect(v.email, where).toEqual((d.emails ?? []).map((e) => e.value).sort());
        expect(v.tel, where).toEqual((d.phones ?? []).map((e) => e.value).sort());
        expect(v.url, where).toEqual((d.websites ?? []).map((e) => e.value).sort());
        expect(v.social, where).toEqual((d.socials ?? []).map((e) => e.value).sort());
        expect(
          v.adr.map((a) => [join(a.street), join(a.city), join(a.region), join(a.code), join(a.country)]),
          where,
        ).toEqual(
          (d.addresses ?? []).map((a) => [
            a.street ?? "",
            a.locality ?? "",
            a.region ?? "",
            a.postalCode ?? "",
            a.country ?? "",
          ]),
        );
        if (d.organization) expect(v.org[0]?.[0], where).toBe(d.organization);
        if (d.department) expect(v.org[0]?.[1], where).toBe(d.department);
        // A second ORG and TITLE, and SIP addresses and labels of the person's own, as vobject reads them.
        const roles = d.otherRoles ?? [];
        expect(v.org.slice(d.organization || d.department ? 1 : 0), where).toEqual(
          roles
            .filter((r) => r.organization || r.department)
            .map((r) => [r.organization ?? "", ...(r.department ? [r.department] : [])]),
        );
        expect(v.title, where).toEqual([
          ...(d.title ? [d.title] : []),
          ...roles.flatMap((r) => (r.title ? [r.title] : [])),
        ]);
        expect(v.impp, where).toEqual((d.sips ?? []).map((x) => x.value).sort());
        expect(v.ablabel, where).toEqual(
          [...(d.emails ?? []), ...(d.phones ?? []), ...(d.sips ?? []), ...(d.addresses ?? []), ...(d.websites ?? [])]
            .flatMap((x) => x.customLabel ?? [])
            .sort(),
        );
        expect(v.note, where).toEqual(d.note ? [d.note] : []);
        expect(v.categories.flat(), where).toEqual(d.tags ?? []);
        // A birthday without a year reaches a vCard 3.0 reader in Apple's form: the year 1604, marked as omitted.
        const yearless = d.birthday?.startsWith("--");
        expect(v.bday, where).toEqual(d.birthday ? [yearless ? `1604${d.birthday.slice(1)}` : d.birthday] : []);
        if (yearless) expect(v.bday_omit, where).toEqual(["1604"]);
        if (d.photo?.mediaType === "image/jpeg") expect(v.photo, where).toEqual([atob(d.photo.base64).length]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});

describe("A card in two languages read by python3-vobject", () => {
  it("reads both versions of FN, N, ORG, TITLE and ADR from vCard 4.0, each with its ALTID and LANGUAGE", () => {
    const python = pythonWithVobject();
    const card: Parameters<typeof buildVCard>[0] = {
      name: "Taro Yamada",
      title: "Director",
      company: "Acme",
      location: "Tokyo",
      email: "taro@acme.org",
      phone: null,
      website: null,
      linkedin: null,
      notes: "",
      socialAccounts: [],
      additionalContacts: [],
      slug: "taro",
      second: {
        primary: "en",
        lang: "ja",
        name: "山田 太郎",
        title: "部長",
        company: "アクメ株式会社",
        location: "東京",
      },
    };
    const file = path.join(work, "two-languages.vcf");
    writeFileSync(file, buildVCard(card, "https://knowwho.test/c/taro", { version: "4.0" }));
    const script = `
import json, sys, vobject
c = next(vobject.readComponents(open(sys.argv[1], encoding="utf-8").read())).contents
def each(name, show): return sorted([x.params.get("LANGUAGE", [""])[0], x.params.get("ALTID", [""])[0], show(x.value)] for x in c.get(name, []))
print(json.dumps({
  "fn": each("fn", str), "org": each("org", list), "title": each("title", str),
  "n": each("n", lambda n: [n.family, n.given]), "adr": each("adr", lambda a: a.city),
}))`;
    const run = spawnSync(python, ["-c", script, file], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      fn: [
        ["en", "1", "Taro Yamada"],
        ["ja", "1", "山田 太郎"],
      ],
      org: [
        ["en", "1", ["Acme"]],
        ["ja", "1", ["アクメ株式会社"]],
      ],
      title: [
        ["en", "1", "Director"],
        ["ja", "1", "部長"],
      ],
      n: [
        ["en", "1", ["Yamada", "Taro"]],
        ["ja", "1", ["山田", "太郎"]],
      ],
      adr: [
        ["en", "1", "Tokyo"],
        ["ja", "1", "東京"],
      ],
    });
  });
});

/** The cells of the first sheet of an .xlsx, with whether each is a formula. */
function sheetCells(
  file: string,
): { ref: string; text: string; formula: boolean; formulaText: string; type: string }[] {
  const zip = unzipSync(new Uint8Array(readFileSync(file)));
  const shared = zip["xl/sharedStrings.xml"]
    ? [...strFromU8(zip["xl/sharedStrings.xml"]).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
        [...(m[1] ?? "").matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(""),
      )
    : [];
  const unxml = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  const sheet = strFromU8(zip["xl/worksheets/sheet1.xml"] as Uint8Array);
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
    const attrs = m[2] ?? "";
    const body = m[3] ?? "";
    const type = attrs.match(/t="(\w+)"/)?.[1] ?? "n";
    const v = body.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? "";
    const inline = body.match(/<t[^>]*>([\s\S]*?)<\/t>/)?.[1];
    const text = type === "s" ? (shared[Number(v)] ?? "") : (inline ?? v);
    const formula = body.match(/<f[^>]*>([\s\S]*?)<\/f>/)?.[1];
    return {
      ref: m[1] ?? "",
      text: unxml(text),
      formula: /<f[\s>]/.test(body),
      formulaText: unxml(formula ?? ""),
      type,
    };
  });
}

function convert(bin: string, input: string, filter?: string): string {
  const args = [
    "--headless",
    `-env:UserInstallation=file://${path.join(work, "lo-profile")}`,
    ...(filter ? [`--infilter=${filter}`] : []),
    "--convert-to",
    "xlsx",
    "--outdir",
    path.join(work, "lo-out"),
    input,
  ];
  // A hang guard under the heavy project's limit (vitest.unit.config.ts): a cold start on busy cores takes minutes.
  const run = spawnSync(bin, args, { encoding: "utf8", timeout: 540_000 });
  const out = path.join(work, "lo-out", `${path.basename(input).replace(/\.\w+$/, "")}.xlsx`);
  if (!existsSync(out)) throw new Error(`LibreOffice did not convert ${input}: ${run.stderr}`);
  return out;
}

const hostile = (i: number, over: Partial<PersonRecord>): PersonRecord => ({
  id: i,
  uid: `p${i}@knowwho.test`,
  displayName: `Person ${i}`,
  tags: [],
  createdAt: new Date("2026-01-01T00:00:00Z"),
  updatedAt: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

const PEOPLE: PersonRecord[] = [
  hostile(1, { displayName: "=1+1", phones: [{ value: "+41446681800", label: "mobile" }], note: "-2+3" }),
  hostile(2, {
    displayName: "+SUM(A1:A2)",
    phones: [{ value: "+14155552671", label: "work" }],
    organization: "@SUM(1,1)",
  }),
  hostile(3, { displayName: '=HYPERLINK("http://evil.example","x")', title: "\t=1+1", note: "\r=cmd|' /C calc'!A0" }),
  hostile(4, {
    displayName: "Plain 42",
    organization: "-12.5",
    title: "0042",
    phones: [{ value: "+442079460958", label: "home" }],
  }),
];

describe("CSV and XLSX opened by LibreOffice", () => {
  it("has no formula cells and every phone exactly as stored", () => {
    const bin = soffice();
    const csv = path.join(work, "people.csv");
    writeFileSync(csv, toCsv(PEOPLE));
    const xlsx = path.join(work, "people-ours.xlsx");
    writeFileSync(xlsx, toXlsx(tableFor(PEOPLE, "generic", false)));
    const phones = PEOPLE.flatMap((p) => p.phones ?? []).map((p) => p.value);

    // LibreOffice's defaults (formulas evaluated): nothing we wrote becomes a formula but the text literals of
    // digits (="+41446681800"), whose value is the text as stored (decision 0183).
    const opened = sheetCells(convert(bin, csv, "CSV:44,34,76,1"));
    expect(opened.filter((c) => c.formula && c.formulaText !== `"${c.text}"`)).toEqual([]);
    expect(opened.length).toBeGreaterThan(PEOPLE.length * 3);

    // With defaults, every phone is text to the digit.
    for (const phone of phones)
      expect(opened.find((c) => c.text === phone)?.type, phone).toMatch(/^(s|str|inlineStr)$/);
    // Quoted fields as text (an option of the import dialog): nothing evaluated; a phone is kept to the digit,
    // an unspaced international one inside its text formula as written (="+41446681800"), never as a number.
    const asText = sheetCells(convert(bin, csv, "CSV:44,34,76,1,,0,true"));
    expect(asText.filter((c) => c.formula)).toEqual([]);
    for (const phone of phones) expect(asText.map((c) => c.text)).toContainEqual(expect.stringContaining(phone));

    // Our workbook: every cell is text, so LibreOffice keeps phones, numbers and formula-like text as typed.
    const ours = sheetCells(convert(bin, xlsx));
    expect(ours.filter((c) => c.formula)).toEqual([]);
    for (const phone of phones) expect(ours.find((c) => c.text === phone)?.type, phone).toBe("s");
    for (const text of ["=1+1", "+SUM(A1:A2)", "@SUM(1,1)", "-12.5", "0042"])
      expect(ours.find((c) => c.text === text)?.type, text).toBe("s");
    expect(ours.filter((c) => c.type !== "s" && c.text !== "")).toEqual([]);
  });

  it("opens the streamed workbook (zip written as it goes, two pages of rows) with the same cells", async () => {
    const bin = soffice();
    const [header = [], ...rows] = tableFor(PEOPLE, "generic", false);
    const parts: Uint8Array[] = [];
    for await (const part of xlsxParts(
      (async function* () {
        yield [header];
        yield rows.slice(0, 2);
        yield rows.slice(2);
      })(),
    ))
      parts.push(part);
    const streamed = path.join(work, "people-streamed.xlsx");
    writeFileSync(streamed, Buffer.concat(parts));
    const whole = path.join(work, "people-whole.xlsx");
    writeFileSync(whole, toXlsx(tableFor(PEOPLE, "generic", false)));
    const cells = sheetCells(convert(bin, streamed));
    expect(cells.length).toBeGreaterThan(PEOPLE.length * 3);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells).toEqual(sheetCells(convert(bin, whole)));
  });
});

describe("Phones, postcodes and ids in our CSV opened by LibreOffice with its defaults", () => {
  it("stay text to the character: no number, no lost zero or plus, no guard character", () => {
    const bin = soffice();
    const csv = path.join(work, "digits.csv");
    const person = hostile(10, {
      displayName: "Björn Ek",
      phones: [
        { value: "+3546991234", label: "mobile" },
        { value: "0612345678", label: "work" },
      ],
      addresses: [{ label: "home", street: "Laugavegur 1", postalCode: "04524", locality: "Reykjavík" }],
      note: "-12.5",
      organization: "1234567890123456789",
    });
    writeFileSync(csv, toCsv([person]));
    const cells = sheetCells(convert(bin, csv, "CSV:44,34,76,1"));
    for (const text of ["+3546991234", "0612345678", "04524", "1234567890123456789"]) {
      const cell = cells.find((c) => c.text === text);
      expect(cell, text).toBeDefined();
      // A text cell (or a text formula's string result), never a number; no apostrophe in what is shown.
      expect(["s", "str", "inlineStr"], text).toContain(cell?.type);
    }
    expect(cells.some((c) => c.text.startsWith("'"))).toBe(false);
    expect(cells.filter((c) => c.formula && c.formulaText !== `"${c.text}"`)).toEqual([]);
    // And our importer reads the same cells back as the values they are.
    const back = readCsvFile(readFileSync(csv));
    expect(back.people[0]?.draft.phones?.map((p) => p.value)).toEqual(["+3546991234", "0612345678"]);
    expect(back.people[0]?.draft.addresses?.[0]?.postalCode).toBe("04524");
  });
});

describe("A spaced phone in our CSV opened by LibreOffice (issue 29)", () => {
  it("stays text, to the character, with no guard apostrophe and no formula", () => {
    const bin = soffice();
    const csv = path.join(work, "spaced-phone.csv");
    const person = hostile(9, {
      displayName: "Amara Reyes",
      phones: [{ value: "+44 7700 900123", label: "mobile" }],
      organization: "=1+1",
    });
    writeFileSync(csv, toCsv([person]));
    const cells = sheetCells(convert(bin, csv, "CSV:44,34,76,1"));
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.find((c) => c.text.includes("7700"))).toMatchObject({ text: "+44 7700 900123", type: "s" });
  });
});

describe("A second organisation and title and a label of the person's own, read by khard", () => {
  it("lists both organisations, both titles and the email's own label from our vCard 3.0 and 4.0", () => {
    const khard = existsSync("/usr/bin/khard") ? "/usr/bin/khard" : "khard";
    for (const version of ["3.0", "4.0"] as const) {
      const book = mkdtempSync(path.join(work, "khard-"));
      const person: PersonRecord = {
        id: 1,
        uid: "ada-1@knowwho.test",
        displayName: "Ada Lovelace",
        name: { given: "Ada", family: "Lovelace" },
        organization: "Analytical Engines",
        title: "Mathematician",
        emails: [{ value: "ada@gym.example", label: "other", customLabel: "Gym" }],
        sips: [{ value: "sip:ada@voip.example", label: "work" }],
        otherRoles: [{ organization: "Royal Society", title: "Fellow" }],
        tags: [],
        createdAt: new Date("2026-01-01T00:00:00Z"),
        updatedAt: new Date("2026-11-20T10:00:00Z"),
      };
      writeFileSync(path.join(book, "ada.vcf"), writeVCards([person], version));
      const conf = path.join(book, "khard.conf");
      writeFileSync(conf, `[addressbooks]\n[[book]]\npath = ${book}\n[general]\ndefault_action = list\n`);
      const run = spawnSync(khard, ["-c", conf, "show", "--format", "yaml", "Ada"], { encoding: "utf8" });
      expect(run.error, "khard is not installed: apt-get install khard (.ci/run installs it)").toBeUndefined();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout, version).toMatch(/Organisation:\n\s+-\s+- Analytical Engines\n\s+-\s+- Royal Society/);
      expect(run.stdout, version).toMatch(/Title:\n\s+- Fellow\n\s+- Mathematician/);
      expect(run.stdout, version).toMatch(/Gym(, INTERNET)?: ada@gym\.example/);
    }
    // khard starts a Python interpreter per call: slow on a busy machine; the heavy project's limit applies.
  });
});

describe("a WebP person's photo in vCard 3.0, read by python3-vobject", () => {
  it("is a JPEG (FF D8 FF) that vobject decodes, made by the codecs the Worker uses (issue 42)", async () => {
    const python = pythonWithVobject();
    // The Worker hands these wasm modules to init as bundled modules; here they are read from disk.
    const wasm = (file: string) => new WebAssembly.Module(readFileSync(path.join("node_modules/@jsquash", file)));
    await initWebpDecode(wasm("webp/codec/dec/webp_dec.wasm"));
    await initJpegEncode(wasm("jpeg/codec/enc/mozjpeg_enc.wasm"));
    const jpeg = new Uint8Array(await encodeJpeg(await decodeWebp(FACE_WEBP.slice().buffer), { quality: 85 }));
    const card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Wren Webp\r\nN:Webp;Wren;;;\r\nEND:VCARD\r\n";
    const [draft] = readVCardFile(new TextEncoder().encode(card)).people.map((p) => p.draft);
    const photo = { mediaType: "image/jpeg", base64: Buffer.from(jpeg).toString("base64") };
    const out = path.join(work, "webp-person.vcf");
    writeFileSync(out, writeVCards([{ ...asRecord(draft as PersonDraft, 0), photo }], "3.0"));
    const script = [
      "import sys, vobject",
      "card = vobject.readOne(open(sys.argv[1], encoding='utf-8').read())",
      "p = card.contents['photo'][0]",
      "print(p.params.get('TYPE'), p.value[:3].hex(), len(p.value))",
    ].join("\n");
    const run = spawnSync(python, ["-c", script, out], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`['JPEG'] ffd8ff ${jpeg.byteLength}`);
  });
});
