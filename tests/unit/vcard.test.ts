import fc from "fast-check";
import VCard from "vcf";
import { describe, expect, it } from "vitest";
import { vcardFileName } from "~/lib/card/card";
import { readCsvFile } from "~/lib/formats/csv-read";
import { toCsv } from "~/lib/formats/csv-write";
import { buildVCard, writeVCard } from "~/lib/formats/vcard";
import { readVCardFile } from "~/lib/formats/vcard-read";

const empty = {
  title: null,
  company: null,
  email: null,
  phone: null,
  website: null,
  linkedin: null,
  location: null,
  notes: "",
  socialAccounts: [],
  additionalContacts: [],
};

/** RFC 2426 text unescaping, written independently of the generator. */
const unescapeText = (s: string) => s.replace(/\\(.)/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

const textValue = fc.string({
  unit: fc.oneof(
    fc.constantFrom(";", ",", "\\", "\n", "\r\n", ":", '"', "é", "😀", "END:VCARD"),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 200,
});

describe("vCard 3.0", () => {
  it("round-trips random and hostile values through an independent parser", () => {
    fc.assert(
      fc.property(
        textValue.filter((s) => s.trim().length > 0),
        textValue,
        textValue,
        (name, company, notes) => {
          const text = buildVCard({ ...empty, name, company: company || null, notes });
          for (const line of text.split("\r\n"))
            expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
          const card = new VCard().parse(text);
          expect(unescapeText(String(card.get("fn").valueOf()))).toBe(name.replace(/\r\n|\r/g, "\n"));
          if (company) expect(unescapeText(String(card.get("org").valueOf()))).toBe(company.replace(/\r\n|\r/g, "\n"));
          if (notes.trim())
            expect(unescapeText(String(card.get("note").valueOf()))).toBe(notes.replace(/\r\n|\r/g, "\n"));
          // Nothing a value contains can start a property of its own.
          const props = Object.keys(card.data).sort();
          expect(props).toEqual(
            [
              "fn",
              "n",
              "prodid",
              "rev",
              "uid",
              "version",
              ...(company ? ["org"] : []),
              ...(notes.trim() ? ["note"] : []),
            ].sort(),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps only https links and writes the specification's file name", () => {
    const text = buildVCard({
      ...empty,
      name: "Ann Lee",
      website: "javascript:alert(1)",
      linkedin: "https://www.linkedin.com/in/ann",
      socialAccounts: [{ id: "1", platform: "github", url: "http://x.test" }],
    });
    expect(text).not.toContain("javascript:");
    expect(text).not.toContain("http://x.test");
    expect(text).toContain("X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/ann");
    expect(vcardFileName("Amara  Reyes")).toBe("Amara_Reyes_contact.vcf");
    expect(vcardFileName('Ann "x" Lee/..')).toBe("Ann_x_Lee.._contact.vcf");
  });
});

describe("A card's own vCard (issue 29)", () => {
  it("has a structured name, so address books file the owner under the family name", () => {
    expect(buildVCard({ ...empty, name: "Amara Reyes" })).toContain("\r\nN:Reyes;Amara;;;\r\n");
    expect(buildVCard({ ...empty, name: "María de la Cruz" })).toContain("\r\nN:de la Cruz;María;;;\r\n");
    expect(buildVCard({ ...empty, name: "Cher" })).toContain("\r\nN:;Cher;;;\r\n");
  });
});

describe("Yearless birthdays (issues 29, 42)", () => {
  it("are stored as --MM-DD, never as the year 1604, and written back in each reader's form", () => {
    const card = (bday: string) =>
      new TextEncoder().encode(["BEGIN:VCARD", "VERSION:3.0", "FN:Ruth Asawa", bday, "END:VCARD"].join("\r\n"));
    for (const [line, stored] of [
      ["BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-16", "--04-16"],
      ["BDAY:--04-16", "--04-16"],
      ["BDAY:--0203", "--02-03"],
    ] as const) {
      const read = readVCardFile(card(line));
      expect(read.people[0]?.draft.birthday, line).toBe(stored);
      expect(read.people[0]?.draft.note, line).toBeUndefined();
      expect(read.problems, line).toEqual([]);
    }
    expect(readVCardFile(card("BDAY:--1340")).problems.map((p) => p.message)).toEqual([
      'Birthday "--1340" is not a date; left out',
    ]);
    expect(readVCardFile(card("BDAY:1990-04-16")).people[0]?.draft.birthday).toBe("1990-04-16");
    const ruth = { uid: "u-1", displayName: "Ruth Asawa", tags: [], updatedAt: new Date(0), birthday: "--04-16" };
    const four = writeVCard(ruth, "4.0");
    const three = writeVCard(ruth, "3.0");
    expect(four).toContain("\r\nBDAY:--0416\r\n");
    expect(three).toContain("\r\nBDAY;X-APPLE-OMIT-YEAR=1604:1604-04-16\r\n");
    for (const text of [four, three]) expect(readVCardFile(text).people[0]?.draft.birthday).toBe("--04-16");
    // Google's CSV writes a birthday without a year as --MM-DD, and so reads it.
    const google = toCsv([{ ...ruth, id: 1, createdAt: new Date(0) }], "google");
    expect(google).toContain(',"--04-16",');
    expect(readCsvFile(google).people[0]?.draft.birthday).toBe("--04-16");
  });
});

describe("vCard 4.0 phones (issue 29)", () => {
  it("write a tel: URI only for a number with its country code; a local or worded number stays text", () => {
    const text = writeVCard(
      {
        uid: "u-1",
        displayName: "Lena Krüger",
        tags: [],
        updatedAt: new Date("2026-11-26T00:00:00Z"),
        phones: [
          { value: "+15035550100;ext=102", label: "work" },
          { value: "0171 234567", label: "mobile" },
          { value: "1 800 ELEPHANT", label: "other" },
        ],
      },
      "4.0",
    );
    const tels = text.split("\r\n").filter((l) => l.startsWith("TEL"));
    expect(tels).toEqual([
      "TEL;VALUE=uri;TYPE=work,voice:tel:+15035550100;ext=102",
      "TEL;TYPE=cell,voice:0171 234567",
      "TEL;TYPE=voice:1 800 ELEPHANT",
    ]);
    const back = readVCardFile(new TextEncoder().encode(text)).people[0]?.draft.phones;
    expect(back?.map((p) => p.value)).toEqual(["+15035550100;ext=102", "0171 234567", "1 800 ELEPHANT"]);
  });
});

describe("SIP addresses and further organisations (issue 29)", () => {
  it("keeps SIP addresses and a second organization and title as their own, and messaging in the note", () => {
    const read = readVCardFile(
      new TextEncoder().encode(
        [
          "BEGIN:VCARD",
          "VERSION:3.0",
          "FN:Ada Lovelace",
          "ORG:Analytical Engines;Research",
          "TITLE:Mathematician",
          "ORG:Royal Society",
          "TITLE:Fellow",
          "IMPP;TYPE=personal:sip:ada@voip.example",
          "IMPP:xmpp:ada@chat.example",
          "X-SIP:888",
          "TEL;TYPE=HOME:sip:ada@home.example",
          "NOTE:Met at the gala",
          "END:VCARD",
        ].join("\r\n"),
      ),
    );
    const draft = read.people[0]?.draft;
    expect(draft).toMatchObject({ organization: "Analytical Engines", department: "Research", title: "Mathematician" });
    expect(draft?.phones).toBeUndefined();
    expect(draft?.sips).toEqual([
      { value: "sip:ada@home.example", label: "home" },
      { value: "sip:888", label: "other" },
      { value: "sip:ada@voip.example", label: "other" },
    ]);
    expect(draft?.otherRoles).toEqual([{ organization: "Royal Society", title: "Fellow" }]);
    expect(draft?.note).toBe("Met at the gala\n\nMessaging: xmpp:ada@chat.example");
    expect(read.problems.map((p) => p.message)).toEqual(['Messaging address "xmpp:ada@chat.example" kept in the note']);
  });
});

describe("Custom labels (issue 29)", () => {
  it("are kept as written beside ours, while Apple's own labels map to ours", () => {
    const read = readVCardFile(
      new TextEncoder().encode(
        [
          "BEGIN:VCARD",
          "VERSION:3.0",
          "FN:Ada Lovelace",
          "item1.EMAIL;TYPE=INTERNET:ada@gym.example",
          "item1.X-ABLabel:Gym",
          "item2.TEL:+44 20 7946 0958",
          "item2.X-ABLabel:_$!<Mobile>!$_",
          "item3.EMAIL;TYPE=INTERNET:ada@home.example",
          "item3.X-ABLabel:_$!<Other>!$_",
          "END:VCARD",
        ].join("\r\n"),
      ),
    );
    const draft = read.people[0]?.draft;
    expect(draft?.emails).toEqual([
      { value: "ada@gym.example", label: "other", customLabel: "Gym" },
      { value: "ada@home.example", label: "other" },
    ]);
    expect(draft?.phones).toEqual([{ value: "+44 20 7946 0958", label: "mobile" }]);
    expect(read.problems).toEqual([]);
  });
});

describe("Note lines kept for messaging addresses (issue 29)", () => {
  it("are not added again when a client sends back a card whose note already holds them", () => {
    const card = (note: string) =>
      new TextEncoder().encode(
        ["BEGIN:VCARD", "VERSION:3.0", "FN:Ada", "IMPP:xmpp:ada@chat.example", note, "END:VCARD"].join("\r\n"),
      );
    const first = readVCardFile(card("NOTE:Met at the gala")).people[0]?.draft.note;
    expect(first).toBe("Met at the gala\n\nMessaging: xmpp:ada@chat.example");
    const again = readVCardFile(card(`NOTE:${(first ?? "").replace(/\n/g, "\\n")}`)).people[0]?.draft.note;
    expect(again).toBe(first);
  });
});

describe("SIP, further organisations and custom labels in our files (issue 29)", () => {
  const person = {
    uid: "ada-1",
    displayName: "Ada Lovelace",
    tags: [],
    updatedAt: new Date("2026-11-26T12:00:00Z"),
    organization: "Analytical Engines",
    title: "Mathematician",
    emails: [{ value: "ada@gym.example", label: "other" as const, customLabel: "Gym; Pool" }],
    phones: [{ value: "+44 20 7946 0958", label: "other" as const, customLabel: "Boat" }],
    sips: [
      { value: "sip:ada@voip.example", label: "work" as const },
      { value: "sip:888", label: "other" as const, customLabel: "Desk" },
    ],
    otherRoles: [{ organization: "Royal Society", department: "Council", title: "Fellow" }, { title: "Countess" }],
    addresses: [{ label: "other" as const, customLabel: "Summer house", locality: "Ockham" }],
  };
  const kept = (d: Record<string, unknown> | undefined) => ({
    sips: d?.sips,
    otherRoles: d?.otherRoles,
    organization: d?.organization,
    title: d?.title,
    labels: [
      ...((d?.emails as { customLabel?: string }[]) ?? []),
      ...((d?.phones as { customLabel?: string }[]) ?? []),
      ...((d?.addresses as { customLabel?: string }[]) ?? []),
    ].flatMap((x) => x.customLabel ?? []),
  });
  const expected = {
    sips: person.sips,
    otherRoles: person.otherRoles,
    organization: "Analytical Engines",
    title: "Mathematician",
    labels: ["Gym; Pool", "Boat", "Summer house"],
  };

  it("read back from our vCard 3.0 and 4.0 exactly, pairs grouped as Apple groups them", () => {
    for (const version of ["3.0", "4.0"] as const) {
      const text = writeVCard(person, version);
      expect(text).toContain("item1.ORG:Royal Society;Council\r\nitem1.TITLE:Fellow");
      expect(text).toContain("X-ABLabel:Gym\\; Pool");
      const read = readVCardFile(new TextEncoder().encode(text));
      expect(kept(read.people[0]?.draft)).toEqual(expected);
      expect(read.problems).toEqual([]);
    }
  });

  it("read back from our CSV and Google CSV; HubSpot has no place for them", () => {
    const record = { ...person, id: 1, createdAt: new Date() };
    for (const layout of ["generic", "google"] as const) {
      const read = readCsvFile(toCsv([record], layout));
      const got = kept(read.people[0]?.draft);
      // Our own layout files emails and phones by label column; one under a label of the person's own goes in a
      // numbered column with its word, so it survives as Google's does.
      expect(got).toEqual(expected);
    }
    expect(toCsv([record], "hubspot")).not.toContain("sip:");
  });
});

describe("Company cards and WebP photos (issue 42)", () => {
  const base = { uid: "org-1", tags: [], updatedAt: new Date(0) };
  it("write a company as an organisation, with no invented given name, and read it back as one", () => {
    const acme = { ...base, displayName: "Acme Robotics", organization: "Acme Robotics" };
    const four = writeVCard(acme, "4.0");
    const three = writeVCard(acme, "3.0");
    expect(four).toContain("\r\nKIND:org\r\n");
    expect(three).toContain("\r\nX-ABShowAs:COMPANY\r\n");
    for (const text of [four, three]) {
      expect(text).toContain("\r\nN:;;;;\r\n");
      const back = readVCardFile(text).people[0]?.draft;
      expect(back?.displayName).toBe("Acme Robotics");
      expect(back?.organization).toBe("Acme Robotics");
      expect(Object.values(back?.name ?? {}).filter(Boolean)).toEqual([]);
    }
    // A person who works there is still a person.
    const ada = writeVCard({ ...acme, displayName: "Ada Byron", name: { given: "Ada", family: "Byron" } }, "4.0");
    expect(ada).not.toContain("KIND:org");
    expect(ada).toContain("\r\nN:Byron;Ada;;;\r\n");
  });

  it("export a WebP photo in vCard 4.0 and 3.0, and read it back", () => {
    // The smallest WebP: RIFF....WEBPVP8L header bytes, enough for the writer, which copies bytes as given.
    const base64 = btoa(
      "RIFF\u001a\u0000\u0000\u0000WEBPVP8L\r\u0000\u0000\u0000/\u0000\u0000\u0000\u0010\u0007\u0010\u0011\u0011\u0088\u0088\u00fe\u0007\u0000",
    );
    const card = { ...base, displayName: "Wen Li", photo: { mediaType: "image/webp", base64 } };
    expect(writeVCard(card, "4.0")).toContain(`PHOTO:data:image/webp;base64,${base64.slice(0, 20)}`);
    const three = writeVCard(card, "3.0");
    expect(three).toContain("PHOTO;ENCODING=b;TYPE=WEBP:");
    expect(readVCardFile(three).people[0]?.draft.photo).toEqual({ mediaType: "image/webp", base64 });
  });
});
