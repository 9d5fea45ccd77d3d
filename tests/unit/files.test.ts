import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { foldLine } from "~/lib/content-line";
import { type ExportRow, neutralize, parseCsv, rowToDraft, splitTags, suggestMapping, toCsv } from "~/lib/csv";
import { toIcs } from "~/lib/ics";
import { readVCards } from "~/lib/vcard-read";

const row = (over: Partial<ExportRow> = {}): ExportRow => ({
  name: "Ana Lima",
  email: "ana@example.org",
  phone: "+14155552671",
  title: "Director",
  company: "Open Futures",
  website: "https://open-futures.org",
  linkedin: null,
  tags: ["donor", "board"],
  priority: "high",
  status: "Active",
  eventName: "Impact Summit",
  notes: "Line one\nline two, with comma",
  lastContactDate: "2026-11-20",
  ...over,
});

describe("CSV export", () => {
  it("neutralises every cell that could start a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(neutralize(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutralize("plain")).toBe("plain");
    fc.assert(
      fc.property(fc.string(), (s) => {
        const cell = neutralize(s);
        return !/^[=+\-@\t\r]/.test(cell);
      }),
    );
  });

  it("round-trips through a CSV parser with hostile values intact but inert", () => {
    const hostile = row({ name: '=HYPERLINK("http://x","y")', notes: '"; DROP TABLE\r\n@x', company: "+1" });
    const csv = toCsv([hostile, row()]);
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(parsed[0]?.[0]).toBe("Name");
    expect(parsed[1]?.[0]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(parsed[1]?.[4]).toBe("'+1");
    expect(parsed[2]?.[12]).toBe("Line one\nline two, with comma");
    for (const cells of parsed.slice(1)) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("writes HubSpot's import layout", () => {
    const [header, first] = Papa.parse<string[]>(toCsv([row()], "hubspot").replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(header?.slice(0, 4)).toEqual(["First Name", "Last Name", "Email", "Phone Number"]);
    expect(first?.slice(0, 3)).toEqual(["Ana", "Lima", "ana@example.org"]);
  });
});

describe("CSV import mapping", () => {
  it("maps Google Contacts, Outlook and HubSpot exports", () => {
    const google = parseCsv(
      "First Name,Last Name,E-mail 1 - Value,Phone 1 - Value,Organization Name,Organization Title,Labels\nAna,Lima,ana@x.org,555-0100,Acme,CEO,* myContacts ::: VIP\n",
    );
    const g = rowToDraft(google.rows[0] ?? [], suggestMapping(google.headers));
    expect(g).toMatchObject({ name: "Ana Lima", email: "ana@x.org", company: "Acme", title: "CEO" });
    expect(splitTags(g.tags)).toEqual(["VIP"]);

    const outlook = parseCsv(
      "Title,First Name,Last Name,Company,Job Title,E-mail Address,Mobile Phone\nDr.,Bo,Chen,Beta,CTO,bo@beta.io,+1 415 555 2671\n",
    );
    expect(rowToDraft(outlook.rows[0] ?? [], suggestMapping(outlook.headers))).toMatchObject({
      name: "Bo Chen",
      title: "CTO",
      email: "bo@beta.io",
      phone: "+1 415 555 2671",
    });

    const hubspot = parseCsv(
      "Record ID,First Name,Last Name,Email,Phone Number,Job Title,Company Name,Website URL\n1,Cy,Diaz,cy@d.com,,VP,Delta,https://d.com\n",
    );
    expect(rowToDraft(hubspot.rows[0] ?? [], suggestMapping(hubspot.headers))).toMatchObject({
      name: "Cy Diaz",
      company: "Delta",
      website: "https://d.com",
    });
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
    expect(contacts.map((c) => c.draft.name)).toEqual(["Jürgen Müller", "Ana Lima", "Bo Chen"]);
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
    expect(skipped).toEqual([
      { index: 4, reason: "No name or email" },
      { index: 5, reason: 'Unsupported vCard version "5.0"' },
    ]);
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

describe("iCalendar", () => {
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
