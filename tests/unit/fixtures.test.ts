import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCsvFile } from "~/lib/formats/csv-read";
import { readVCardFile } from "~/lib/formats/vcard-read";
import type { PersonDraft } from "~/lib/people/draft";
import type { ReadResult } from "~/lib/people/read";

/**
 * Every fixture file (tests/fixtures/README.md says where each comes from), with what is kept from it.
 * `kept` is the set of PersonDraft fields at least one person in the file has after import.
 */

const read = (path: string): ReadResult => {
  const bytes = new Uint8Array(readFileSync(`tests/fixtures/${path}`));
  return path.endsWith(".vcf") ? readVCardFile(bytes) : readCsvFile(bytes);
};

const keptFields = (r: ReadResult) =>
  [...new Set(r.people.flatMap((p) => Object.keys(p.draft).filter((k) => k !== "displayName")))].sort();

type Expectation = { people: number; kept: string[]; check?: (p: PersonDraft[], r: ReadResult) => void };

const EZ = "vcard/ez-vcard";
const AOSP = "vcard/android";
const EXPECTED: Record<string, Expectation> = {
  [`${EZ}/John_Doe_ANDROID.vcf`]: {
    people: 6,
    kept: ["emails", "name", "note", "organization", "otherRoles", "phones", "tags", "websites"],
    check: (p, r) => {
      expect(p[4]?.websites?.map((w) => w.value)).toContain("https://www.company.com");
      // Its one photo is cut short in the file (1,169 base64 characters): reported, not stored broken.
      expect(r.problems.filter((x) => x.message.startsWith("Photo"))).toEqual([
        { row: 5, message: "Photo is not a readable image; left out", skipped: false },
      ]);
      // Cards with a second ORG keep it as a further organisation of its own.
      expect(p.map((x) => x.otherRoles?.length ?? 0)).toEqual([0, 0, 0, 0, 1, 2]);
    },
  },
  [`${EZ}/John_Doe_BLACK_BERRY.vcf`]: { people: 1, kept: ["name", "organization", "phones", "photo"] },
  [`${EZ}/John_Doe_EVOLUTION.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "externalId",
      "name",
      "note",
      "organization",
      "phones",
      "tags",
      "title",
      "websites",
    ],
    check: (p) => expect(p[0]?.websites?.[0]?.value).toBe("http://www.ibm.com"),
  },
  [`${EZ}/John_Doe_GMAIL.vcf`]: {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "title", "websites"],
    check: (p) => {
      expect(p[0]?.note).toContain('"AS IS"');
      expect(p[0]?.note).not.toContain('\\"');
    },
  },
  [`${EZ}/John_Doe_IPHONE.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "organization",
      "phones",
      "photo",
      "title",
      "websites",
    ],
    check: (p) => {
      expect(p[0]?.phones).toHaveLength(7);
      expect(p[0]?.photo?.base64.length).toBeGreaterThan(40_000);
    },
  },
  [`${EZ}/John_Doe_LOTUS_NOTES.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "externalId",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "role",
      "title",
      "websites",
    ],
    check: (p) => expect(p[0]?.emails).toHaveLength(2),
  },
  [`${EZ}/John_Doe_MAC_ADDRESS_BOOK.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "title",
      "websites",
    ],
    check: (p) => expect(p[0]?.addresses).toHaveLength(2),
  },
  [`${EZ}/John_Doe_MS_OUTLOOK.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "role",
      "title",
      "websites",
    ],
  },
  [`${EZ}/fullcontact.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "otherRoles",
      "phones",
      "tags",
      "title",
      "websites",
    ],
    check: (p) => {
      expect(p[0]?.otherRoles).toEqual([{ organization: "Organization2", department: "Department2", title: "Title2" }]);
      expect(p[0]?.emails).toHaveLength(5);
      expect(p[0]?.phones).toHaveLength(9);
    },
  },
  [`${EZ}/gmail-list.vcf`]: { people: 3, kept: ["emails", "name"] },
  [`${EZ}/gmail-single.vcf`]: {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "title", "websites"],
  },
  [`${EZ}/gmail-single2.vcf`]: {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "title", "websites"],
    check: (p) => expect(p[0]?.websites).toHaveLength(6),
  },
  [`${EZ}/outlook-2003.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "role",
      "title",
      "websites",
    ],
    check: (p) => expect(p[0]?.note).toBe("This is the note field!!\nSecond line\n\nThird line is empty"),
  },
  [`${EZ}/outlook-2007.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "role",
      "title",
      "websites",
    ],
  },
  [`${EZ}/rfc2426-example.vcf`]: { people: 2, kept: ["addresses", "emails", "organization", "phones", "websites"] },
  [`${EZ}/rfc6350-example.vcf`]: {
    people: 1,
    // BDAY:--0203 has no year: kept as a birthday without one (issue 42).
    kept: ["addresses", "birthday", "emails", "name", "organization", "phones", "websites"],
    check: ([p]) => expect(p?.birthday).toBe("--02-03"),
  },
  [`${EZ}/thunderbird-MoreFunctionsForAddressBook-extension.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "tags",
      "title",
      "websites",
    ],
  },
  // Group cards are skipped and named, never made into people (issue 42).
  "vcard/synthetic/apple-group-3.0.vcf": {
    people: 1,
    kept: ["externalId", "name", "phones"],
    check: ([p], r) => {
      expect(p?.displayName).toBe("Chidi Okafor");
      expect(r.problems).toEqual([
        {
          row: 2,
          message: `"Gala volunteers" is a contact group, not a person; skipped (tags are KnowWho's groups)`,
          skipped: true,
        },
      ]);
    },
  },
  "vcard/synthetic/fastmail-group-4.0.vcf": {
    people: 1,
    kept: ["emails", "externalId", "name"],
    check: ([p], r) => {
      expect(p?.displayName).toBe("Priya Raman");
      expect(r.problems.map((x) => [x.row, x.message, x.skipped])).toEqual([
        [2, `"Board members" is a contact group, not a person; skipped (tags are KnowWho's groups)`, true],
      ]);
    },
  },
  "vcard/synthetic/quirks-3.0.vcf": {
    people: 2,
    kept: ["birthday", "emails", "externalId", "name", "note", "phones", "photo", "socials", "tags", "websites"],
    check: ([jane, bo]) => {
      // The later PREF=1 email comes first; a "Name" <addr> email keeps the address; the group's label applies.
      expect(jane?.emails).toEqual([
        { value: "jane@home.example", label: "home", preferred: true },
        { value: "omega@example.com", label: "other" },
        { value: "jane@work.example", label: "work" },
      ]);
      expect(jane?.websites?.map((w) => w.value)).toEqual(["http://plain-http.example/page", "https://blog.example"]);
      expect(jane?.note).toBe('She said "hi", then left; twice.\nSecond line');
      expect(jane?.tags).toEqual(["Donor", "Board, 2026"]);
      expect(bo?.phones?.[0]).toEqual({ value: "+1-415-555-2671", label: "mobile", preferred: true });
      expect(bo?.photo?.mediaType).toBe("image/jpeg");
    },
  },
  "vcard/synthetic/quoted-printable-2.1.vcf": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "phones"],
    check: ([p]) => {
      expect(p?.name).toEqual({ family: "Müller", given: "Jürgen" });
      expect(p?.displayName).toBe("Jürgen Müller");
      expect(p?.addresses?.[0]).toMatchObject({ street: "Straße 1", locality: "Zürich" });
      expect(p?.note).toMatch(/^Erste Zeile\nZweite Zeile, die so lang ist, dass sie umbrochen wird/);
    },
  },
  "vcard/synthetic/shift_jis-charset-2.1.vcf": {
    people: 1,
    kept: ["emails", "name", "organization", "phones"],
    check: ([p], r) => {
      expect(p?.displayName).toBe("山田 太郎");
      expect(p?.organization).toBe("株式会社サンプル");
      expect(r.encoding).toBe("shift_jis");
    },
  },
  "vcard/synthetic/shift_jis-no-charset-3.0.vcf": {
    people: 1,
    kept: ["name", "phones", "title"],
    check: ([p]) => expect(p?.title).toBe("営業部長"),
  },
  "vcard/synthetic/utf-16be-no-bom-3.0.vcf": {
    people: 1,
    kept: ["name", "phones"],
    check: ([p]) => expect(p?.displayName).toBe("Søren Kierkegård"),
  },
  "vcard/synthetic/utf-16le-bom-3.0.vcf": {
    people: 1,
    kept: ["addresses", "emails", "name"],
    check: ([p]) => expect(p?.addresses?.[0]?.locality).toBe("Gdańsk"),
  },
  // A Polish card saved in Windows-1250 without CHARSET: ł, ą, ż read as letters, not as ³ ¹ ¿.
  "vcard/synthetic/windows-1250-3.0.vcf": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "organization", "phones", "title"],
    check: ([p], r) => {
      expect(r.encoding).toBe("windows-1250");
      expect([p?.displayName, p?.organization, p?.title, p?.note, p?.addresses?.[0]?.locality]).toEqual([
        "Jadwiga Żółkiewska",
        "Fundacja Łączy Nas",
        "Członkini zarządu",
        "Zażółć gęślą jaźń",
        "Łódź",
      ]);
    },
  },
  "vcard/synthetic/windows-1252-2.1.vcf": {
    people: 1,
    kept: ["emails", "name", "note", "organization", "phones"],
    check: ([p]) =>
      expect([p?.displayName, p?.organization, p?.note]).toEqual(["Zoë Müller", "Café Crème", "Grüße aus Zürich"]),
  },
  [`${AOSP}/v21_adr_multiple_line.vcf`]: {
    people: 1,
    kept: ["addresses", "birthday", "name", "websites"],
    check: ([p]) => {
      // A street over three lines, each ended by a backslash: one address, not two broken lines.
      expect(p?.addresses?.[1]).toMatchObject({ locality: "Hamburg", postalCode: "99999", country: "Deutschland" });
      expect(p?.addresses?.[1]?.street).toBe("Hermann v. Brevern\n9999999\nPackstation 999");
      expect(p?.websites?.[0]?.value).toBe("http://bogus.com/");
    },
  },
  [`${AOSP}/v21_android_custom_prop.vcf`]: {
    people: 0,
    kept: [],
    check: (_p, r) => expect(r.problems).toEqual([{ row: 1, message: "No name, email or phone", skipped: true }]),
  },
  [`${AOSP}/v21_backslash.vcf`]: {
    people: 1,
    kept: ["name"],
    check: ([p]) => {
      // vCard 2.1 has no text escapes: FN is kept as written; N unescapes only \\;, \\\\ and \\:.
      expect(p?.displayName).toBe("A;B\\C\\;D:E\\\\");
      expect(p?.name).toEqual({ given: "A;B\\", middle: "C\\;", prefix: "D", suffix: ":E" });
    },
  },
  [`${AOSP}/v21_base64_no_2_crlf.vcf`]: {
    people: 1,
    kept: ["name", "photo"],
  },
  [`${AOSP}/v21_blackberry_photo.vcf`]: {
    people: 1,
    kept: ["emails", "name", "phones", "photo"],
  },
  [`${AOSP}/v21_complicated.vcf`]: {
    people: 1,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "photo",
      "role",
      "title",
      "websites",
    ],
  },
  [`${AOSP}/v21_im.vcf`]: {
    people: 1,
    kept: [],
    check: ([p]) => expect(p?.displayName).toBe("Nick"),
  },
  [`${AOSP}/v21_invalid_comment_line.vcf`]: {
    people: 1,
    kept: ["externalId", "name", "note"],
    check: ([p]) => expect(p?.note).toBe("This is an (sharp ->#<- sharp) example. This message must NOT be ignored."),
  },
  [`${AOSP}/v21_invalid_multiple_line.vcf`]: {
    people: 1,
    kept: ["emails", "name"],
  },
  [`${AOSP}/v21_japanese_1.vcf`]: {
    people: 1,
    kept: ["name", "phones"],
  },
  [`${AOSP}/v21_japanese_2.vcf`]: {
    people: 1,
    kept: ["addresses", "name", "note"],
    check: ([p], r) => {
      expect(r.encoding).toBe("shift_jis");
      expect(p?.displayName).toBe("安藤 ロイド 1");
    },
  },
  [`${AOSP}/v21_japanese_3.vcf`]: {
    people: 1,
    kept: ["name"],
  },
  [`${AOSP}/v21_malformed_photo.vcf`]: {
    people: 1,
    kept: ["name"],
    check: (_p, r) =>
      expect(r.problems).toEqual([{ row: 1, message: "Photo is not a readable image; left out", skipped: false }]),
  },
  [`${AOSP}/v21_multiple_entry.vcf`]: {
    people: 3,
    kept: ["name", "phones"],
    check: (p) => expect(p.map((x) => x.displayName)).toEqual(["安藤ロイド3", "安藤ロイド4", "安藤ロイド5"]),
  },
  [`${AOSP}/v21_nest.vcf`]: {
    people: 3,
    kept: ["name", "phones"],
    check: (p, r) => {
      expect(p.map((x) => x.displayName)).toEqual(["nest1", "nest2", "parent"]);
      expect(p[2]?.phones?.[0]?.value).toBe("1");
      expect(r.problems).toEqual([]);
    },
  },
  [`${AOSP}/v21_org_before_title.vcf`]: {
    people: 1,
    kept: ["department", "organization", "title"],
  },
  [`${AOSP}/v21_pref_handling.vcf`]: {
    people: 1,
    kept: ["emails", "organization", "otherRoles", "phones", "title"],
    check: ([p]) => {
      expect(p?.phones?.[0]).toEqual({ value: "2", label: "work", preferred: true });
      expect(p?.organization).toBe("Company");
      // ORG and TITLE pairs after the first, each title with its organisation.
      expect(p?.otherRoles).toEqual([
        { organization: "Mystery", title: "Blogger" },
        { organization: "Poetry", title: "Poet" },
      ]);
    },
  },
  [`${AOSP}/v21_simple_1.vcf`]: {
    people: 1,
    kept: ["name"],
  },
  [`${AOSP}/v21_simple_2.vcf`]: {
    people: 1,
    kept: [],
  },
  [`${AOSP}/v21_simple_3.vcf`]: {
    people: 1,
    kept: ["name"],
  },
  [`${AOSP}/v21_sip.vcf`]: {
    people: 1,
    kept: ["sips"],
    check: ([p]) => expect(p?.sips?.map((x) => x.value)).toEqual(["sip:888", "sip:90-180-360"]),
  },
  [`${AOSP}/v21_title_before_org.vcf`]: {
    people: 1,
    kept: ["department", "organization", "title"],
  },
  [`${AOSP}/v21_winmo_65.vcf`]: {
    people: 1,
    kept: ["name"],
  },
  [`${AOSP}/v21_x_android_custom_after_photo.vcf`]: {
    people: 1,
    kept: ["birthday", "name", "photo"],
  },
  [`${AOSP}/v21_x_param.vcf`]: {
    people: 1,
    kept: ["addresses", "emails", "name", "phones"],
  },
  [`${AOSP}/v30_comma_separated.vcf`]: {
    people: 1,
    kept: ["name", "phones"],
  },
  [`${AOSP}/v30_ios_613_multiline.vcf`]: {
    people: 1,
    kept: ["emails", "name", "organization", "phones", "photo", "websites"],
    check: ([p]) => expect(p?.photo?.mediaType).toBe("image/jpeg"),
  },
  [`${AOSP}/v30_japanese.vcf`]: {
    people: 1,
    kept: ["name"],
  },
  [`${AOSP}/v30_multibyte_param.vcf`]: {
    people: 1,
    kept: ["name", "phones"],
  },
  [`${AOSP}/v30_pager.vcf`]: {
    people: 1,
    kept: ["name", "phones"],
  },
  [`${AOSP}/v30_pause_wait.vcf`]: {
    people: 1,
    kept: ["name", "phones"],
  },
  [`${AOSP}/v30_simple.vcf`]: {
    people: 1,
    kept: ["department", "name", "organization", "phones"],
  },
  [`${AOSP}/v30_sip.vcf`]: {
    people: 1,
    kept: ["sips"],
    check: ([p]) => expect(p?.sips).toEqual([{ value: "sip:android@android.example.com", label: "other" }]),
  },
  [`${AOSP}/v40_sip.vcf`]: {
    people: 1,
    kept: ["name", "phones", "sips"],
    check: ([p]) => {
      expect(p?.phones).toEqual([{ value: "1", label: "home" }]);
      expect(p?.sips).toEqual([{ value: "sip:example@example.com", label: "home" }]);
    },
  },
  [`${AOSP}/v40_sort_as.vcf`]: {
    people: 1,
    kept: ["department", "name", "organization"],
  },
  "csv/broken-quote.csv": {
    people: 1,
    kept: ["emails", "organization"],
    check: (_, r) =>
      expect(r.problems).toEqual([
        { row: 3, message: expect.stringContaining("Quoted field unterminated"), skipped: true },
      ]),
  },
  // A one-row French Excel CSV in Windows-1252: its bytes also decode as Shift_JIS (Hélène as H駘ne).
  // Eventbrite's attendee export: the cell phone and the home address have an obvious home (issue 42).
  "csv/eventbrite-attendees.csv": {
    people: 1,
    kept: ["addresses", "emails", "name", "organization", "phones", "title"],
    check: ([p]) => {
      expect(p?.phones).toEqual([{ value: "+34 612 345 678", label: "mobile" }]);
      expect(p?.addresses).toEqual([
        {
          label: "home",
          street: "Calle Mayor 10",
          extended: "2º B",
          locality: "Madrid",
          region: "Madrid",
          postalCode: "28013",
          country: "ES",
        },
      ]);
    },
  },
  "csv/excel-fr-windows-1252.csv": {
    people: 1,
    kept: ["emails", "name"],
    check: ([p], r) => {
      expect(r.encoding).toBe("windows-1252");
      expect(p?.name).toEqual({ given: "Hélène", family: "Dupont" });
    },
  },
  "csv/google-current.csv": {
    people: 2,
    kept: [
      "addresses",
      "birthday",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "socials",
      "tags",
      "title",
      "websites",
    ],
    check: ([p]) => {
      expect(p?.emails?.map((e) => e.value)).toEqual(["jm@luz.example", "jose@luz.example", "pepe@home.example"]);
      expect(p?.phones).toHaveLength(3);
      expect(p?.tags).toEqual(["Donors", "Board"]);
      expect(p?.socials).toEqual([{ service: "linkedin", value: "https://www.linkedin.com/in/jmnunez" }]);
    },
  },
  "csv/google-legacy.csv": {
    people: 1,
    kept: ["department", "emails", "name", "note", "organization", "phones", "tags", "title", "websites"],
    check: ([p]) => expect(p?.tags).toEqual(["VIP"]),
  },
  "csv/hubspot.csv": {
    people: 3,
    kept: ["addresses", "emails", "name", "organization", "phones", "status", "title", "websites"],
    check: (p) => expect(p.map((x) => x.status)).toEqual(["Active", "Archived", "Pending"]),
  },
  "csv/linkedin-connections.csv": {
    people: 2,
    kept: ["connectedOn", "emails", "name", "organization", "socials", "title"],
    check: ([ana]) =>
      expect(ana).toMatchObject({
        title: "Director of Partnerships",
        connectedOn: "2024-03-14",
        organization: "Open Futures",
      }),
  },
  "csv/numbers-semicolon.csv": { people: 2, kept: ["emails", "note", "organization", "phones"] },
  "csv/outlook-unicode.txt.csv": {
    people: 2,
    kept: ["addresses", "birthday", "emails", "name", "organization", "phones", "tags", "title", "websites"],
    check: (p, r) => {
      expect(r.encoding).toBe("utf-16le");
      expect(p[1]?.phones).toEqual([{ value: "+34 93 555 0101", label: "work" }]);
    },
  },
  "csv/outlook.csv": {
    people: 2,
    kept: ["addresses", "birthday", "emails", "name", "organization", "phones", "tags", "title", "websites"],
    check: (p, r) => {
      // Priority "High" is the flag Outlook puts on emails to Amara, not how much she matters to the owner.
      expect(p[0]?.priority).toBeUndefined();
      expect(r.problems).toEqual([
        {
          row: 1,
          message: `Column "Priority" is Outlook's email priority, not the person's priority; not kept`,
          skipped: false,
        },
      ]);
      expect(p[0]?.name?.prefix).toBe("Ms.");
      expect(p[0]?.title).toBe("Partner");
      // Only a Business Phone: kept, though Mobile Phone is empty.
      expect(p[1]?.phones).toEqual([{ value: "+34 93 555 0101", label: "work" }]);
    },
  },
  // Outlook in German, the export that lost everything: 92 columns, Windows-1252, "Ort" is a location.
  "csv/outlook-de.csv": {
    people: 2,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "tags",
      "title",
      "websites",
    ],
    check: ([p, anna], r) => {
      expect(r.encoding).toBe("windows-1252");
      expect(p).toMatchObject({
        displayName: "Dr. Jürgen Karl Weiß MdB",
        name: { prefix: "Dr.", given: "Jürgen", middle: "Karl", family: "Weiß", suffix: "MdB" },
        organization: "Grünwald Stiftung",
        title: "Geschäftsführer",
        birthday: "1965-04-16",
        tags: ["Spender", "Vorstand"],
        note: "Trifft sich gern früh.",
      });
      expect(p?.emails?.map((e) => e.value)).toEqual(["juergen@gruenwald.example", "j.weiss@posteo.example"]);
      expect(p?.phones?.map((x) => x.label).sort()).toEqual(["fax", "home", "mobile", "work"]);
      expect(p?.addresses?.map((a) => a.locality)).toEqual(["München", "Starnberg"]);
      // Outlook's empty birthday (0.0.00) is no date and no warning.
      expect(anna?.birthday).toBeUndefined();
      // Outlook's Priorität is its email flag: named once, at the header, and not taken as the person's.
      expect(r.problems).toEqual([
        {
          row: 1,
          message: `Column "Priorität" is Outlook's email priority, not the person's priority; not kept`,
          skipped: false,
        },
        // Outlook's Ort is the office location, a value with no field of ours: named, by row.
        { row: 2, message: `Column "Ort" ("Raum 4") not kept`, skipped: false },
      ]);
      expect(p?.priority).toBeUndefined();
    },
  },
  "csv/outlook-es.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "tags", "title"],
    check: ([p], r) => {
      expect(r.encoding).toBe("windows-1252");
      expect(p).toMatchObject({ displayName: "Íñigo Ruiz Peña", birthday: "1980-03-02" });
      expect(p?.emails).toHaveLength(2);
    },
  },
  "csv/outlook-fr.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "tags", "title", "websites"],
    check: ([p]) =>
      expect(p).toMatchObject({
        displayName: "Hélène Lefèvre",
        name: { given: "Hélène", family: "Lefèvre" },
        birthday: "1978-02-03",
        organization: "Fondation Étoile",
      }),
  },
  // French Outlook's two "Titre" columns: the courtesy title first, the job title after Service (issue 42).
  "csv/outlook-fr-two-titre.csv": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "organization", "phones", "title"],
    check: ([p], r) => {
      expect(p?.name).toEqual({ prefix: "Mme", given: "Claire", family: "Martin" });
      expect(p?.title).toBe("Responsable des partenariats");
      // The email's display name is Outlook's bookkeeping, not a column left out.
      expect(r.problems.map((x) => x.message).join("\n")).not.toContain("Nom complet");
    },
  },
  "csv/outlook-it.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "tags", "title"],
    check: ([p]) => {
      expect(p).toMatchObject({ displayName: "Niccolò Rossi", birthday: "1970-12-25" });
      expect(p?.phones?.map((x) => x.label).sort()).toEqual(["home", "mobile", "work"]);
    },
  },
  "csv/outlook-ja.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "tags", "title"],
    check: ([p], r) => {
      expect(r.encoding).toBe("shift_jis");
      expect(p).toMatchObject({
        displayName: "山田花子",
        name: { given: "花子", family: "山田" },
        birthday: "1975-04-01",
      });
    },
  },
  // Polish Outlook: the whole header row, Windows-1250, `;`.
  "csv/outlook-pl.csv": {
    people: 2,
    kept: [
      "addresses",
      "birthday",
      "department",
      "emails",
      "name",
      "note",
      "organization",
      "phones",
      "tags",
      "title",
      "websites",
    ],
    check: ([p, pawel], r) => {
      expect(r.encoding).toBe("windows-1250");
      expect(p).toMatchObject({
        displayName: "Pani Małgorzata Świątek-Żuławska",
        name: { prefix: "Pani", given: "Małgorzata", family: "Świątek-Żuławska" },
        organization: "Fundacja Światło",
        department: "Rozwój",
        title: "Prezes zarządu",
        birthday: "1965-04-16",
        tags: ["Darczyńcy", "Zarząd"],
        note: "Poznana na gali w Łodzi; woli kontakt rano.",
        addresses: [
          { label: "work", street: "ul. Długa 5", locality: "Gdańsk", postalCode: "80-827", country: "Polska" },
        ],
      });
      expect(p?.phones?.map((x) => x.label)).toEqual(["work", "mobile"]);
      expect(pawel).toMatchObject({ displayName: "Paweł Łukasiewicz", phones: [{ value: "+48 512 345 678" }] });
      expect(r.problems.map((x) => `${x.row} ${x.message}`)).toEqual([
        `1 Column "Priorytet" is Outlook's email priority, not the person's priority; not kept`,
        `2 Column "Płeć" ("Nieokreślona") not kept`,
        `3 Column "Płeć" ("Nieokreślona") not kept`,
      ]);
    },
  },
  "csv/outlook-nl.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones", "tags", "title"],
    check: ([p]) =>
      expect(p).toMatchObject({ displayName: "Sanne de Vries", birthday: "1985-05-01", title: "Directeur" }),
  },
  // Apple Numbers on a German Mac: BOM, semicolons, German column names; "Ort" here is the city.
  // Mailchimp's audience export: its tags quoted one by one, a birthday without a year (issue 42).
  // Its CC and REGION are where the sign-up's IP address was, not the person's address: never read as one.
  "csv/mailchimp-audience.csv": {
    people: 1,
    kept: ["birthday", "emails", "name", "phones", "tags"],
    check: ([p], r) => {
      expect(p?.tags).toEqual(["Donor", "Gala 2024"]);
      expect(p?.birthday).toBe("--06-15");
      expect(p?.addresses).toBeUndefined();
      // Mailchimp's own columns (rating, opt-in IP, ids) are its bookkeeping, not named row by row.
      expect(r.problems).toEqual([]);
    },
  },
  "csv/numbers-german.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "note", "organization", "phones"],
    check: ([p]) => {
      expect(p?.addresses).toEqual([
        { label: "other", street: "Elbchaussee 1", postalCode: "22763", locality: "Hamburg", country: "Deutschland" },
      ]);
      expect(p?.phones).toHaveLength(2);
      expect(p?.birthday).toBe("1990-12-24");
    },
  },
  "csv/spreadsheet-polish.csv": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "organization", "phones", "title"],
    check: ([p]) => expect(p?.displayName).toBe("Łukasz Wójcik"),
  },
  "csv/spreadsheet-portuguese.csv": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "organization", "phones", "title"],
    check: ([p]) => expect(p?.name).toEqual({ given: "João", family: "Araújo" }),
  },
  // A Brazilian spreadsheet in Windows-1252 whose accents form valid Shift_JIS pairs (João as Jo縊).
  // Popl-style leads: a comma-separated tag list in one cell (issue 42).
  "csv/popl-leads.csv": {
    people: 1,
    kept: ["emails", "name", "note", "organization", "phones", "tags", "title"],
    check: ([p]) => expect(p?.tags).toEqual(["Hot lead", "Dubai 2025"]),
  },
  // A Salesforce contacts report: the account is the organisation, the mailing address and birth date are kept (issue 42).
  "csv/salesforce-contacts-report.csv": {
    people: 1,
    kept: ["addresses", "birthday", "emails", "name", "organization", "phones", "title"],
    check: ([p], r) => {
      expect(p).toMatchObject({ organization: "Mensah Holdings", birthday: "1980-07-21" });
      expect(p?.addresses?.[0]).toMatchObject({ street: "14 Independence Ave", locality: "Accra", country: "Ghana" });
      expect(r.problems.map((x) => x.message)).toEqual(['Column "Lead Source" ("Web") not kept']);
    },
  },
  "csv/spreadsheet-br-windows-1252.csv": {
    people: 1,
    kept: ["emails", "name", "organization"],
    check: ([p], r) => {
      expect(r.encoding).toBe("windows-1252");
      expect(p?.displayName).toBe("João Araújo");
      expect(p?.organization).toBe("Padaria São João");
    },
  },
  "csv/spreadsheet-swedish.csv": {
    people: 1,
    kept: ["addresses", "emails", "name", "note", "organization", "phones", "title"],
    check: ([p]) => expect(p?.addresses?.[0]?.locality).toBe("Stockholm"),
  },
  "csv/windows-1252.csv": {
    people: 1,
    kept: ["emails", "name", "note", "organization"],
    check: ([p]) => expect(p?.note).toBe("Grüße – bis bald"),
  },
};

describe("fixture files", () => {
  it("lists every fixture file", () => {
    const files = ["vcard/ez-vcard", "vcard/android", "vcard/synthetic", "csv"].flatMap((d) =>
      readdirSync(`tests/fixtures/${d}`)
        .filter((f) => /\.(vcf|csv)$/.test(f))
        .map((f) => `${d}/${f}`),
    );
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED))
    it(`${file}: ${expected.people} people, keeps ${expected.kept.join(", ")}`, () => {
      const r = read(file);
      expect(r.people).toHaveLength(expected.people);
      expect(keptFields(r)).toEqual(expected.kept);
      for (const p of r.people) expect(p.draft.displayName).toBeTruthy();
      expected.check?.(
        r.people.map((p) => p.draft),
        r,
      );
    });
});
