import type { PublicCard } from "../card/card";
import { safeHref, splitOwnName } from "../card/card";
import { BIRTHDAY, type PersonRecord, type PhotoDraft, type StructuredName } from "../people/draft";
import { escapeText, foldLine } from "../text/content-line";
import { own } from "../text/own";

/**
 * vCard 3.0 (RFC 2426) and 4.0 (RFC 6350) writer. Text values are escaped; URI values (URL,
 * X-SOCIALPROFILE, 4.0 TEL and PHOTO) are written as URIs, never text-escaped; every line is
 * folded at 75 octets. See docs/decisions/0060 for why this is our own code and not ical.js.
 */

export type VCardVersion = "3.0" | "4.0";

/** What a writer needs: a stored person, plus the photo bytes the caller loaded (JPEG, ≤ ~200 px). */
export type VCardPerson = Omit<PersonRecord, "id" | "createdAt" | "photoKey"> & {
  photo?: PhotoDraft | null;
  /** Where the live version lives (the card's page): vCard SOURCE. */
  source?: string | null;
  /** The organisation's logo, an absolute web address: vCard LOGO. */
  logo?: string | null;
  /** The same person written in a second language: vCard 4.0 writes both with ALTID and LANGUAGE. */
  alternate?: AlternateLanguage | null;
};

/** The fields written in a second language; the first language names what the person's own fields are in. */
export type AlternateLanguage = {
  primaryLanguage: string;
  language: string;
  displayName?: string;
  name?: StructuredName;
  organization?: string;
  title?: string;
  locality?: string;
};

const e = escapeText;

/** Imported websites keep http:; nothing but web, mail and phone links is ever written. */
export function uriValue(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v || !URL.canParse(v)) return null;
  const url = new URL(v);
  if (!["https:", "http:", "mailto:", "tel:"].includes(url.protocol)) return null;
  // As stored when it needs no encoding, so a link reads back exactly; else the parser's form.
  return /^[^\s\p{Cc}]+$/u.test(v) ? v : url.href;
}

/** A parameter value: quoted when it holds a separator, with characters no parameter may hold removed. */
function param(value: string): string {
  const clean = value.replace(/["\r\n\p{Cc}]/gu, "");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

function nameValue(name: StructuredName | undefined, displayName: string): string {
  const parts = name ?? {};
  const any = [parts.family, parts.given, parts.middle, parts.prefix, parts.suffix].some((p) => p?.trim());
  // No stored structure: the whole name goes in the given name, never a guess at the family name.
  if (!any) return `;${e(displayName)};;;`;
  return [parts.family, parts.given, parts.middle, parts.prefix, parts.suffix].map((p) => e(p ?? "")).join(";");
}

const stamp = (d: Date, version: VCardVersion) => {
  const iso = d.toISOString().replace(/\.\d{3}Z$/, "Z");
  return version === "4.0" ? iso.replace(/[-:]/g, "") : iso;
};

const PHONE_TYPES: Record<string, string[]> = {
  mobile: ["CELL", "VOICE"],
  work: ["WORK", "VOICE"],
  home: ["HOME", "VOICE"],
  fax: ["FAX"],
  other: ["VOICE"],
};

const SOCIAL_TYPE: Record<string, string> = { x: "twitter" };

/** Apple's and Google's social profile types; a profile URL is written as a URI, a bare handle with X-USER. */
function socialLine(service: string, value: string, preferred: boolean | undefined, version: VCardVersion): string {
  const type = param(own(SOCIAL_TYPE, service) ?? service);
  const pref = preferred ? (version === "4.0" ? ";PREF=1" : ",PREF") : "";
  const href = uriValue(value);
  if (href && /^https?:/.test(href)) return `X-SOCIALPROFILE;TYPE=${type}${pref}:${href}`;
  return `X-SOCIALPROFILE;TYPE=${type}${pref};X-USER=${param(value)}:x-apple:${encodeURIComponent(value)}`;
}

function types(list: string[], preferred: boolean | undefined, version: VCardVersion): string {
  if (version === "4.0") {
    const t = list.map((x) => x.toLowerCase()).join(",");
    return `${t ? `;TYPE=${t}` : ""}${preferred ? ";PREF=1" : ""}`;
  }
  const all = preferred ? [...list, "PREF"] : list;
  return all.length ? `;TYPE=${all.join(",")}` : "";
}

/** A company's card: named after its organisation, with no name of a person (Apple's "show as company"). */
export function isOrganisation(person: Pick<VCardPerson, "displayName" | "organization" | "name">): boolean {
  const n = person.name ?? {};
  return (
    !!person.organization?.trim() &&
    person.organization.trim() === person.displayName.trim() &&
    ![n.family, n.given, n.middle, n.prefix, n.suffix].some((p) => p?.trim())
  );
}

/** One person as one vCard. */
export function writeVCard(person: VCardPerson, version: VCardVersion = "3.0"): string {
  const lines = ["BEGIN:VCARD", `VERSION:${version}`, "PRODID:-//KnowWho//Contacts//EN"];
  const company = isOrganisation(person);
  // vCard 4.0 says what the card is; 3.0 readers (Apple, and the many that copy it) take X-ABShowAs.
  if (company && version === "4.0") lines.push("KIND:org");
  lines.push(`UID:${e(person.uid)}`);
  // vCard 4.0 (RFC 6350 5.4): the two languages of one property share an ALTID and each names its LANGUAGE.
  // 3.0 has no ALTID: its readers show every copy, so they get the first language alone (docs/decisions/0249).
  const alt = version === "4.0" ? person.alternate : null;
  const both = (prop: string, first: string, second: string | undefined) => {
    if (!alt || second === undefined) return lines.push(`${prop}:${first}`);
    return lines.push(
      `${prop};ALTID=1;LANGUAGE=${param(alt.primaryLanguage)}:${first}`,
      `${prop};ALTID=1;LANGUAGE=${param(alt.language)}:${second}`,
    );
  };
  both("FN", e(person.displayName), alt?.displayName && e(alt.displayName));
  // A company has no person's name: N stays empty rather than the organisation invented as a given name.
  both(
    "N",
    company ? ";;;;" : nameValue(person.name, person.displayName),
    alt?.name && !company ? nameValue(alt.name, alt.displayName ?? person.displayName) : undefined,
  );
  if (company && version === "3.0") lines.push("X-ABShowAs:COMPANY");
  if (person.organization || person.department)
    both(
      "ORG",
      `${e(person.organization ?? "")}${person.department ? `;${e(person.department)}` : ""}`,
      alt?.organization && e(alt.organization),
    );
  if (person.title) both("TITLE", e(person.title), alt?.title && e(alt.title));
  if (person.role) lines.push(`ROLE:${e(person.role)}`);
  // Lines that belong together share a group (Apple's itemN): a label of the person's own, a second ORG and TITLE.
  let group = 0;
  const labelled = (line: string, customLabel: string | undefined) => {
    if (!customLabel) return lines.push(line);
    group++;
    return lines.push(`item${group}.${line}`, `item${group}.X-ABLabel:${e(customLabel)}`);
  };
  for (const r of person.otherRoles ?? []) {
    group++;
    if (r.organization || r.department)
      lines.push(`item${group}.ORG:${e(r.organization ?? "")}${r.department ? `;${e(r.department)}` : ""}`);
    if (r.title) lines.push(`item${group}.TITLE:${e(r.title)}`);
  }
  for (const m of person.emails ?? []) {
    const t = version === "4.0" ? [m.label.toUpperCase()] : ["INTERNET", m.label.toUpperCase()];
    labelled(
      `EMAIL${types(m.label === "other" ? t.slice(0, -1) : t, m.preferred, version)}:${e(m.value)}`,
      m.customLabel,
    );
  }
  for (const p of person.phones ?? []) {
    const t = PHONE_TYPES[p.label] ?? ["VOICE"];
    // RFC 3966: a tel: URI is global (+country) or needs a phone-context we do not know; 4.0 allows text.
    const global = p.value.replace(/[\s().-]/g, "").match(/^\+\d{4,}(?:;ext=\d+)?$/);
    if (version === "4.0" && global)
      labelled(`TEL;VALUE=uri${types(t, p.preferred, version)}:tel:${global[0]}`, p.customLabel);
    else labelled(`TEL${types(t, p.preferred, version)}:${e(p.value)}`, p.customLabel);
  }
  // RFC 4770 (3.0) and RFC 6350 (4.0): IMPP holds a URI, here a sip: one, never text-escaped.
  for (const s of person.sips ?? []) {
    const uri = s.value.replace(/[\s\p{Cc}]/gu, "");
    if (!/^sip:./i.test(uri)) continue;
    const t = s.label === "other" ? [] : [s.label.toUpperCase()];
    labelled(`IMPP${types(t, s.preferred, version)}:${uri}`, s.customLabel);
  }
  for (const a of person.addresses ?? []) {
    const parts = [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country];
    if (!parts.some((x) => x?.trim())) continue;
    const t = a.label === "other" ? [] : [a.label.toUpperCase()];
    const line = `ADR${types(t, a.preferred, version)}`;
    // The card's one address (its location) has a second-language version; an imported address book's never does.
    if (alt?.locality && a === person.addresses?.[0] && !a.customLabel) {
      lines.push(`${line};ALTID=1;LANGUAGE=${param(alt.primaryLanguage)}:${parts.map((x) => e(x ?? "")).join(";")}`);
      lines.push(`${line};ALTID=1;LANGUAGE=${param(alt.language)}:;;;${e(alt.locality)};;;`);
    } else labelled(`${line}:${parts.map((x) => e(x ?? "")).join(";")}`, a.customLabel);
  }
  for (const w of person.websites ?? []) {
    const href = uriValue(w.value);
    if (!href) continue;
    const t = w.label === "other" ? [] : [w.label.toUpperCase()];
    labelled(`URL${types(t, w.preferred, version)}:${href}`, w.customLabel);
  }
  for (const s of person.socials ?? [])
    if (s.value.trim()) lines.push(socialLine(s.service, s.value, s.preferred, version));
  // Without a year: vCard 4.0's --MMDD; for 3.0 readers Apple's 1604 placeholder year, marked as omitted.
  if (person.birthday?.startsWith("--") && BIRTHDAY.test(person.birthday))
    lines.push(
      version === "4.0"
        ? `BDAY:${person.birthday.replace(/^--(\d{2})-/, "--$1")}`
        : `BDAY;X-APPLE-OMIT-YEAR=1604:1604${person.birthday.slice(1)}`,
    );
  else if (person.birthday && BIRTHDAY.test(person.birthday))
    lines.push(`BDAY:${version === "4.0" ? person.birthday.replace(/-/g, "") : person.birthday}`);
  if (person.tags.length) lines.push(`CATEGORIES:${person.tags.map(e).join(",")}`);
  if (person.note) lines.push(`NOTE:${e(person.note)}`);
  // Our own fields, so a file exported here and imported again keeps them.
  if (person.status) lines.push(`X-KNOWWHO-STATUS:${e(person.status)}`);
  if (person.priority) lines.push(`X-KNOWWHO-PRIORITY:${e(person.priority)}`);
  if (person.connectedOn) lines.push(`X-KNOWWHO-CONNECTED-ON:${e(person.connectedOn)}`);
  // WebP too (docs/decisions/0189): leaving it out would lose it, and a device saving the card back would remove it.
  if (person.photo && /^image\/(jpeg|png|gif|webp)$/.test(person.photo.mediaType)) {
    const base64 = person.photo.base64.replace(/[^A-Za-z0-9+/=]/g, "");
    const type = person.photo.mediaType.slice(6).toUpperCase();
    lines.push(
      version === "4.0"
        ? `PHOTO:data:${person.photo.mediaType};base64,${base64}`
        : `PHOTO;ENCODING=b;TYPE=${type}:${base64}`,
    );
  }
  // The organisation's logo by address (decision 0254): only a web link, written as a URI, never text-escaped.
  const logo = uriValue(person.logo);
  if (logo && /^https?:/.test(logo)) lines.push(version === "4.0" ? `LOGO:${logo}` : `LOGO;VALUE=uri:${logo}`);
  const source = uriValue(person.source);
  if (source) lines.push(`SOURCE:${source}`);
  lines.push(`REV:${stamp(person.updatedAt, version)}`);
  lines.push("END:VCARD");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

export function writeVCards(people: VCardPerson[], version: VCardVersion = "3.0"): string {
  return people.map((p) => writeVCard(p, version)).join("");
}

/** A stable id from text (FNV-1a, 64 bits as two 32-bit halves), for cards that have no stored id. */
export function stableId(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(16).padStart(8, "0")}${h2.toString(16).padStart(8, "0")}`;
}

type CardForVCard = Pick<
  PublicCard,
  | "name"
  | "givenName"
  | "familyName"
  | "title"
  | "company"
  | "email"
  | "phone"
  | "website"
  | "linkedin"
  | "location"
  | "notes"
  | "socialAccounts"
  | "additionalContacts"
> &
  Partial<Pick<PublicCard, "id" | "slug" | "second">>;

/** Names written family first: a Japanese or Chinese card's "山田 太郎" is family 山田, given 太郎. */
const FAMILY_FIRST = new Set(["ja", "zh-Hans"]);

function alternateOf(card: CardForVCard): AlternateLanguage | null {
  const s = card.second;
  if (!s) return null;
  const split = s.name ? splitOwnName(s.name) : undefined;
  const name = split && FAMILY_FIRST.has(s.lang) && split.family ? { given: split.family, family: split.given } : split;
  return {
    primaryLanguage: s.primary,
    language: s.lang,
    ...(s.name ? { displayName: s.name, name } : {}),
    ...(s.company ? { organization: s.company } : {}),
    ...(s.title ? { title: s.title } : {}),
    ...(s.location ? { locality: s.location } : {}),
  };
}

/** A card as a person for the writer: extra contacts become contact points, the note stays one note. */
export function cardToVCardPerson(
  card: CardForVCard,
  options: {
    cardUrl?: string;
    photo?: PhotoDraft | null;
    updatedAt?: Date;
    domain?: string;
    logo?: string | null;
  } = {},
): VCardPerson {
  const emails: NonNullable<VCardPerson["emails"]> = [];
  const phones: NonNullable<VCardPerson["phones"]> = [];
  const websites: NonNullable<VCardPerson["websites"]> = [];
  const socials: NonNullable<VCardPerson["socials"]> = [];
  const extraNotes: string[] = [];
  if (card.email) emails.push({ value: card.email, label: "work", preferred: true });
  if (card.phone) phones.push({ value: card.phone, label: "mobile", preferred: true });
  const site = safeHref(card.website);
  if (site) websites.push({ value: site, label: "work" });
  const linkedin = safeHref(card.linkedin);
  if (linkedin) socials.push({ service: "linkedin", value: linkedin });
  for (const s of card.socialAccounts) {
    const href = safeHref(s.url);
    if (href) socials.push({ service: s.platform === "twitter" ? "x" : s.platform, value: href });
  }
  for (const c of card.additionalContacts) {
    if (c.type === "email") emails.push({ value: c.value, label: "other" });
    else if (c.type === "phone") phones.push({ value: c.value, label: "other" });
    else if (c.type === "website" && safeHref(c.value)) websites.push({ value: c.value, label: "other" });
    else if (c.value.trim()) extraNotes.push(c.value.trim());
  }
  const note = [card.notes?.trim() ? card.notes : "", ...extraNotes].filter(Boolean).join("\n\n");
  const key = card.slug ?? (card.id != null ? String(card.id) : stableId(`${card.name}\n${card.email ?? ""}`));
  return {
    uid: `card-${key}@${options.domain ?? "knowwho.app"}`,
    displayName: card.name,
    // The owner's own given and family name; until they give them, split from the name they wrote.
    name:
      card.givenName || card.familyName
        ? {
            ...(card.givenName ? { given: card.givenName } : {}),
            ...(card.familyName ? { family: card.familyName } : {}),
          }
        : splitOwnName(card.name),
    emails,
    phones,
    websites,
    socials,
    addresses: card.location ? [{ label: "work", locality: card.location }] : [],
    title: card.title ?? undefined,
    organization: card.company ?? undefined,
    note: note || undefined,
    tags: [],
    updatedAt: options.updatedAt ?? new Date(),
    photo: options.photo ?? null,
    logo: options.logo ?? null,
    source: options.cardUrl ?? null,
    alternate: alternateOf(card),
  };
}

/** The card's Save Contact file: vCard 3.0, as the specification names it; 4.0 also carries the second language. */
export function buildVCard(
  card: CardForVCard,
  cardUrl?: string,
  options: { photo?: PhotoDraft | null; updatedAt?: Date; version?: VCardVersion; logo?: string | null } = {},
): string {
  const domain = cardUrl && URL.canParse(cardUrl) ? new URL(cardUrl).hostname : undefined;
  const { version = "3.0", ...rest } = options;
  return writeVCard(cardToVCardPerson(card, { cardUrl, domain, ...rest }), version);
}
