import Papa from "papaparse";

/** The fields a connection has in files we read and write. */
export const CONTACT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "email",
  "phone",
  "title",
  "company",
  "website",
  "linkedin",
  "tags",
  "priority",
  "status",
  "eventName",
  "notes",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactDraft = Partial<Record<ContactField, string>>;

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 2_000_000;

// Header names used by Google Contacts, Outlook and HubSpot exports, and our own layouts.
const ALIASES: Record<ContactField, string[]> = {
  name: ["name", "full name", "display name"],
  firstName: ["first name", "given name", "firstname"],
  lastName: ["last name", "family name", "surname", "lastname"],
  email: ["email", "e-mail", "email address", "e-mail address", "e-mail 1 - value", "email 1 - value", "work email"],
  phone: [
    "phone",
    "phone number",
    "mobile phone",
    "mobile phone number",
    "business phone",
    "phone 1 - value",
    "primary phone",
    "home phone",
  ],
  title: ["title", "job title", "organization title", "organization 1 - title", "role"],
  company: ["company", "company name", "organization", "organization name", "organization 1 - name", "organisation"],
  website: ["website", "website url", "web page", "website 1 - value", "url"],
  linkedin: ["linkedin", "linkedin url", "linkedin profile"],
  tags: ["tags", "labels", "categories", "group membership"],
  priority: ["priority"],
  status: ["status", "lead status"],
  eventName: ["met at", "event", "event name"],
  notes: ["notes", "note", "description"],
};

const norm = (h: string) => h.trim().toLowerCase().replace(/\s+/g, " ");

/** For each field, the index of the column that most likely holds it, or -1. */
export function suggestMapping(headers: string[]): Record<ContactField, number> {
  const normalized = headers.map(norm);
  const used = new Set<number>();
  const mapping = {} as Record<ContactField, number>;
  for (const field of CONTACT_FIELDS) {
    let index = -1;
    for (const alias of ALIASES[field]) {
      const found = normalized.findIndex((h, i) => h === alias && !used.has(i));
      if (found > -1) {
        index = found;
        break;
      }
    }
    // Outlook's "Title" is an honorific when "Job Title" is also present.
    if (field === "title" && index > -1 && normalized[index] === "title" && normalized.includes("job title")) {
      index = normalized.indexOf("job title");
    }
    if (index > -1) used.add(index);
    mapping[field] = index;
  }
  return mapping;
}

export type ParsedCsv = { headers: string[]; rows: string[][]; errors: string[] };

export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [headers = [], ...rows] = result.data;
  const errors = result.errors.slice(0, 20).map((e) => `Row ${(e.row ?? 0) + 1}: ${e.message}`);
  return { headers: headers.map((h) => h.trim()), rows, errors };
}

/** Applies a mapping to one row; a first and last name make the name when no full name is given. */
export function rowToDraft(row: string[], mapping: Record<ContactField, number>): ContactDraft {
  const draft: ContactDraft = {};
  for (const field of CONTACT_FIELDS) {
    const i = mapping[field];
    const value = i > -1 ? row[i]?.trim() : undefined;
    if (value) draft[field] = value;
  }
  if (!draft.name) {
    const full = [draft.firstName, draft.lastName].filter(Boolean).join(" ");
    if (full) draft.name = full;
  }
  return draft;
}

/** Google and Outlook separate labels with " ::: " or ";"; we accept those and commas. */
export function splitTags(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\s*(?::::|;|,)\s*/)
    .map((t) => t.replace(/^\*\s*/, "").trim())
    .filter((t) => t && t.toLowerCase() !== "mycontacts" && t.toLowerCase() !== "* mycontacts");
}

export type ExportRow = {
  name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  company: string | null;
  website: string | null;
  linkedin: string | null;
  tags: string[];
  priority: string;
  status: string;
  eventName: string | null;
  notes: string | null;
  lastContactDate: string | null;
};

export const CSV_LAYOUTS = {
  generic: {
    label: "CSV",
    columns: [
      ["Name", (r: ExportRow) => r.name],
      ["Email", (r: ExportRow) => r.email],
      ["Phone", (r: ExportRow) => r.phone],
      ["Title", (r: ExportRow) => r.title],
      ["Company", (r: ExportRow) => r.company],
      ["Website", (r: ExportRow) => r.website],
      ["LinkedIn", (r: ExportRow) => r.linkedin],
      ["Tags", (r: ExportRow) => r.tags.join("; ")],
      ["Priority", (r: ExportRow) => r.priority],
      ["Status", (r: ExportRow) => r.status],
      ["Met at", (r: ExportRow) => r.eventName],
      ["Last contact", (r: ExportRow) => r.lastContactDate],
      ["Notes", (r: ExportRow) => r.notes],
    ],
  },
  hubspot: {
    label: "HubSpot CSV",
    columns: [
      ["First Name", (r: ExportRow) => splitName(r.name).first],
      ["Last Name", (r: ExportRow) => splitName(r.name).last],
      ["Email", (r: ExportRow) => r.email],
      ["Phone Number", (r: ExportRow) => r.phone],
      ["Job Title", (r: ExportRow) => r.title],
      ["Company Name", (r: ExportRow) => r.company],
      ["Website URL", (r: ExportRow) => r.website],
      ["LinkedIn Profile", (r: ExportRow) => r.linkedin],
      ["Lead Status", (r: ExportRow) => r.status],
      ["Notes", (r: ExportRow) => r.notes],
    ],
  },
} as const;
export type CsvLayout = keyof typeof CSV_LAYOUTS;

export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { first: parts[0] ?? "", last: "" };
  return { first: parts.slice(0, -1).join(" "), last: parts.at(-1) ?? "" };
}

/** Spreadsheet-formula characters that must not start a cell (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralize(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv(rows: ExportRow[], layout: CsvLayout = "generic"): string {
  const { columns } = CSV_LAYOUTS[layout];
  const data = rows.map((row) => columns.map(([, get]) => neutralize(String(get(row) ?? ""))));
  // Our own neutralisation above; papaparse quotes and escapes the rest.
  return `\uFEFF${Papa.unparse({ fields: columns.map(([header]) => header), data }, { newline: "\r\n", quotes: true })}\r\n`;
}

/** Labels for the column-mapping step of a CSV import. */
export const MAPPABLE_FIELDS: { field: ContactField; label: string }[] = CONTACT_FIELDS.map((field) => ({
  field,
  label: {
    name: "Full name",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone",
    title: "Title",
    company: "Company",
    website: "Website",
    linkedin: "LinkedIn",
    tags: "Tags",
    priority: "Priority",
    status: "Status",
    eventName: "Met at",
    notes: "Notes",
  }[field],
}));
