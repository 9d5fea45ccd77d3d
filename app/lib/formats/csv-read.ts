import Papa from "papaparse";
import { addressIn } from "../forms/email";
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
import type { CellIssue, ColumnGuess, ColumnMapping, ReadPerson, ReadResult, RowProblem } from "../people/read";
import { isOwnKey, own } from "../text/own";
import { decodeFile, decodeMixed, detectEncoding, type MixedReading, REPLACEMENT, unreadableMessage } from "./charset";
import { englishHeaders } from "./csv-headers";
import { unguardFormula } from "./csv-write";
import { choiceLabel, MAPPING_CHOICES } from "./mapping-choices";
import { socialServiceOf } from "./vcard-read";
import { MAX_CELL_CHARS } from "./xlsx-read";

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
  | { kind: "role"; part: "organization" | "title" | "department"; group: string }
  /** A column that asks about email from the sender ("Join Mailing List"): a yes becomes a consent record. */
  | { kind: "consent" };

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    // Donorbox writes "State / Province": the same column as "State/Province".
    .replace(/ ?\/ ?/g, "/");

/**
 * A column that asks about email from the sender, in its own words: Donorbox's "Join Mailing List",
 * Givebutter's "Email Subscription Status", Eventbrite's "Email Opt-In", a sheet's "Newsletter". A column
 * that does not name email (an SMS or phone subscription, a bare "Opt-in") is never read as one.
 */
export function isEmailOptIn(header: string): boolean {
  const h = norm(header);
  if (/\b(sms|text|phone|whatsapp|postal|post|direct mail)\b/.test(h)) return false;
  const asks = /(opt(?:ed)?[- ]?in|subscri|mailing list|keep me updated|accepts? marketing|marketing|newsletter)/.test(
    h,
  );
  const email = /(e-?mails?\b|mailing list|newsletter)/.test(h);
  return asks && email;
}

/** A yes in an opt-in column; anything else (no, unsubscribed, pending, cleaned, empty) records nothing. */
export const OPT_IN_YES = /^(?:yes|y|true|1|x|subscribed|opted[- ]?in|opt[- ]?in|checked|on)$/i;

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
  // Donorbox's and Mailchimp's one address column (Mailchimp's parts are split when read).
  address: "street",
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
  if (isEmailOptIn(h)) return { kind: "consent" };
  const phone = own(OUTLOOK_PHONES, h);
  if (phone) return { kind: "phone", label: phone };
  if (/^(?:donor )?e-?mail(?: \d)?(?: address)?$/.test(h)) return { kind: "email", label: "other" };
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
    case "donor's first name":
      return { kind: "name", part: "given" };
    case "middle name":
    case "additional name":
      return { kind: "name", part: "middle" };
    case "last name":
    case "family name":
    case "surname":
    case "lastname":
    case "donor's last name":
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
  if (h.has("member_rating") || h.has("leid") || h.has("euid") || h.has("optin_time")) return "mailchimp";
  if (h.has("join mailing list") || (h.has("donor email") && h.has("donation date"))) return "donorbox";
  if (h.has("email subscription status") && (h.has("sms subscription status") || h.has("contact id")))
    return "givebutter";
  if (h.has("order #") && (h.has("attendee #") || h.has("ticket type"))) return "eventbrite";
  return "generic";
}

/** Mailchimp's own bookkeeping: its rating, the sign-up's IP and its geolocation, its record ids. */
const MAILCHIMP_OWN = new Set([
  "member_rating",
  "optin_ip",
  "confirm_ip",
  "latitude",
  "longitude",
  "gmtoff",
  "dstoff",
  "timezone",
  "cc",
  "region",
  "last_changed",
  "leid",
  "euid",
  "optin_time",
  "confirm_time",
]);

/**
 * Mailchimp writes an address field as one cell, its parts two spaces apart: street, [line 2,] city,
 * state, zip, country. Fewer parts than that stay one street line, as written.
 */
export function mailchimpAddress(value: string): AddressPoint | null {
  const parts = value.split(/\s{2,}/).map((p) => p.trim());
  if (parts.length < 5) return null;
  const [country, zip, state, city] = [parts.pop(), parts.pop(), parts.pop(), parts.pop()];
  const [street, ...extended] = parts;
  return {
    label: "home",
    ...(street ? { street } : {}),
    ...(extended.length ? { extended: extended.join(" ") } : {}),
    ...(city ? { locality: city } : {}),
    ...(state ? { region: state } : {}),
    ...(zip ? { postalCode: zip } : {}),
    ...(country ? { country } : {}),
  };
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
  /** Told the column of each opt-in the row answers yes. */
  consent?: (column: number) => void,
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
            value: addressIn(v),
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
        const whole = format === "mailchimp" && slot.part === "street" ? mailchimpAddress(value) : null;
        if (whole && !addresses.has(key)) {
          addresses.set(key, whole);
          break;
        }
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
      case "consent":
        if (OPT_IN_YES.test(value)) consent?.(i);
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

/** A cell a spreadsheet evaluates: `=` and anything, except the text literal our CSV writes (`="04524"`). */
const FORMULA_CELL = /^=(?!"[^"]*"$)/;

/** Problems of the cells of a CSV, by the same rules as a workbook's: formulas and oversized cells. */
export function csvCellIssues(rows: string[][]): CellIssue[] {
  const issues: CellIssue[] = [];
  rows.forEach((cells, row) => {
    cells.forEach((cell, column) => {
      if (cell.length > MAX_CELL_CHARS) issues.push({ row, column, kind: "huge", length: cell.length });
      else if (FORMULA_CELL.test(cell.trimStart())) issues.push({ row, column, kind: "formula", formula: cell.trim() });
    });
  });
  return issues;
}

/** Reads a CSV, TSV or TXT file from its bytes (or text already decoded); the delimiter is the file's own. */
export function readCsvFile(input: Uint8Array | string, chosen?: string, mapping?: ColumnMapping | null): ReadResult {
  const encoding = typeof input === "string" ? "utf-8" : (chosen ?? detectEncoding(input));
  // A file whose lines show evidence of different encodings is read line by line, each in its own (decision 0233).
  const mixed = typeof input !== "string" && !chosen ? decodeMixed(input, encoding) : null;
  const text = typeof input === "string" ? input.replace(/^\uFEFF/, "") : (mixed?.text ?? decodeFile(input, encoding));
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const broken = new Map<number, string>();
  for (const error of parsed.errors)
    if (error.row !== undefined && error.type === "Quotes")
      broken.set(error.row, `${error.message}: this row and the ones it swallowed were not imported`);
  const read = readContactRows(parsed.data, { encoding, mapping, broken, issues: csvCellIssues(parsed.data) });
  if (mixed?.uncertain.lines.length)
    read.problems.unshift({ row: 1, message: uncertainMessage(mixed.uncertain), skipped: false });
  if (mixed?.others.length) {
    read.problems.unshift({ row: 1, message: mixedMessage(mixed), skipped: false });
    read.encoding = [mixed.main, ...mixed.others.map((o) => o.encoding)].join("+");
  }
  return read;
}

const lineList = (lines: number[]) =>
  `line${lines.length === 1 ? "" : "s"} ${lines.slice(0, 10).join(", ")}${lines.length > 10 ? ` and ${lines.length - 10} more` : ""}`;

/** Names the lines read in an encoding other than most of the file's, so the person checks their letters. */
function mixedMessage(mixed: MixedReading): string {
  const parts = mixed.others.map(({ encoding, lines }, i) => {
    const verb = i === 0 ? (lines.length === 1 ? " was read" : " were read") : "";
    return `${lineList(lines)}${verb} as ${encoding.toUpperCase()}`;
  });
  return `This file mixes encodings: ${parts.join(", ")}, the rest as ${mixed.main.toUpperCase()}: check their letters before importing, or choose one encoding above`;
}

/** Names the lines whose letters Windows-1250 and Windows-1252 read differently without a sign of which is right. */
function uncertainMessage({ lines, west }: MixedReading["uncertain"]): string {
  const word = west ? ` (in WINDOWS-1252 it would read “${west}”)` : "";
  return `${lineList(lines).replace(/^l/, "L")} read as WINDOWS-1250 like the rest of the file, though nothing on ${lines.length === 1 ? "it" : "them"} says which code page ${lines.length === 1 ? "it was" : "they were"} saved in${word}: check ${lines.length === 1 ? "its" : "their"} letters before importing`;
}

/** Does this header row name at least two columns we know? */
function namesKnownColumns(row: string[]): boolean {
  const english = englishHeaders(row, knownInEnglish).headers;
  const jobTitle = english.some((h) => norm(h) === "job title");
  return english.filter((h) => classify(h, jobTitle)).length >= 2;
}

/** Where the header is: the first row naming at least two columns we know (LinkedIn puts notes before it). */
export function headerRowOf(rows: string[][]): number {
  for (let i = 0; i < Math.min(rows.length, 20); i++) if (namesKnownColumns(rows[i] ?? [])) return i;
  return -1;
}

/**
 * Rows of a table (a CSV's or a workbook's first sheet) read as people. Without a mapping, each column
 * is classified from its header; with one, each column holds what the person chose ("" is not kept),
 * and the header row is the one the mapping was made on.
 */
export function readContactRows(
  data: string[][],
  options: {
    encoding: string;
    mapping?: ColumnMapping | null;
    headerRow?: number;
    broken?: Map<number, string>;
    issues?: CellIssue[];
    /** Non-empty rows past the ones read (a workbook counts them without keeping them). */
    rowsLeftOut?: number;
    /** Read from a workbook's sheet, whose rows stop at their last value. */
    sheet?: boolean;
  },
): ReadResult {
  const { encoding, mapping } = options;
  const problems: RowProblem[] = [];
  const people: ReadPerson[] = [];
  let headerAt = options.headerRow ?? headerRowOf(data);
  const known = headerAt !== -1;
  if (headerAt === -1) headerAt = data.findIndex((r) => r.some((c) => c.trim()));
  if (headerAt === -1) {
    problems.push({ row: 1, message: "This file has no rows", skipped: true });
    return { format: "unknown", encoding, people, problems };
  }
  const written = (data[headerAt] ?? []).map((h) => h.trim());
  const translated = englishHeaders(written, knownInEnglish);
  const english = translated.headers;
  // Outside English (and Japanese, which writes the year first) a date with slashes is day first.
  const dayFirst = translated.language !== null && translated.language !== "ja";
  const format = known ? formatOf(english) : "unknown";
  const guessedHasJobTitle = english.some((h) => norm(h) === "job title");
  const guessed = known ? english.map((h) => classify(h, guessedHasJobTitle)) : english.map(() => null);
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
    ...(format === "mailchimp" ? MAILCHIMP_OWN : []),
  ]);
  if (format === "mailchimp")
    english.forEach((h, i) => {
      if (MAILCHIMP_OWN.has(norm(h))) guessed[i] = null;
    });
  // Outlook's Priority is the flag its emails to the contact carry, not how much the person matters.
  const namedOnce = new Set<number>();
  if (format === "outlook")
    guessed.forEach((slot, i) => {
      if (slot?.kind !== "text" || slot.field !== "priority") return;
      guessed[i] = null;
      namedOnce.add(i);
      if (!mapping)
        problems.push({
          row: headerAt + 1,
          message: `Column "${written[i]}" is Outlook's email priority, not the person's priority; not kept`,
          skipped: false,
        });
    });
  const columns: ColumnGuess[] = written.map((header, i) => ({
    header,
    guess: guessOf(guessed[i] ?? null),
    english: english[i] ?? header,
    samples: [],
  }));
  for (let r = headerAt + 1; r < data.length && r <= headerAt + 3; r++)
    columns.forEach((c, i) => {
      c.samples.push((data[r]?.[i] ?? "").trim().slice(0, 80));
    });

  // The slots read: the person's mapping when there is one, else the guess.
  let slots: (Slot | null)[] = guessed;
  if (mapping) {
    const chosen = columns.map((c, i) => {
      const m = mapping[i] ?? "";
      return m === "file" ? c.english : m;
    });
    const hasJobTitle = chosen.some((h) => norm(h) === "job title");
    slots = chosen.map((h) => (h ? classify(h, hasJobTitle) : null));
    columns.forEach((c, i) => {
      if (slots[i] || !c.header || !data.slice(headerAt + 1).some((row) => row[i]?.trim())) return;
      problems.push({
        row: headerAt + 1,
        message: `Column "${c.header.slice(0, 40)}" not kept, as you chose`,
        skipped: false,
      });
    });
  } else if (!known) {
    const rows = data.length - headerAt - 1;
    problems.push({
      row: headerAt + 1,
      message: "No header row with column names we know (such as Name or Email): choose what each column holds",
      skipped: true,
      rows: Math.max(1, rows),
    });
    return { format, encoding, people, problems, columns, headerRow: headerAt };
  }
  const unread = mapping
    ? []
    : english.flatMap((h, i) => (slots[i] || !h.trim() || bookkeeping.has(norm(h)) || namedOnce.has(i) ? [] : [i]));
  // Mailchimp's subscribed export says each row's opt-in by its time; an unsubscribed or cleaned one never does.
  const mailchimpOptIn =
    format === "mailchimp" && !english.some((h) => /^(unsub|clean)_time$/.test(norm(h)))
      ? english.findIndex((h) => norm(h) === "confirm_time") !== -1
        ? english.findIndex((h) => norm(h) === "confirm_time")
        : english.findIndex((h) => norm(h) === "optin_time")
      : -1;

  const issues = new Map<number, CellIssue[]>();
  for (const issue of options.issues ?? []) issues.set(issue.row, [...(issues.get(issue.row) ?? []), issue]);
  const nameOf = (i: number) => (written[i] || `column ${i + 1}`).slice(0, 40);
  const broken = options.broken ?? new Map<number, string>();
  for (let i = headerAt + 1; i < data.length; i++) {
    const row = i + 1;
    const raw = data[i] ?? [];
    if (broken.has(i)) {
      problems.push({ row, message: broken.get(i) as string, skipped: true });
      continue;
    }
    if (people.length >= MAX_CSV_ROWS) {
      // Every row from here on is left out: the heading counts them all, not this one line.
      const rows = data.length - i + (options.rowsLeftOut ?? 0);
      problems.push({
        row,
        message: `Only the first ${MAX_CSV_ROWS} contacts are imported; ${rows} more row${rows === 1 ? "" : "s"} left out`,
        skipped: true,
        rows,
      });
      break;
    }
    const warnings: string[] = [];
    const cellWarnings: string[] = [];
    const cells = raw.map(unguardFormula);
    // A formula is never evaluated nor stored; a cell larger than any field is not one.
    for (const issue of issues.get(i) ?? []) {
      cells[issue.column] = "";
      cellWarnings.push(
        issue.kind === "formula"
          ? `Column "${nameOf(issue.column)}" holds a formula (${issue.formula.slice(0, 40)}), not a value; left out`
          : `Column "${nameOf(issue.column)}" holds ${issue.length.toLocaleString("en-US")} characters, more than a cell holds (${MAX_CELL_CHARS.toLocaleString("en-US")}); left out`,
      );
    }
    warnings.push(...cellWarnings);
    // A sheet leaves a row's trailing empty cells out; a CSV row of another width is a broken row.
    if (cells.length > written.length || (cells.length < written.length && !options.sheet))
      warnings.push(`This row has ${cells.length} fields; the header has ${written.length}`);
    // A decode that could not read some bytes is named on its row, never stored without a word.
    if (cells.some((c) => c.includes(REPLACEMENT))) warnings.push(unreadableMessage(encoding));
    const optIns: number[] = [];
    const draft = rowToDraft(
      cells,
      slots,
      format,
      (m) => warnings.push(m),
      dayFirst,
      (column) => optIns.push(column),
    );
    if (!draft) {
      problems.push({ row, message: "No name, email or phone", skipped: true });
      for (const message of cellWarnings) problems.push({ row, message, skipped: false });
      continue;
    }
    const optInColumn = optIns[0] ?? (mailchimpOptIn !== -1 && cells[mailchimpOptIn]?.trim() ? mailchimpOptIn : -1);
    const optIn =
      optInColumn === -1
        ? undefined
        : `${written[optInColumn] ?? ""}: ${(cells[optInColumn] ?? "").trim()}`.slice(0, 200);
    people.push({ row, draft, ...(optIn ? { optIn } : {}) });
    // A value in a column we have no field for is named, never dropped without a word.
    for (const c of unread) {
      const value = cells[c]?.trim();
      if (value) warnings.push(`Column "${(written[c] ?? "").slice(0, 40)}" ("${value.slice(0, 40)}") not kept`);
    }
    for (const message of warnings) problems.push({ row, message, skipped: false });
  }
  // A workbook counts the rows past those it keeps; unless the limit above already named them, they are named here.
  if (options.rowsLeftOut && people.length < MAX_CSV_ROWS) {
    const rows = options.rowsLeftOut;
    problems.push({
      row: data.length + 1,
      message: `Only the first ${data.length} rows of the sheet are read; ${rows} more row${rows === 1 ? "" : "s"} left out`,
      skipped: true,
      rows,
    });
  }
  return { format, encoding, people, problems, columns, headerRow: headerAt };
}

const choiceSlots = MAPPING_CHOICES.map((c) => [c.value, JSON.stringify(classify(c.value, true))] as const);

/** The choice that reads a column exactly as its header does; "file" when none does; "" when nothing reads it. */
function guessOf(slot: Slot | null): string {
  if (!slot) return "";
  const json = JSON.stringify(slot);
  return choiceSlots.find(([, s]) => s === json)?.[0] ?? "file";
}

/**
 * A mapping's problems by column: a field that holds one value chosen for two columns. Each column may
 * hold any choice, "file" where its header has a reading of its own, or "" (not kept).
 */
export function mappingProblems(columns: ColumnGuess[], mapping: ColumnMapping): Map<number, string> {
  const problems = new Map<number, string>();
  const firstFor = new Map<string, number>();
  mapping.forEach((value, i) => {
    const column = columns[i];
    if (!column) return;
    if (value === "" || (value === "file" && column.guess === "file")) return;
    const choice = MAPPING_CHOICES.find((c) => c.value === value);
    if (!choice) {
      problems.set(i, "Choose one of the fields listed");
      return;
    }
    if (!choice.single) return;
    const first = firstFor.get(value);
    if (first === undefined) firstFor.set(value, i);
    else
      problems.set(
        i,
        `“${choiceLabel(value)}” is already chosen for column “${columns[first]?.header.slice(0, 40) ?? ""}”: a field comes from one column`,
      );
  });
  return problems;
}
