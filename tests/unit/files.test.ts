import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { readCsvFile } from "~/lib/formats/csv-read";
import { guardFormula, tableFor, toCsv, unguardFormula } from "~/lib/formats/csv-write";
import { readVCards } from "~/lib/formats/vcard-read";
import type { PersonRecord } from "~/lib/people/draft";
import { foldLine } from "~/lib/text/content-line";
import { icsUid, toIcs } from "~/lib/time/ics";
import { cardQrSvg } from "~/server/cards/qr.server";

const person = (over: Partial<PersonRecord> = {}): PersonRecord => ({
  id: 1,
  uid: "person-1@knowwho.test",
  displayName: "Ana Lima",
  name: { given: "Ana", family: "Lima" },
  emails: [{ value: "ana@example.org", label: "work", preferred: true }],
  phones: [{ value: "+14155552671", label: "mobile" }],
  title: "Director",
  organization: "Open Futures",
  websites: [{ value: "https://open-futures.org", label: "work" }],
  tags: ["donor", "board"],
  priority: "high",
  status: "Active",
  note: "Line one\nline two, with comma",
  createdAt: new Date("2026-11-01T00:00:00Z"),
  updatedAt: new Date("2026-11-20T00:00:00Z"),
  ...over,
});

describe("CSV export", () => {
  it("guards every cell that could start a formula, and leaves phones and plain numbers alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(guardFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    for (const kept of [
      "+41446681800",
      "+14155552671",
      "-12.5",
      "42",
      "plain",
      "a=b",
      "+41 44 668 18 00",
      "'quoted",
      "--06-15",
    ])
      expect(guardFormula(kept)).toBe(kept);
    for (const risky of ["+1-555-0100", "-1+2", "=1", "@SUM(A1)", "'=1", "+41 44 (668)", "\t=1", "-", "+"])
      expect(guardFormula(risky)).toBe(`'${risky}`);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const cell = guardFormula(s);
        const inert = /^(?:\+\d{4,15}|-?\d+(?:\.\d+)?|\+\d{1,4}(?: \d{1,8}){1,6}|--\d{2}-\d{2})$/.test(cell);
        return (!/^[=+\-@\t\r\n]/.test(cell) || inert) && unguardFormula(cell) === s;
      }),
    );
  });

  it("round-trips through a CSV parser with hostile values intact but inert", () => {
    const hostile = person({
      displayName: '=HYPERLINK("http://x","y")',
      note: '"; DROP TABLE\r\n@x',
      organization: "+1",
    });
    const csv = toCsv([hostile, person()]);
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const header = parsed[0] ?? [];
    expect(header[0]).toBe("Name");
    expect(parsed[1]?.[0]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(parsed[1]?.[header.indexOf("Company")]).toBe("'+1");
    // Our CSV is opened in spreadsheets: an international phone is their text formula, read back as the phone.
    expect(parsed[2]?.[header.indexOf("Mobile Phone")]).toBe('="+14155552671"');
    expect(readCsvFile(csv).people[1]?.draft.phones?.[0]?.value).toBe("+14155552671");
    expect(parsed[2]?.[header.indexOf("Notes")]).toBe("Line one\nline two, with comma");
  });

  it("writes HubSpot's import property labels and Lead Status values", () => {
    const [header, first] = Papa.parse<string[]>(toCsv([person()], "hubspot").replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Phone Number",
      "Mobile Phone Number",
      "Job Title",
      "Company Name",
      "Website URL",
      "Street Address",
      "City",
      "State/Region",
      "Postal Code",
      "Country/Region",
      "Lead Status",
      "Salutation",
      "Middle Name",
      "Name Suffix",
      "Department",
      "Date of birth",
      "Fax Number",
      "Tags",
      "Notes",
    ]);
    expect(first?.slice(0, 3)).toEqual(["Ana", "Lima", "ana@example.org"]);
    expect(first?.[13]).toBe("Connected");
    expect(first?.[4]).toBe("+14155552671");
  });

  it("reads back its own layouts with nothing lost", () => {
    const p = person({
      name: { prefix: "Dr.", given: "José María", family: "Núñez-O'Brien", suffix: "PhD" },
      displayName: "José María Núñez-O'Brien 🚀",
      emails: [
        { value: "jm@work.example", label: "work" },
        { value: "jm@home.example", label: "home" },
      ],
      phones: [
        { value: "+41446681800", label: "work" },
        { value: "+14155552671", label: "mobile" },
      ],
      addresses: [
        { label: "work", street: "1 Main St", locality: "Portland, OR", postalCode: "97201", country: "USA" },
      ],
      socials: [{ service: "linkedin", value: "https://www.linkedin.com/in/jm" }],
      connectedOn: "2024-03-14",
      birthday: "1980-03-22",
    });
    for (const layout of ["generic", "google"] as const) {
      const back = readCsvFile(toCsv([p], layout)).people[0]?.draft;
      expect(back?.name).toMatchObject({ given: "José María", family: "Núñez-O'Brien", prefix: "Dr.", suffix: "PhD" });
      expect(back?.emails?.map((e) => [e.value, e.label])).toEqual(
        expect.arrayContaining([
          ["jm@work.example", "work"],
          ["jm@home.example", "home"],
        ]),
      );
      expect(back?.phones?.map((e) => e.value).sort()).toEqual(["+14155552671", "+41446681800"]);
      expect(back?.addresses?.[0]).toMatchObject({
        street: "1 Main St",
        locality: "Portland, OR",
        postalCode: "97201",
      });
      expect(back?.socials).toEqual([{ service: "linkedin", value: "https://www.linkedin.com/in/jm" }]);
      expect(back).toMatchObject({ organization: "Open Futures", title: "Director", birthday: "1980-03-22" });
      expect(back?.note).toBe("Line one\nline two, with comma");
      expect(back?.tags).toEqual(expect.arrayContaining(["donor", "board"]));
    }
  });
});

describe("vCard import", () => {
  it("reads 2.1, 3.0 and 4.0 cards from one file and reports what it skips", () => {
    const file = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N:Müller;Jürgen",
      "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller",
      "TEL;WORK;VOICE:+49 30 901820",
      "EMAIL;INTERNET:jm@example.de",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ana Lima",
      "ORG:Open Futures;Partnerships",
      "TITLE:Director\\, Partnerships",
      "EMAIL;TYPE=INTERNET,WORK:ana@open-futures.org",
      "NOTE:Line one\\nLine two with a long tail that goes on and on so that it has to be folded across ",
      " two lines",
      "URL:https://www.linkedin.com/in/analima",
      "CATEGORIES:Donor,Board",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Bo Chen",
      'TEL;VALUE=uri;TYPE="cell,voice":tel:+1-415-555-2671',
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "ORG:Nobody Inc",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:5.0",
      "FN:Future",
      "END:VCARD",
    ].join("\r\n");
    const { contacts, skipped } = readVCards(file);
    expect(contacts.map((c) => c.draft.name)).toEqual(["Jürgen Müller", "Ana Lima", "Bo Chen", "Nobody Inc", "Future"]);
    expect(contacts[0]?.draft).toMatchObject({ phone: "+49 30 901820", email: "jm@example.de" });
    expect(contacts[1]?.draft).toMatchObject({
      company: "Open Futures",
      title: "Director, Partnerships",
      linkedin: "https://www.linkedin.com/in/analima",
      tags: "Donor, Board",
    });
    expect(contacts[1]?.draft.notes).toBe(
      "Line one\nLine two with a long tail that goes on and on so that it has to be folded across two lines",
    );
    expect(contacts[2]?.draft.phone).toBe("+1-415-555-2671");
    // An organisation alone names a contact, and an unknown VERSION is read like any other (Android does).
    expect(skipped).toEqual([]);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const r = readVCards(`BEGIN:VCARD\nVERSION:3.0\n${s}\nEND:VCARD`);
        return r.contacts.length + r.skipped.length === 1;
      }),
    );
  });
});

describe("QR code", () => {
  it("has a 4-module quiet zone and a width and height", async () => {
    const svg = await cardQrSvg("https://knowwho.test/c/ann-lee?src=qr");
    expect(svg).toMatch(/<svg[^>]* width="320" height="320"/);
    // qrcode draws the quiet zone as part of the viewBox: 4 modules on each side of a 25-module version 2 code.
    const size = Number(svg.match(/viewBox="0 0 (\d+) \1"/)?.[1]);
    expect(size - 8).toBeGreaterThanOrEqual(21);
    expect(svg).toMatch(/M4 4\.5h7/);
  });
});

describe("iCalendar", () => {
  it("stamps every event with the file's creation time and asks subscribers to refresh hourly", () => {
    const created = new Date("2026-11-23T16:00:00Z");
    const ics = toIcs(
      [
        {
          uid: icsUid("reminder", 9, "https://knowwho.app"),
          start: new Date("2026-11-24T09:00:00Z"),
          minutes: 15,
          summary: "Call",
          updated: new Date("2026-11-01T00:00:00Z"),
        },
      ],
      { created },
    );
    expect(ics).toContain("DTSTAMP:20261123T160000Z");
    expect(ics).toContain("LAST-MODIFIED:20261101T000000Z");
    expect(ics).toContain("UID:reminder-9@knowwho.app");
    expect(ics).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT60M");
    expect(ics).toContain("X-PUBLISHED-TTL:PT60M");
  });

  it("escapes text and folds at 75 octets without splitting characters", () => {
    const ics = toIcs([
      {
        uid: "r1@knowwho",
        start: new Date("2026-11-23T15:00:00Z"),
        minutes: 30,
        summary: "Call Ana; re: gala, budget",
        description: `${"é".repeat(60)}\nnext`,
        updated: new Date("2026-11-22T10:00:00Z"),
      },
    ]);
    expect(ics).toContain("SUMMARY:Call Ana\\; re: gala\\, budget");
    expect(ics).toContain("DTSTART:20261123T150000Z");
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(`DESCRIPTION:${"é".repeat(60)}\\nnext`);
    expect(foldLine("short")).toBe("short");
  });
});

describe("CSV export read back by our importer (issue 29)", () => {
  it("keeps phones as written and leaves no formula guard in the data", () => {
    const p = person({
      displayName: "=1+1",
      name: { given: "=1+1", family: "'=quoted" },
      organization: "+Plus Org",
      title: "@mention",
      phones: [{ value: "+44 7700 900123", label: "mobile" }],
      note: "-minus",
    });
    for (const layout of ["generic", "google", "hubspot"] as const) {
      const csv = toCsv([p], layout);
      expect(csv, layout).not.toContain("'+44");
      const back = readCsvFile(csv).people[0]?.draft;
      expect(
        back?.phones?.map((x) => x.value),
        layout,
      ).toEqual(["+44 7700 900123"]);
      expect(back?.name, layout).toMatchObject({ given: "=1+1", family: "'=quoted" });
      expect(back, layout).toMatchObject({ organization: "+Plus Org", title: "@mention" });
      if (layout !== "hubspot") expect(back?.note, layout).toBe("-minus");
    }
  });
});

describe("Every address in our CSV and XLSX (issue 29)", () => {
  const addresses = [
    {
      label: "work" as const,
      street: "1 Main St",
      locality: "Portland",
      region: "OR",
      postalCode: "97201",
      country: "USA",
    },
    {
      label: "home" as const,
      street: "Flat 2",
      extended: "Rose Court",
      poBox: "PO 9",
      locality: "Leeds",
      postalCode: "LS1 4AP",
      country: "UK",
    },
    { label: "other" as const, street: "Calle 3", locality: "Madrid", country: "España" },
  ];
  it("writes each address with its label and reads every one back", () => {
    const p = person({ addresses });
    const back = readCsvFile(toCsv([p, person({ displayName: "No Address", addresses: [] })])).people;
    expect(back[0]?.draft.addresses).toEqual(addresses);
    expect(back[1]?.draft.addresses).toBeUndefined();
    const table = tableFor([p], "generic", false);
    for (const a of addresses) for (const v of Object.values(a)) if (v !== a.label) expect(table[1]).toContain(v);
  });
});

describe("HubSpot CSV (issue 29)", () => {
  it("carries notes, birthday, tags, middle name, prefix, suffix, department and fax, and reads back whole", () => {
    const p = person({
      name: { prefix: "Dr.", given: "Ana", middle: "Beatriz", family: "Lima", suffix: "PhD" },
      department: "Major Gifts",
      birthday: "1980-03-22",
      tags: ["donor", "board"],
      phones: [
        { value: "+14155552671", label: "mobile" },
        { value: "+14155550100", label: "fax" },
      ],
    });
    const csv = toCsv([p], "hubspot");
    const [header] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(header).toEqual(
      expect.arrayContaining(["Salutation", "Middle Name", "Name Suffix", "Department", "Date of birth", "Fax Number"]),
    );
    const back = readCsvFile(csv).people[0]?.draft;
    expect(back?.name).toEqual(p.name);
    expect(back).toMatchObject({ department: "Major Gifts", birthday: "1980-03-22", note: p.note });
    expect(back?.tags).toEqual(["donor", "board"]);
    expect(back?.phones?.map((x) => [x.value, x.label])).toEqual([
      ["+14155552671", "mobile"],
      ["+14155550100", "fax"],
    ]);
  });
});

describe("Google CSV re-import of CJK names (issue 29)", () => {
  it("keeps family name first, with no space, as the name was written", () => {
    const people = [
      person({ displayName: "李小龙", name: { given: "小龙", family: "李" } }),
      person({ displayName: "山田太郎", name: { given: "太郎", family: "山田" } }),
      person({ displayName: "김민준", name: { given: "민준", family: "김" } }),
      person({ displayName: "Ana Lima", name: { given: "Ana", family: "Lima" } }),
    ];
    const back = readCsvFile(toCsv(people, "google")).people.map((p) => p.draft);
    expect(back.map((d) => d.displayName)).toEqual(["李小龙", "山田太郎", "김민준", "Ana Lima"]);
    expect(back[0]?.name).toMatchObject({ given: "小龙", family: "李" });
  });
});

describe("Google CSV with SIP addresses (issue 42)", () => {
  it("uses only Google's column names, a SIP address as a custom field, and reads it back", () => {
    const sips = [
      { value: "sip:ana@voip.example", label: "work" as const },
      { value: "sip:1234@pbx.example", label: "other" as const, customLabel: "Desk" },
    ];
    const csv = toCsv([person({ sips })], "google");
    const header = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "")).data[0] ?? [];
    expect(header.filter((h) => /sip/i.test(h))).toEqual([]);
    expect(header).toContain("Custom Field 1 - Label");
    expect(csv).toContain('"SIP (Work)","sip:ana@voip.example"');
    expect(readCsvFile(csv).people[0]?.draft.sips).toEqual(sips);
    // Another custom field is named, never dropped silently.
    const other = readCsvFile("First Name,Custom Field 1 - Label,Custom Field 1 - Value\nAna,Shoe size,38\n");
    expect(other.problems.map((p) => p.message)).toEqual(['Custom field "Shoe size" ("38") not kept']);
  });
});

describe("Outlook CSV export (issue 42)", () => {
  it("writes Outlook's English template, which Outlook's import and ours map without help", () => {
    const ana = person({
      name: { prefix: "Dr.", given: "Ana", family: "Lima" },
      emails: [
        { value: "ana@example.org", label: "work", preferred: true },
        { value: "ana.lima@home.example", label: "home" },
      ],
      phones: [
        { value: "+14155552671", label: "mobile" },
        { value: "+14155550100", label: "work" },
      ],
      addresses: [{ label: "work", street: "1 Market St", locality: "San Francisco", postalCode: "94105" }],
      birthday: "1980-04-16",
    });
    const csv = toCsv([ana], "outlook");
    const [header = [], row = []] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "")).data;
    expect(header.slice(0, 9)).toEqual([
      "Title",
      "First Name",
      "Middle Name",
      "Last Name",
      "Suffix",
      "Company",
      "Department",
      "Job Title",
      "Business Street",
    ]);
    expect(row[header.indexOf("E-mail Address")]).toBe("ana@example.org");
    expect(row[header.indexOf("Categories")]).toBe("donor;board");
    const back = readCsvFile(csv);
    expect(back.format).toBe("outlook");
    expect(back.people[0]?.draft).toMatchObject({
      name: { prefix: "Dr.", given: "Ana", family: "Lima" },
      organization: "Open Futures",
      title: "Director",
      birthday: "1980-04-16",
      tags: ["donor", "board"],
      addresses: [{ label: "work", street: "1 Market St", locality: "San Francisco", postalCode: "94105" }],
    });
    expect(back.people[0]?.draft.emails?.map((e) => e.value)).toEqual(["ana@example.org", "ana.lima@home.example"]);
    expect(back.people[0]?.draft.phones?.map((p) => [p.value, p.label])).toEqual([
      ["+14155550100", "work"],
      ["+14155552671", "mobile"],
    ]);
  });
});
