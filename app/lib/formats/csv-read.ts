import Papa from "papaparse";
import {
  type AddressLabel,
  type AddressPoint,
  type EmailLabel,
  type EmailPoint,
  type PersonDraft,
  type PhoneLabel,
  type PhonePoint,
  type RolePoint,
  type SipPoint,
  type SocialPoint,
  type WebsiteLabel,
  type WebsitePoint,
  yearlessBirthday,
} from "../people/draft";
import type { ReadPerson, ReadResult, RowProblem } from "../people/read";
import { isOwnKey, own } from "../text/own";
import { decodeFile, detectEncoding, REPLACEMENT, unreadableMessage } from "./charset";
import { englishHeaders } from "./csv-headers";
import { unguardFormula } from "./csv-write";
import { emailAddress, socialServiceOf } from "./vcard-read";

/**
 * Reads contacts exported as CSV by Google (current and legacy), Outlook, LinkedIn, HubSpot, Apple
 * Numbers or our own export. Every column is classified from its header, so a field can come from any
 * of several columns row by row (an Outlook contact with only a Business Phone keeps it), and every
 * parse problem is reported with its row.
 */

export const MAX_CSV_ROWS = 10_000;

type Slot =
  | { kind: "name"; part: "displayName" | "given" | "middle" | "family" | "prefix" | "suffix" }
  | { kind: "email"; label: EmailLabel; group?: string }
  | { kind: "phone"; label: PhoneLabel; group?: string }
  | { kind: "website"; label: WebsiteLabel; group?: string }
  | { kind: "pointLabel"; of: "email" | "phone" | "website" | "address" | "sip"; group: string }
  | { kind: "social"; service: string }
  | { kind: "address"; part: keyof Omit<AddressPoint, "label" | "preferred">; label: AddressLabel; group: string }
  | {
      kind: "text";
      field:
        | "organization"
        | "title"
        | "department"
        | "note"
        | "birthday"
        | "connectedOn"
        | "status"
        | "priority"
        | "eventName";
    }
  | { kind: "tags" }
  | { kind: "sip"; group: string }
  /** Google's "Custom Field N - Value": a SIP address when its label says so ("SIP (Work)"), else named. */
  | { kind: "custom"; group: string }
  | { kind: "role"; part: "organization" | "title" | "department"; group: string };

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

const ADDRESS_PARTS: Record<string, keyof Omit<AddressPoint, "label" | "preferred">> = {
  street: "street",
  "street 2": "extended",
  "street 3": "extended",
  "street address": "street",
  city: "locality",
  "po box": "poBox",
  "address po box": "poBox",
  "p.o. box": "poBox",
  region: "region",
  state: "region",
  "state/region": "region",
  "postal code": "postalCode",
  "zip code": "postalCode",
  zip: "postalCode",
  country: "country",
  "country/region": "country",
  "extended address": "extended",
  // Eventbrite's "Home Address 1/2", "Home Zip"; Salesforce's "Mailing State/Province", "Mailing Zip/Postal Code".
  "address 1": "street",
  "address 2": "extended",
  "address line 1": "street",
  "address line 2": "extended",
  "state/province": "region",
  "zip/postal code": "postalCode",
};

const OUTLOOK_PHONES: Record<string, PhoneLabel> = {
  "mobile phone": "mobile",
  "mobile phone number": "mobile",
  mobile: "mobile",
  // Eventbrite's attendee export.
  "cell phone": "mobile",
  cell: "mobile",
  "business phone": "work",
  "business phone 2": "work",
  "company main phone": "work",
  "work phone": "work",
  "home phone": "home",
  "home phone 2": "home",
  "business fax": "fax",
  "home fax": "fax",
  "other fax": "fax",
  "fax number": "fax",
  "primary phone": "other",
  "assistant's phone": "other",
  callback: "other",
  "radio phone": "other",
  pager: "other",
  "tty/tdd phone": "other",
  "other phone": "other",
  "car phone": "other",
  phone: "other",
  "phone number": "other",
  telephone: "other",
};

/** What a column holds, from its header; `hasJobTitle` tells Outlook's honorific "Title" from a job title. */
function classify(header: string, hasJobTitle: boolean): Slot | null {
  const h = norm(header);
  // Google: "E-mail 1 - Value" with "E-mail 1 - Label" (current) or "- Type" (legacy).
  const google = h.match(/^(e-mail|email|phone|website|address) (\d+) - (label|type|value)$/);
  if (google) {
    const [, what = "", n = "", part = ""] = google;
    const of = what === "e-mail" || what === "email" ? "email" : (what as "phone" | "website" | "address");
    const group = `${of}${n}`;
    if (part !== "value") return { kind: "pointLabel", of, group };
    if (of === "email") return { kind: "email", label: "other", group };
    if (of === "phone") return { kind: "phone", label: "other", group };
    if (of === "website") return { kind: "website", label: "other", group };
    return null;
  }
  // Ours: "SIP 1 - Value" with its label, and "Organization 2 - Title" for a further organisation.
  const sip = h.match(/^sip (\d+) - (label|value)$/);
  if (sip)
    return sip[2] === "label"
      ? { kind: "pointLabel", of: "sip", group: `sip${sip[1]}` }
      : { kind: "sip", group: `sip${sip[1]}` };
  const custom = h.match(/^custom field (\d+) - (label|value)$/);
  if (custom)
    return custom[2] === "label"
      ? { kind: "pointLabel", of: "sip", group: `custom${custom[1]}` }
      : { kind: "custom", group: `custom${custom[1]}` };
  const role = h.match(/^organization ([2-9]|\d\d+) - (name|title|department)$/);
  if (role) {
    const part = role[2] === "name" ? "organization" : (role[2] as "title" | "department");
    return { kind: "role", part, group: `role${role[1]}` };
  }
  const googleAddress = h.match(/^address (\d+) - (.+)$/);
  if (googleAddress) {
    const part = own(ADDRESS_PARTS, googleAddress[2]);
    return part ? { kind: "address", part, label: "other", group: `address${googleAddress[1]}` } : null;
  }
  // Outlook: "Business Street", "Home City", "Other Country/Region"; Eventbrite's "Work City"; Salesforce's
  // "Mailing Street" (the contact's own address) and "Other Street".
  const outlook = h.match(/^(business|work|home|other|mailing) (.+)$/);
  const outlookPart = outlook ? own(ADDRESS_PARTS, outlook[2]) : undefined;
  if (outlook && outlookPart) {
    const written = outlook[1] ?? "";
    const label: AddressLabel =
      written === "business" || written === "work"
        ? "work"
        : written === "mailing"
          ? "other"
          : (written as AddressLabel);
    return { kind: "address", part: outlookPart, label, group: written === "mailing" ? "mailing" : label };
  }
  const part = own(ADDRESS_PARTS, h);
  if (part) return { kind: "address", part, label: "other", group: "main" };
  const phone = own(OUTLOOK_PHONES, h);
  if (phone) return { kind: "phone", label: phone };
  if (/^e-?mail(?: \d)?(?: address)?$/.test(h)) return { kind: "email", label: "other" };
  if (h === "work email" || h === "business email") return { kind: "email", label: "work" };
  if (h === "home email" || h === "personal email") return { kind: "email", label: "home" };
  switch (h) {
    case "name":
    case "full name":
    case "display name":
      return { kind: "name", part: "displayName" };
    case "first name":
    case "given name":
    case "firstname":
      return { kind: "name", part: "given" };
    case "middle name":
    case "additional name":
      return { kind: "name", part: "middle" };
    case "last name":
    case "family name":
    case "surname":
    case "lastname":
      return { kind: "name", part: "family" };
    case "name prefix":
    case "prefix":
    case "salutation":
      return { kind: "name", part: "prefix" };
    case "name suffix":
    case "suffix":
      return { kind: "name", part: "suffix" };
    case "title":
      return hasJobTitle ? { kind: "name", part: "prefix" } : { kind: "text", field: "title" };
    case "job title":
    case "position":
    case "organization title":
    case "organization 1 - title":
    case "role":
      return { kind: "text", field: "title" };
    case "company":
    case "company name":
    case "organization":
    case "organisation":
    case "organization name":
    case "organization 1 - name":
    // Salesforce: a contact's organisation is its Account.
    case "account name":
      return { kind: "text", field: "organization" };
    case "department":
    case "organization department":
    case "organization 1 - department":
      return { kind: "text", field: "department" };
    case "web page":
    case "website":
    case "website url":
    case "url":
    case "web site":
      return { kind: "website", label: "work" };
    case "personal web page":
      return { kind: "website", label: "home" };
    case "linkedin":
    case "linkedin url":
    case "linkedin profile":
      return { kind: "social", service: "linkedin" };
    case "twitter":
    case "twitter username":
      return { kind: "social", service: "x" };
    case "notes":
    case "note":
    case "description":
      return { kind: "text", field: "note" };
    case "labels":
    case "group membership":
    case "categories":
    case "tags":
      return { kind: "tags" };
    case "met at":
    case "event":
      return { kind: "text", field: "eventName" };
    case "birthday":
    case "birthdate":
    case "date of birth":
      return { kind: "text", field: "birthday" };
    case "connected on":
    // A last-contact column is the same fact for rhythms: the day they were last in touch.
    case "last contacted":
    case "last contact":
    case "last contact date":
    case "last contacted on":
      return { kind: "text", field: "connectedOn" };
    case "lead status":
    case "status":
      return { kind: "text", field: "status" };
    case "priority":
      return { kind: "text", field: "priority" };
  }
  return null;
}

const knownInEnglish = (header: string) => classify(header, false) !== null;

function formatOf(headers: string[]): string {
  const h = new Set(headers.map(norm));
  if (h.has("connected on") && h.has("position")) return "linkedin";
  if (h.has("e-mail 1 - label") || h.has("phone 1 - label")) return "google";
  if (h.has("e-mail 1 - type") || h.has("phone 1 - type") || h.has("given name")) return "google-legacy";
  if (h.has("business phone") || h.has("e-mail 2 address") || h.has("business street")) return "outlook";
  if (h.has("record id") || h.has("lead status") || h.has("lifecycle stage") || h.has("contact owner"))
    return "hubspot";
  return "generic";
}

/** Google's multi-values: `a@x.org ::: b@y.org`, the primary one's label starting with `* `. */
const multi = (value: string) =>
  value
    .split(/\s+:::\s+/)
    .map((v) => v.trim())
    .filter(Boolean);

function labelFrom<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  map: Record<string, T>,
  fallback: T,
) {
  const l = (raw ?? "")
    .replace(/^\*\s*/, "")
    .trim()
    .toLowerCase();
  return own(map, l) ?? ((allowed as readonly string[]).includes(l) ? (l as T) : fallback);
}

/** A label the file wrote that is none of ours ("Gym", "Pager"): kept beside ours as the person's own. */
function ownLabel(raw: string | undefined, kept: string, fallback: string, map: Record<string, string>) {
  const word = (raw ?? "").replace(/^\*\s*/, "").trim();
  const lower = word.toLowerCase();
  if (!word || kept !== fallback || lower === fallback || isOwnKey(map, lower)) return {};
  return { customLabel: word.slice(0, 40) };
}

const WEBSITE_LABEL_WORDS: Record<string, WebsiteLabel> = { "home page": "home", profile: "other" };

const PHONE_LABEL_WORDS: Record<string, PhoneLabel> = {
  cell: "mobile",
  mobile: "mobile",
  main: "work",
  "work fax": "fax",
  "home fax": "fax",
};

/** HubSpot's Lead Status (label or internal value) as our status. */
export function statusFromHubSpot(value: string): string {
  const v = value.trim().toUpperCase().replace(/\s+/g, "_");
  if (["NEW", "OPEN", "ATTEMPTED_TO_CONTACT"].includes(v)) return "Pending";
  if (["IN_PROGRESS", "OPEN_DEAL", "CONNECTED"].includes(v)) return "Active";
  if (["UNQUALIFIED", "BAD_TIMING"].includes(v)) return "Archived";
  return value.trim();
}

/** Outlook writes an empty birthday as a zero date in the installation's order: 0/0/00, 0.0.00. */
const ZERO_DATE = /^0+[./-]0+[./-]0+$/;

const pad = (n: string | undefined) => (n ?? "").padStart(2, "0");

/** A date as written by the file's program; `dayFirst` for exports made in a language that writes 16/4/1965. */
function isoDate(value: string, dayFirst = false): string | undefined {
  const v = value.trim();
  let m = v.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = v.match(/^(\d{4})\/(\d{1,2})\/(\d{1,2})$/); // Japanese: 1965/4/16.
  if (m) return `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  m = v.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/); // German, Dutch, Polish: 16.4.1965.
  if (m) return `${m[3]}-${pad(m[2])}-${pad(m[1])}`;
  // LinkedIn's "Connected On": 14 Mar 2024.
  if (/^\d{1,2} [A-Za-z]{3,} \d{4}$/.test(v) && !Number.isNaN(Date.parse(`${v} UTC`)))
    return new Date(Date.parse(`${v} UTC`)).toISOString().slice(0, 10);
  m = v.match(/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/); // Outlook's 4/16/1965, or 16/04/1965 outside English.
  if (m) return dayFirst ? `${m[3]}-${pad(m[2])}-${pad(m[1])}` : `${m[3]}-${pad(m[1])}-${pad(m[2])}`;
  return undefined;
}

function rowToDraft(
  row: string[],
  slots: (Slot | null)[],
  format: string,
  warn: (m: string) => void,
  dayFirst = false,
): PersonDraft | null {
  const name: Record<string, string> = {};
  const emails: EmailPoint[] = [];
  const phones: PhonePoint[] = [];
  const websites: WebsitePoint[] = [];
  const socials: SocialPoint[] = [];
  const addresses = new Map<string, AddressPoint>();
  const sips = new Map<string, SipPoint>();
  const roles = new Map<string, RolePoint>();
  const labels = new Map<string, string>();
  const text: Partial<Record<string, string>> = {};
  const tags: string[] = [];
  slots.forEach((slot, i) => {
    if (slot?.kind === "pointLabel") labels.set(slot.group, row[i]?.trim() ?? "");
  });
  slots.forEach((slot, i) => {
    const value = row[i]?.trim();
    if (!slot || !value) return;
    switch (slot.kind) {
      case "name":
        name[slot.part] ||= value;
        break;
      case "email": {
        const raw = slot.group ? labels.get(slot.group) : undefined;
        const label = slot.group ? labelFrom<EmailLabel>(raw, ["work", "home", "other"], {}, "other") : slot.label;
        for (const [k, v] of multi(value).entries())
          emails.push({
            value: emailAddress(v),
            label,
            ...ownLabel(raw, label, "other", {}),
            ...(k === 0 && raw?.startsWith("*") ? { preferred: true } : {}),
          });
        break;
      }
      case "phone": {
        const raw = slot.group ? labels.get(slot.group) : undefined;
        const label = slot.group
          ? labelFrom<PhoneLabel>(raw, ["mobile", "work", "home", "fax", "other"], PHONE_LABEL_WORDS, "other")
          : slot.label;
        for (const [k, v] of multi(value).entries())
          phones.push({
            value: v,
            label,
            ...ownLabel(raw, label, "other", PHONE_LABEL_WORDS),
            ...(k === 0 && raw?.startsWith("*") ? { preferred: true } : {}),
          });
        break;
      }
      case "website": {
        const raw = slot.group ? labels.get(slot.group) : undefined;
        const label = slot.group
          ? labelFrom<WebsiteLabel>(raw, ["work", "home", "blog", "other"], WEBSITE_LABEL_WORDS, "other")
          : slot.label;
        for (let v of multi(value)) {
          if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(v)) v = `https://${v}`;
          if (!/^https?:\/\//i.test(v)) {
            warn(`Website "${v.slice(0, 60)}" is not a web address; left out`);
            continue;
          }
          const service = socialServiceOf(v);
          if (service) socials.push({ service, value: v });
          else websites.push({ value: v, label, ...ownLabel(raw, label, "other", WEBSITE_LABEL_WORDS) });
        }
        break;
      }
      case "social":
        for (const v of multi(value)) socials.push({ service: socialServiceOf(v) ?? slot.service, value: v });
        break;
      case "address": {
        const key = slot.group;
        const raw = labels.get(key);
        const label = raw ? labelFrom<AddressLabel>(raw, ["work", "home", "other"], {}, slot.label) : slot.label;
        const a = addresses.get(key) ?? { label, ...ownLabel(raw, label, "other", {}) };
        a[slot.part] = a[slot.part] ? `${a[slot.part]}\n${value}` : value;
        addresses.set(key, a);
        break;
      }
      case "text":
        text[slot.field] = text[slot.field] ? `${text[slot.field]}\n\n${value}` : value;
        break;
      case "tags":
        for (const t of splitTags(value)) {
          const tag = t.replace(/^\*\s*/, "").trim();
          if (tag && !/^my ?contacts$/i.test(tag)) tags.push(tag);
        }
        break;
      case "sip": {
        const raw = labels.get(slot.group);
        const label = labelFrom<EmailLabel>(raw, ["work", "home", "other"], {}, "other");
        sips.set(slot.group, { value, label, ...ownLabel(raw, label, "other", {}) });
        break;
      }
      case "custom": {
        const written = labels.get(slot.group) ?? "";
        const sip = written.match(/^sip(?:\s*\((.*)\))?$/i);
        if (!sip) {
          warn(`Custom field "${written.slice(0, 40)}" ("${value.slice(0, 40)}") not kept`);
          break;
        }
        const raw = sip[1]?.trim();
        const label = labelFrom<EmailLabel>(raw, ["work", "home", "other"], {}, "other");
        sips.set(slot.group, { value, label, ...ownLabel(raw, label, "other", {}) });
        break;
      }
      case "role":
        roles.set(slot.group, { ...roles.get(slot.group), [slot.part]: value });
        break;
      case "pointLabel":
        break;
    }
  });
  const draft: PersonDraft = { displayName: "" };
  const structured = { ...name };
  delete structured.displayName;
  if (Object.keys(structured).length) draft.name = structured;
  if (emails.length) draft.emails = emails.filter((e) => e.value);
  if (phones.length) draft.phones = phones;
  if (websites.length) draft.websites = websites;
  if (socials.length) draft.socials = socials;
  const addressList = [...addresses.values()].filter((a) => Object.keys(a).length > 1);
  if (addressList.length) draft.addresses = addressList;
  if (sips.size) draft.sips = [...sips.values()];
  if (roles.size) draft.otherRoles = [...roles.values()];
  if (text.organization) draft.organization = text.organization;
  if (text.title) draft.title = text.title;
  if (text.department) draft.department = text.department;
  if (text.note) draft.note = text.note;
  if (text.priority) draft.priority = text.priority;
  if (text.eventName) draft.eventName = text.eventName;
  if (text.status) draft.status = format === "hubspot" ? statusFromHubSpot(text.status) : text.status;
  if (text.birthday && !ZERO_DATE.test(text.birthday)) {
    // Google writes a birthday without a year as --06-15, Mailchimp as 06/15 (15/06 or 15.06 outside English).
    const short = text.birthday.trim().match(/^(?:--(\d{2})-?(\d{2})|(\d{1,2})[/.](\d{1,2})\.?)$/);
    const iso = short
      ? short[1]
        ? yearlessBirthday(short[1], short[2])
        : dayFirst
          ? yearlessBirthday(short[4], short[3])
          : yearlessBirthday(short[3], short[4])
      : isoDate(text.birthday, dayFirst);
    if (iso) draft.birthday = iso;
    else warn(`Birthday "${text.birthday.slice(0, 30)}" is not a date; left out`);
  }
  if (text.connectedOn) draft.connectedOn = isoDate(text.connectedOn, dayFirst) ?? text.connectedOn;
  if (tags.length) draft.tags = [...new Set(tags)];
  // Chinese, Japanese and Korean names are written family name first, with no space ("李小龙").
  const eastAsian = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(
    `${name.family ?? ""}${name.given ?? ""}`,
  );
  draft.displayName =
    name.displayName ||
    (eastAsian
      ? [name.prefix, `${name.family ?? ""}${name.middle ?? ""}${name.given ?? ""}`, name.suffix]
      : [name.prefix, name.given, name.middle, name.family, name.suffix]
    )
      .filter(Boolean)
      .join(" ") ||
    draft.organization ||
    draft.emails?.[0]?.value ||
    draft.phones?.[0]?.value ||
    "";
  return draft.displayName ? draft : null;
}

/**
 * A tag cell as each exporter writes its list: Mailchimp quotes each tag (`"Donor","Gala 2024"`), Google
 * joins labels with ` ::: `, Outlook categories with `;`, Popl and spreadsheets with commas.
 */
export function splitTags(value: string): string[] {
  if (/^\s*"[^"]*"(?:\s*,\s*"[^"]*")*\s*$/.test(value)) return [...value.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? "");
  return value.split(/\s*(?::::|;|,)\s*/);
}

/** Reads a CSV file from its bytes (or text already decoded). */
export function readCsvFile(input: Uint8Array | string, chosen?: string): ReadResult {
  const encoding = typeof input === "string" ? "utf-8" : (chosen ?? detectEncoding(input));
  const text = typeof input === "string" ? input.replace(/^\uFEFF/, "") : decodeFile(input, encoding);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const problems: RowProblem[] = [];
  const people: ReadPerson[] = [];
  // The header is the first row naming at least two columns we know; LinkedIn puts notes before it.
  let headerAt = -1;
  for (let i = 0; i < Math.min(parsed.data.length, 20); i++) {
    const row = englishHeaders(parsed.data[i] ?? [], knownInEnglish).headers;
    const jobTitle = row.some((h) => norm(h) === "job title");
    if (row.filter((h) => classify(h, jobTitle)).length >= 2) {
      headerAt = i;
      break;
    }
  }
  if (headerAt === -1) {
    problems.push({
      row: 1,
      message: "No header row with column names we know (such as Name or Email)",
      skipped: true,
    });
    return { format: "unknown", encoding, people, problems };
  }
  const translated = englishHeaders(
    (parsed.data[headerAt] ?? []).map((h) => h.trim()),
    knownInEnglish,
  );
  const headers = translated.headers;
  // Outside English (and Japanese, which writes the year first) a date with slashes is day first.
  const dayFirst = translated.language !== null && translated.language !== "ja";
  const hasJobTitle = headers.some((h) => norm(h) === "job title");
  const slots = headers.map((h) => classify(h, hasJobTitle));
  const format = formatOf(headers);
  // Columns whose value says nothing about the person: Outlook's email bookkeeping, HubSpot's own id.
  const bookkeeping = new Set([
    "e-mail type",
    "e-mail 2 type",
    "e-mail 3 type",
    "e-mail display name",
    "e-mail 2 display name",
    "e-mail 3 display name",
    "sensitivity",
    "private",
    "initials",
    "record id",
  ]);
  const unread = headers.flatMap((h, i) => (slots[i] || !h.trim() || bookkeeping.has(norm(h)) ? [] : [i]));
  // Outlook's Priority is the flag its emails to the contact carry, not how much the person matters.
  if (format === "outlook")
    slots.forEach((slot, i) => {
      if (slot?.kind !== "text" || slot.field !== "priority") return;
      slots[i] = null;
      const written = (parsed.data[headerAt]?.[i] ?? "").trim();
      problems.push({
        row: headerAt + 1,
        message: `Column "${written}" is Outlook's email priority, not the person's priority; not kept`,
        skipped: false,
      });
    });
  const broken = new Map<number, string>();
  for (const error of parsed.errors)
    if (error.row !== undefined && error.type === "Quotes")
      broken.set(error.row, `${error.message}: this row and the ones it swallowed were not imported`);
  for (let i = headerAt + 1; i < parsed.data.length; i++) {
    const row = i + 1;
    const cells = (parsed.data[i] ?? []).map(unguardFormula);
    if (broken.has(i)) {
      problems.push({ row, message: broken.get(i) as string, skipped: true });
      continue;
    }
    if (people.length >= MAX_CSV_ROWS) {
      // Every row from here on is left out: the heading counts them all, not this one line.
      const rows = parsed.data.length - i;
      problems.push({
        row,
        message: `Only the first ${MAX_CSV_ROWS} contacts are imported; ${rows} more row${rows === 1 ? "" : "s"} left out`,
        skipped: true,
        rows,
      });
      break;
    }
    const warnings: string[] = [];
    if (cells.length !== headers.length)
      warnings.push(`This row has ${cells.length} fields; the header has ${headers.length}`);
    // A decode that could not read some bytes is named on its row, never stored without a word.
    if (cells.some((c) => c.includes(REPLACEMENT))) warnings.push(unreadableMessage(encoding));
    const draft = rowToDraft(cells, slots, format, (m) => warnings.push(m), dayFirst);
    if (!draft) {
      problems.push({ row, message: "No name, email or phone", skipped: true });
      continue;
    }
    people.push({ row, draft });
    // A value in a column we have no field for is named, never dropped without a word.
    for (const i of unread) {
      const value = cells[i]?.trim();
      if (value)
        warnings.push(
          `Column "${(parsed.data[headerAt]?.[i] ?? "").trim().slice(0, 40)}" ("${value.slice(0, 40)}") not kept`,
        );
    }
    for (const message of warnings) problems.push({ row, message, skipped: false });
  }
  return { format, encoding, people, problems };
}
