import { describe, expect, it } from "vitest";
import { buildVCard, writeVCard, writeVCards } from "~/lib/formats/vcard";
import { readVCardFile } from "~/lib/formats/vcard-read";
import type { PersonRecord } from "~/lib/people/draft";

const JPEG =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APvT/9k=";

const fullPerson = (over: Partial<PersonRecord> = {}): PersonRecord => ({
  id: 7,
  uid: "person-7@knowwho.test",
  displayName: "José María Núñez-O'Brien 🚀",
  name: { prefix: "Dr.", given: "José María", middle: "Luis", family: "Núñez-O'Brien", suffix: "PhD" },
  emails: [
    { value: "jm@luz.example", label: "work", preferred: true },
    { value: "pepe@home.example", label: "home" },
  ],
  phones: [
    { value: "+41446681800", label: "work" },
    { value: "+14155552671", label: "mobile", preferred: true },
    { value: "+14155550100", label: "fax" },
  ],
  websites: [
    { value: "https://x.org/?a=1,2;b=3", label: "work" },
    { value: "http://plain-http.example/", label: "home" },
  ],
  socials: [
    { service: "linkedin", value: "https://www.linkedin.com/in/jm?x=1,2" },
    { service: "x", value: "https://x.com/jm" },
  ],
  addresses: [
    { label: "work", street: "1 Main St; Suite 2", locality: "Portland, OR", postalCode: "97201", country: "USA" },
  ],
  title: "Director, Partnerships",
  organization: "Fundación Luz; Madrid",
  department: "Development",
  note: 'Line one; two, three\nLine "four" \\ five',
  tags: ["Donors", "Board, 2026"],
  birthday: "1979-11-02",
  status: "Active",
  priority: "high",
  connectedOn: "2024-03-14",
  createdAt: new Date("2026-01-01T00:00:00Z"),
  updatedAt: new Date("2026-11-20T10:11:12Z"),
  ...over,
});

describe("vCard writer", () => {
  it("writes a structured N from the stored name and URIs without text escaping", () => {
    const text = writeVCard({ ...fullPerson(), photo: { mediaType: "image/jpeg", base64: JPEG } });
    const unfolded = text.replace(/\r\n /g, "");
    expect(unfolded).toContain("N:Núñez-O'Brien;José María;Luis;Dr.;PhD\r\n");
    expect(unfolded).toContain("FN:José María Núñez-O'Brien 🚀\r\n");
    expect(unfolded).toContain("URL;TYPE=WORK:https://x.org/?a=1,2;b=3\r\n");
    expect(unfolded).toContain("URL;TYPE=HOME:http://plain-http.example/\r\n");
    expect(unfolded).toContain("X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/jm?x=1,2\r\n");
    expect(unfolded).toContain("ADR;TYPE=WORK:;;1 Main St\\; Suite 2;Portland\\, OR;;97201;USA\r\n");
    expect(unfolded).toContain("ORG:Fundación Luz\\; Madrid;Development\r\n");
    expect(unfolded).toContain("CATEGORIES:Donors,Board\\, 2026\r\n");
    expect(unfolded).toContain("TEL;TYPE=CELL,VOICE,PREF:+14155552671\r\n");
    expect(unfolded).toContain("UID:person-7@knowwho.test\r\n");
    expect(unfolded).toContain("REV:2026-11-20T10:11:12Z\r\n");
    expect(unfolded).toContain(`PHOTO;ENCODING=b;TYPE=JPEG:${JPEG}\r\n`);
    expect(unfolded.match(/^NOTE:/gm)).toHaveLength(1);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).byteLength).toBeLessThanOrEqual(75);
  });

  it("never guesses a family name when no structured name is stored", () => {
    const text = writeVCard(fullPerson({ name: undefined }));
    expect(text).toContain("N:;José María Núñez-O'Brien 🚀;;;\r\n");
  });

  it("writes 4.0 with tel: and data: URIs", () => {
    const text = writeVCard({ ...fullPerson(), photo: { mediaType: "image/jpeg", base64: JPEG } }, "4.0").replace(
      /\r\n /g,
      "",
    );
    expect(text).toContain("VERSION:4.0");
    expect(text).toContain("TEL;VALUE=uri;TYPE=cell,voice;PREF=1:tel:+14155552671");
    expect(text).toContain(`PHOTO:data:image/jpeg;base64,${JPEG}`);
    expect(text).toContain("REV:20261120T101112Z");
  });

  it("reads back everything it writes, in 3.0 and 4.0", () => {
    for (const version of ["3.0", "4.0"] as const) {
      const p = fullPerson();
      const text = writeVCards(
        [{ ...p, photo: { mediaType: "image/jpeg", base64: JPEG } }, fullPerson({ id: 8, uid: "u8" })],
        version,
      );
      const read = readVCardFile(new TextEncoder().encode(text));
      expect(read.problems).toEqual([]);
      expect(read.people).toHaveLength(2);
      const back = read.people[0]?.draft;
      expect(back).toMatchObject({
        displayName: p.displayName,
        name: p.name,
        title: p.title,
        organization: p.organization,
        department: p.department,
        note: p.note,
        tags: p.tags,
        birthday: p.birthday,
        status: p.status,
        priority: p.priority,
        connectedOn: p.connectedOn,
        externalId: p.uid,
        photo: { mediaType: "image/jpeg", base64: JPEG },
      });
      const sortByValue = <T extends { value: string }>(l: T[] | undefined) =>
        [...(l ?? [])].sort((a, b) => a.value.localeCompare(b.value));
      expect(sortByValue(back?.emails)).toEqual(sortByValue(p.emails));
      expect(sortByValue(back?.phones)).toEqual(sortByValue(p.phones));
      expect(sortByValue(back?.websites)).toEqual(sortByValue(p.websites));
      expect(back?.socials).toEqual(p.socials);
      expect(back?.addresses).toEqual(p.addresses);
    }
  });

  it("writes a card's file with one complete note, the city in the locality and a stable UID", () => {
    const card = {
      id: 3,
      slug: "ann-lee",
      name: "Ann Lee",
      title: null,
      company: null,
      email: "ann@lee.example",
      phone: "+14155552671",
      website: null,
      linkedin: null,
      location: "Portland, OR",
      notes: "My own note",
      socialAccounts: [],
      additionalContacts: [{ id: "1", type: "generic" as const, value: "Signal: ann.01" }],
    };
    const a = buildVCard(card, "https://knowwho.test/c/ann-lee");
    const b = buildVCard(card, "https://knowwho.test/c/ann-lee");
    expect(a).toContain("ADR;TYPE=WORK:;;;Portland\\, OR;;;\r\n");
    expect(a).toContain("NOTE:My own note\\n\\nSignal: ann.01\r\n");
    expect(a).toContain("UID:card-ann-lee@knowwho.test\r\n");
    expect(a.match(/^UID:.*$/m)?.[0]).toBe(b.match(/^UID:.*$/m)?.[0]);
    expect(readVCardFile(a).people[0]?.draft.note).toBe("My own note\n\nSignal: ann.01");
  });
});

/** Its speed at 1x and 4x the size is measured by `npm run bench` (bench/linear-readers.ts), not asserted here. */
describe("vCard reader at size", () => {
  it("reads an 840 KB quoted-printable file whole, with a single 400 KB value", () => {
    const card = (i: number) =>
      [
        "BEGIN:VCARD",
        "VERSION:2.1",
        `N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller${i};J=C3=BCrgen`,
        `NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${"Gr=C3=BC=C3=9Fe aus Z=C3=BCrich, =\r\n".repeat(8)}end`,
        "END:VCARD",
      ].join("\r\n");
    const cards: string[] = [];
    let size = 0;
    for (let i = 0; size < 840_000; i++) {
      const c = card(i);
      cards.push(c);
      size += c.length + 2;
    }
    // One more with a single 400 KB value: the case the old decoder took seconds on.
    const huge = `BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Huge\r\nNOTE;ENCODING=QUOTED-PRINTABLE:${"=41=42=43=44=\r\n".repeat(30_000)}\r\nEND:VCARD`;
    const file = new TextEncoder().encode(`${cards.join("\r\n")}\r\n${huge}\r\n`);
    expect(file.byteLength).toBeGreaterThan(840_000);
    const read = readVCardFile(file);
    expect(read.people.length).toBe(cards.length + 1);
    expect(read.people[0]?.draft.displayName).toBe("Jürgen Müller0");
    expect(read.people.at(-1)?.draft.note?.startsWith("ABCDABCD")).toBe(true);
  });
});
