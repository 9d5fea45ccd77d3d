import { addressIn } from "../forms/email";
import type {
  AddressLabel,
  AddressPoint,
  EmailLabel,
  EmailPoint,
  PersonDraft,
  PhoneLabel,
  PhonePoint,
  RolePoint,
  SipPoint,
  SocialPoint,
  WebsiteLabel,
  WebsitePoint,
} from "../people/draft";
import { yearlessBirthday } from "../people/draft";
import { toContactDraft } from "../people/flat";
import type { ReadPerson, ReadResult, RowProblem } from "../people/read";
import { own } from "../text/own";
import {
  binaryToBytes,
  bytesToBinary,
  decodeCharset,
  detectEncoding,
  REPLACEMENT,
  textToBinary,
  unreadableMessage,
} from "./charset";
import type { ContactDraft } from "./csv";

/**
 * Reads every contact in a .vcf file, vCard 2.1, 3.0 or 4.0 (or none stated), from its bytes: the
 * encoding comes from a byte order mark, each property's CHARSET, or the bytes themselves. The file is
 * walked once, one byte per character, so time grows linearly with its size.
 */

export const MAX_CARDS = 10_000;
const MAX_TEXT = 10_000;
/** A photo larger than this (base64 characters) is dropped with a warning. */
export const MAX_PHOTO_BASE64 = 1_000_000;

type Property = { group: string; name: string; params: Record<string, string[]>; raw: string };

const BARE_ENCODINGS = new Set(["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]);

/** Splits on a separator outside double quotes. */
function splitOutsideQuotes(input: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(input.slice(start));
  return parts;
}

function colonIndex(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ":" && !quoted) return i;
  }
  return -1;
}

function parseLine(line: string): Property | null {
  const colon = colonIndex(line);
  if (colon < 1) return null;
  const [nameWithGroup = "", ...paramParts] = splitOutsideQuotes(line.slice(0, colon), ";");
  const dot = nameWithGroup.lastIndexOf(".");
  const params: Record<string, string[]> = Object.create(null);
  for (const part of paramParts) {
    if (!part.trim()) continue;
    const eq = part.indexOf("=");
    let key = eq > -1 ? part.slice(0, eq).trim().toUpperCase() : "TYPE";
    const rawValue = eq > -1 ? part.slice(eq + 1) : part;
    const values = splitOutsideQuotes(rawValue, ",").map((v) => v.replace(/"/g, "").trim());
    // vCard 2.1 writes bare parameters: TEL;WORK;VOICE and N;QUOTED-PRINTABLE.
    if (eq === -1 && BARE_ENCODINGS.has(rawValue.trim().toUpperCase())) key = "ENCODING";
    if (eq === -1 && /^CHARSET$/i.test(rawValue.trim())) continue;
    params[key] = [...(params[key] ?? []), ...values];
  }
  return {
    group: dot > -1 ? nameWithGroup.slice(0, dot).toUpperCase() : "",
    name: nameWithGroup.slice(dot + 1).toUpperCase(),
    params,
    raw: line.slice(colon + 1),
  };
}

const isQuotedPrintable = (line: string) => {
  const colon = colonIndex(line);
  return colon > 0 && /QUOTED-PRINTABLE/i.test(line.slice(0, colon));
};

const PROPERTY_START = /^(?:[A-Za-z0-9-]+\.)?[A-Za-z0-9-]+[;:]/;

/** Logical lines: RFC 2425 folding (a leading space or tab) and quoted-printable soft breaks (`=` at the end). */
function unfold(binary: string): string[] {
  // Some writers (iPhone) end lines with CR CR LF: one break, not a blank line that ends a folded value.
  const physical = binary.split(/\r*\n|\r/);
  const lines: string[] = [];
  let parts: string[] = [];
  let qp = false;
  const flush = () => {
    if (parts.length) lines.push(parts.join(""));
    parts = [];
  };
  for (const line of physical) {
    const last = parts.length ? (parts[parts.length - 1] as string) : "";
    if (parts.length && qp && last.endsWith("=")) {
      parts[parts.length - 1] = last.slice(0, -1);
      parts.push(line);
    } else if (parts.length && (line.startsWith(" ") || line.startsWith("\t"))) {
      parts.push(line.slice(1));
    } else if (parts.length && /(^|[^\\])(\\\\)*\\$/.test(last) && line && !PROPERTY_START.test(line)) {
      // A value that ends a line with a lone backslash goes on in the next (2.1 writers, Android's tests).
      parts[parts.length - 1] = `${last.slice(0, -1)}\n`;
      parts.push(line);
    } else {
      flush();
      parts.push(line);
      qp = isQuotedPrintable(line);
    }
  }
  flush();
  return lines;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** Quoted-printable to bytes in one pass. */
function decodeQuotedPrintable(binary: string): Uint8Array {
  const out = new Uint8Array(binary.length);
  let n = 0;
  for (let i = 0; i < binary.length; i++) {
    const c = binary.charCodeAt(i);
    if (c === 61 /* = */ && HEX.test(binary.slice(i + 1, i + 3))) {
      out[n++] = Number.parseInt(binary.slice(i + 1, i + 3), 16);
      i += 2;
    } else if (c === 61 && (binary[i + 1] === "\r" || binary[i + 1] === "\n")) {
      i += binary[i + 1] === "\r" && binary[i + 2] === "\n" ? 2 : 1;
    } else out[n++] = c & 0xff;
  }
  return out.subarray(0, n);
}

/** A value as text: quoted-printable decoded, then its bytes read in the property's charset or the file's. */
function valueText(prop: Property, fallback: string): string {
  const encoding = prop.params.ENCODING?.[0]?.toUpperCase();
  const bytes = encoding === "QUOTED-PRINTABLE" ? decodeQuotedPrintable(prop.raw) : binaryToBytes(prop.raw);
  return decodeCharset(bytes, prop.params.CHARSET?.[0], fallback).slice(0, MAX_TEXT);
}

/**
 * vCard 2.1 has no text escapes: a backslash is itself, except before `;` (and `\\`, `\:`) inside a
 * structured value such as N or ADR. Android's importer reads `FN:A;B\C` as written.
 */
function unescape21(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/\\([;:\\])/g, "$1");
}

/** Text unescaping; `\"` too, which Gmail and macOS write inside notes. */
function unescapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\([\s\S])/g, (_, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}

/** Splits a structured or list value on unescaped separators, then unescapes each part. */
function splitValue(value: string, separator: ";" | ",", version = "3.0"): string[] {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === "\\" && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
    } else if (ch === separator) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => (version === "2.1" ? unescape21(p) : unescapeText(p)).trim());
}

const types = (prop: Property) =>
  (prop.params.TYPE ?? []).flatMap((t) => t.split(",")).map((t) => t.trim().toLowerCase());

const isPreferred = (prop: Property) =>
  types(prop).includes("pref") || (prop.params.PREF?.[0] !== undefined && prop.params.PREF[0] !== "");

/** Apple's labels live on a grouped X-ABLabel: `item1.EMAIL` + `item1.X-ABLabel:_$!<Work>!$_`; as written. */
function labelsByGroup(props: Property[], fallback: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const p of props)
    if (p.name === "X-ABLABEL" && p.group)
      labels.set(
        p.group,
        unescapeText(valueText(p, fallback))
          .replace(/^_\$!<|>!\$_$/g, "")
          .trim(),
      );
  return labels;
}

function phoneLabel(t: string[], extra: string | undefined): PhoneLabel {
  if (t.includes("cell") || t.includes("mobile") || t.includes("iphone") || extra === "mobile") return "mobile";
  if (t.includes("fax")) return "fax";
  if (t.includes("work") || extra === "work") return "work";
  if (t.includes("home") || extra === "home") return "home";
  return "other";
}

function simpleLabel<T extends string>(t: string[], extra: string | undefined, allowed: readonly T[], fallback: T): T {
  for (const x of [...t, extra ?? ""]) if ((allowed as readonly string[]).includes(x)) return x as T;
  return fallback;
}

const SOCIAL_HOSTS: [RegExp, string][] = [
  [/(^|\.)linkedin\.com$/, "linkedin"],
  [/(^|\.)(twitter|x)\.com$/, "x"],
  [/(^|\.)facebook\.com$/, "facebook"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)github\.com$/, "github"],
  [/(^|\.)youtube\.com$/, "youtube"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)bsky\.app$/, "bluesky"],
];

/** The social service a profile URL belongs to, if it is one we know. */
export function socialServiceOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const host = new URL(url).hostname.toLowerCase();
  return SOCIAL_HOSTS.find(([re]) => re.test(host))?.[1] ?? null;
}

const SERVICE_ALIASES: Record<string, string> = { twitter: "x" };

function isoDate(value: string): string | undefined {
  const v = value.trim();
  const m = v.match(/^(\d{4})-?(\d{2})-?(\d{2})/);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

function photoOf(prop: Property, version: string): PersonDraft["photo"] | "too-large" | "invalid" | undefined {
  const encoding = prop.params.ENCODING?.[0]?.toUpperCase();
  const raw = prop.raw.trim();
  let mediaType: string;
  let base64: string;
  if (encoding === "B" || encoding === "BASE64") {
    const t = (types(prop)[0] ?? "jpeg").replace(/^image\//, "");
    mediaType = `image/${t === "jpg" ? "jpeg" : t}`;
    base64 = raw.replace(/\s+/g, "");
  } else {
    const data = raw.match(/^data:(image\/[a-z0-9.+-]+)(?:;[^,]*)?;base64,(.*)$/is);
    if (!data) return undefined; // A photo by URL is never fetched.
    mediaType = (data[1] as string).toLowerCase();
    base64 = (data[2] as string).replace(/\s+/g, "");
  }
  void version;
  if (!/^image\/(jpeg|png|gif|webp)$/.test(mediaType) || !/^[A-Za-z0-9+/]+=*$/.test(base64)) return "invalid";
  if (base64.length > MAX_PHOTO_BASE64) return "too-large";
  // Missing padding is repaired; a length no base64 can have means the data was cut.
  const bare = base64.replace(/=+$/, "");
  if (bare.length % 4 === 1) return "invalid";
  return { mediaType, base64: bare.padEnd(Math.ceil(bare.length / 4) * 4, "=") };
}

function toDraft(props: Property[], version: string, fallback: string, warn: (m: string) => void): PersonDraft | null {
  const text = (p: Property) =>
    (version === "2.1" ? valueText(p, fallback).replace(/\r\n?/g, "\n") : unescapeText(valueText(p, fallback))).trim();
  const split = (p: Property, separator: ";" | ",") => splitValue(valueText(p, fallback), separator, version);
  const all = (name: string) => props.filter((p) => p.name === name);
  const first = (name: string) => props.find((p) => p.name === name);
  const ownLabels = labelsByGroup(props, fallback);
  const labels = new Map([...ownLabels].map(([group, label]) => [group, label.toLowerCase()]));
  const draft: PersonDraft = { displayName: "" };

  const n = first("N");
  if (n) {
    const [family, given, middle, prefix, suffix] = split(n, ";");
    const name = { family, given, middle, prefix, suffix };
    for (const k of Object.keys(name) as (keyof typeof name)[]) if (!name[k]) delete name[k];
    if (Object.keys(name).length) draft.name = name;
  }
  // Apple's company card: the name is the organisation's, so no given or family name is split from it.
  const company =
    /^company$/i.test(first("X-ABSHOWAS")?.raw.trim() ?? "") || /^org$/i.test(first("KIND")?.raw.trim() ?? "");
  if (company && !Object.keys(draft.name ?? {}).length) draft.name = {};

  // A label of the person's own (Apple's X-ABLabel "Gym", a TYPE=x-gym) is kept beside ours as written.
  const ownLabel = (p: Property, kept: string): { customLabel: string } | Record<string, never> => {
    if (kept !== "other") return {};
    const own =
      ownLabels.get(p.group) ??
      types(p)
        .find((t) => t.startsWith("x-") && t.length > 2)
        ?.slice(2);
    return own && !/^(other|internet|pref|voice|main)$/i.test(own) ? { customLabel: own.slice(0, 40) } : {};
  };
  const emails: EmailPoint[] = [];
  for (const p of all("EMAIL")) {
    const value = addressIn(text(p));
    if (!value) continue;
    const label = simpleLabel<EmailLabel>(types(p), labels.get(p.group), ["work", "home", "other"], "other");
    emails.push({ value, label, ...ownLabel(p, label), ...(isPreferred(p) ? { preferred: true } : {}) });
  }
  const sips: SipPoint[] = [];
  const addSip = (p: Property, value: string) => {
    const label = simpleLabel<EmailLabel>(types(p), labels.get(p.group), ["work", "home", "other"], "other");
    const address = /^sip:/i.test(value) ? value : `sip:${value}`;
    if (!sips.some((x) => x.value.toLowerCase() === address.toLowerCase()))
      sips.push({ value: address, label, ...ownLabel(p, label), ...(isPreferred(p) ? { preferred: true } : {}) });
  };

  // What has no field of its own is kept as a line of the note, and the preview says so.
  const noteLines: string[] = [];
  const keepInNote = (line: string, what: string) => {
    noteLines.push(line);
    warn(`${what} kept in the note`);
  };
  const phones: PhonePoint[] = [];
  for (const p of all("TEL")) {
    const value = text(p).replace(/^tel:/i, "").trim();
    if (!value) continue;
    if (/^sip:/i.test(value)) {
      addSip(p, value);
      continue;
    }
    const label = phoneLabel(types(p), labels.get(p.group));
    phones.push({ value, label, ...ownLabel(p, label), ...(isPreferred(p) ? { preferred: true } : {}) });
  }

  const websites: WebsitePoint[] = [];
  const socials: SocialPoint[] = [];
  for (const p of all("URL")) {
    let value = text(p);
    // Android writes a bare domain; like a domain typed in a form, it gets https://.
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value)) value = `https://${value}`;
    if (!/^https?:\/\//i.test(value)) {
      if (value) warn(`Website "${value.slice(0, 60)}" is not a web address; left out`);
      continue;
    }
    const service = socialServiceOf(value);
    const label = simpleLabel<WebsiteLabel>(
      types(p),
      labels.get(p.group)?.replace("homepage", "home"),
      ["work", "home", "blog", "other"],
      "other",
    );
    if (service) socials.push({ service, value });
    else websites.push({ value, label, ...ownLabel(p, label), ...(isPreferred(p) ? { preferred: true } : {}) });
  }
  for (const p of all("X-SOCIALPROFILE")) {
    const value = text(p);
    const user = p.params["X-USER"]?.[0];
    const typed = types(p).find((t) => t !== "pref");
    const service = own(SERVICE_ALIASES, typed) ?? typed ?? (value ? socialServiceOf(value) : null) ?? "other";
    const profile = /^https?:\/\//i.test(value) ? value : user || value.replace(/^x-apple:/i, "");
    if (profile) socials.push({ service, value: profile });
  }
  for (const name of ["X-TWITTER", "X-LINKEDIN", "X-FACEBOOK", "X-INSTAGRAM", "X-GITHUB"]) {
    for (const p of all(name)) {
      const value = text(p);
      if (value)
        socials.push({ service: SERVICE_ALIASES[name.slice(2).toLowerCase()] ?? name.slice(2).toLowerCase(), value });
    }
  }

  const addresses: AddressPoint[] = [];
  for (const p of all("ADR")) {
    const [poBox, extended, street, locality, region, postalCode, country] = split(p, ";");
    const label = simpleLabel<AddressLabel>(types(p), labels.get(p.group), ["work", "home", "other"], "other");
    const a: AddressPoint = {
      label,
      ...ownLabel(p, label),
      ...(isPreferred(p) ? { preferred: true } : {}),
      poBox,
      extended,
      street,
      locality,
      region,
      postalCode,
      country,
    };
    for (const k of Object.keys(a) as (keyof AddressPoint)[]) if (a[k] === "" || a[k] === undefined) delete a[k];
    if (Object.keys(a).some((k) => k !== "label" && k !== "preferred")) addresses.push(a);
  }

  // A preferred point first, so "the" email or phone is the one the person marked.
  const byPreference = <T extends { preferred?: boolean }>(list: T[]) =>
    [...list].sort((a, b) => Number(Boolean(b.preferred)) - Number(Boolean(a.preferred)));
  if (emails.length) draft.emails = byPreference(emails);
  if (phones.length) draft.phones = byPreference(phones);
  if (websites.length) draft.websites = byPreference(websites);
  if (socials.length) draft.socials = socials;
  if (addresses.length) draft.addresses = byPreference(addresses);

  for (const p of all("X-SIP")) {
    const value = text(p);
    if (value) addSip(p, value);
  }
  for (const p of all("IMPP")) {
    const value = text(p);
    if (!value) continue;
    if (/^sip:/i.test(value)) addSip(p, value);
    else keepInNote(`Messaging: ${value}`, `Messaging address "${value.slice(0, 60)}"`);
  }
  if (sips.length) draft.sips = byPreference(sips);
  // A second ORG and TITLE pair by their group (as we write them), else in the order they come.
  const titles = all("TITLE").slice(1);
  const roles: RolePoint[] = [];
  for (const p of all("ORG").slice(1)) {
    const [organization, department] = split(p, ";");
    const paired = titles.findIndex((t) => (p.group ? t.group === p.group : !t.group));
    const title = paired === -1 ? undefined : text(titles.splice(paired, 1)[0] as Property);
    const role = { organization, department, title };
    for (const k of Object.keys(role) as (keyof RolePoint)[]) if (!role[k]) delete role[k];
    if (Object.keys(role).length) roles.push(role);
  }
  for (const t of titles) if (text(t)) roles.push({ title: text(t) });
  if (roles.length) draft.otherRoles = roles;
  const org = first("ORG");
  if (org) {
    const [organization, department] = split(org, ";");
    if (organization) draft.organization = organization;
    if (department) draft.department = department;
  }
  const title = first("TITLE");
  if (title && text(title)) draft.title = text(title);
  const role = first("ROLE");
  if (role && text(role)) draft.role = text(role);
  const written = all("NOTE").map(text);
  // A card we exported already carries these lines in its NOTE: a client that sends it back adds none.
  const fresh = noteLines.filter((line) => !written.some((n) => n.split("\n").includes(line)));
  const notes = [...written, fresh.join("\n")].filter(Boolean);
  if (notes.length) draft.note = notes.join("\n\n");
  const tags = all("CATEGORIES").flatMap((p) => split(p, ","));
  if (tags.some(Boolean)) draft.tags = [...new Set(tags.filter(Boolean))];
  const bday = first("BDAY");
  if (bday) {
    const value = text(bday);
    // Apple writes a birthday without a year as 1604 with X-APPLE-OMIT-YEAR; vCard 4.0 as --MMDD.
    const omitted = bday.params["X-APPLE-OMIT-YEAR"]?.[0];
    const yearless = value.match(/^--(\d{2})-?(\d{2})$/) ?? (omitted ? value.match(/^\d{4}-?(\d{2})-?(\d{2})/) : null);
    const iso = yearless ? undefined : isoDate(value);
    const noYear = yearless ? yearlessBirthday(yearless[1], yearless[2]) : null;
    if (iso) draft.birthday = iso;
    else if (noYear) draft.birthday = noYear;
    else if (value) warn(`Birthday "${value.slice(0, 30)}" is not a date; left out`);
  }
  const uid = first("UID");
  if (uid && text(uid)) draft.externalId = text(uid).slice(0, 300);
  for (const [prop, key] of [
    ["X-KNOWWHO-STATUS", "status"],
    ["X-KNOWWHO-PRIORITY", "priority"],
    ["X-KNOWWHO-CONNECTED-ON", "connectedOn"],
  ] as const) {
    const p = first(prop);
    if (p && text(p)) draft[key] = text(p);
  }
  const photo = first("PHOTO");
  if (photo) {
    const read = photoOf(photo, version);
    if (read === "too-large") warn("Photo larger than 750 KB; left out");
    else if (read === "invalid") warn("Photo is not a readable image; left out");
    else if (read) draft.photo = read;
  }

  const fn = first("FN");
  const structured = draft.name
    ? [draft.name.prefix, draft.name.given, draft.name.middle, draft.name.family, draft.name.suffix]
        .filter(Boolean)
        .join(" ")
    : "";
  // Android writes a nickname as X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Nick;...
  const nickname =
    (first("NICKNAME") && split(first("NICKNAME") as Property, ",")[0]) ||
    all("X-ANDROID-CUSTOM")
      .map((p) => split(p, ";"))
      .find((v) => v[0] === "vnd.android.cursor.item/nickname")?.[1] ||
    "";
  draft.displayName =
    (fn && text(fn)) ||
    structured ||
    draft.organization ||
    nickname ||
    draft.emails?.[0]?.value ||
    draft.phones?.[0]?.value ||
    "";
  if (!draft.displayName) return null;
  return draft;
}

/** A group card's name (Fastmail's `KIND:group`, Apple's `X-ADDRESSBOOKSERVER-KIND:group`), or null for anyone else. */
function groupName(props: Property[], fallback: string): string | null {
  const kind = props.find((p) => p.name === "KIND" || p.name === "X-ADDRESSBOOKSERVER-KIND");
  if (kind?.raw.trim().toLowerCase() !== "group") return null;
  const fn = props.find((p) => p.name === "FN");
  return fn ? unescapeText(valueText(fn, fallback)).trim() : "";
}

/** Reads a .vcf file from its bytes (preferred) or from text already decoded. */
export function readVCardFile(input: Uint8Array | string, chosen?: string): ReadResult {
  let binary: string;
  let fallback: string;
  let encoding: string;
  if (typeof input === "string") {
    binary = textToBinary(input.replace(/^\uFEFF/, ""));
    fallback = "utf-8";
    encoding = "utf-8";
  } else {
    encoding = chosen ?? detectEncoding(input);
    if (encoding.startsWith("utf-16")) {
      binary = textToBinary(new TextDecoder(encoding).decode(input).replace(/^\uFEFF/, ""));
      fallback = "utf-8";
    } else {
      const start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
      binary = bytesToBinary(input.subarray(start));
      fallback = encoding;
    }
  }
  const people: ReadPerson[] = [];
  const problems: RowProblem[] = [];
  let props: Property[] | null = null;
  let version = "";
  let index = 0;
  let cardWarnings: string[] = [];
  let row = 0;
  // 2.1 lets a card hold cards (Android reads each as its own contact): the outer one waits here.
  const outer: { props: Property[]; version: string; warnings: string[]; row: number }[] = [];
  for (const line of unfold(binary)) {
    if (!line.trim()) continue;
    const prop = parseLine(line);
    if (!prop) {
      if (props !== null) cardWarnings.push(`Unreadable line "${line.slice(0, 40)}" ignored`);
      continue;
    }
    if (prop.name === "BEGIN" && prop.raw.trim().toUpperCase() === "VCARD") {
      if (props !== null) {
        if (outer.length >= 10) problems.push({ row, message: "Missing END:VCARD", skipped: true });
        else outer.push({ props, version, warnings: cardWarnings, row });
      }
      props = [];
      version = "";
      cardWarnings = [];
      index += 1;
      row = index;
      continue;
    }
    if (props === null) continue;
    if (prop.name === "END" && prop.raw.trim().toUpperCase() === "VCARD") {
      const group = groupName(props, fallback);
      if (group !== null) {
        problems.push({
          row,
          message: `${group ? `"${group.slice(0, 60)}" is` : "This card is"} a contact group, not a person; skipped (tags are KnowWho's groups)`,
          skipped: true,
        });
      } else if (people.length >= MAX_CARDS) {
        problems.push({ row, message: `Only the first ${MAX_CARDS} contacts are imported`, skipped: true });
      } else {
        const draft = toDraft(props, version, fallback, (m) => cardWarnings.push(m));
        if (!draft) problems.push({ row, message: "No name, email or phone", skipped: true });
        else {
          // A decode that could not read some bytes is named on its card, never stored without a word.
          if (JSON.stringify(draft).includes(REPLACEMENT)) cardWarnings.push(unreadableMessage(encoding));
          people.push({ row, draft });
          for (const message of cardWarnings) problems.push({ row, message, skipped: false });
        }
      }
      const resumed = outer.pop();
      props = resumed?.props ?? null;
      version = resumed?.version ?? "";
      cardWarnings = resumed?.warnings ?? [];
      row = resumed?.row ?? row;
      continue;
    }
    if (prop.name === "VERSION") version = prop.raw.trim();
    else props.push(prop);
  }
  if (props !== null) problems.push({ row, message: "Missing END:VCARD", skipped: true });
  for (const card of outer) problems.push({ row: card.row, message: "Missing END:VCARD", skipped: true });
  return { format: "vcard", encoding, people, problems };
}

/** The first-generation shape (one email, one phone), for the QR scanner until it takes PersonDraft. */
export function readVCards(text: string): {
  contacts: { index: number; draft: ContactDraft }[];
  skipped: { index: number; reason: string }[];
} {
  const read = readVCardFile(text);
  return {
    contacts: read.people.map((p) => ({ index: p.row, draft: toContactDraft(p.draft) })),
    skipped: read.problems.filter((p) => p.skipped).map((p) => ({ index: p.row, reason: p.message })),
  };
}
