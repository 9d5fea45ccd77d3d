import type { CountryCode } from "libphonenumber-js/min";
import { normalizeEmail } from "~/lib/forms/email";
import { normalizePhone, phoneKey } from "~/lib/forms/phone";
import { normalizeLinkedIn } from "~/lib/people/enrich";
import { clipText } from "~/lib/text/graphemes";
import { type AddressPoint, BIRTHDAY, type PersonDraft, type RolePoint, type StructuredName } from "./draft";

/** What the people core stores for one contact point; `key` recognises the same person. */
export type PointValues = {
  kind: "email" | "phone" | "website" | "social" | "address" | "sip" | "role";
  label: string;
  value: string;
  key: string | null;
  service: string | null;
  preferred: boolean;
};

/** The single-valued fields of a person as stored. */
export type PersonValues = {
  name: string;
  namePrefix: string | null;
  givenName: string | null;
  middleName: string | null;
  familyName: string | null;
  nameSuffix: string | null;
  title: string | null;
  company: string | null;
  department: string | null;
  role: string | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  linkedin: string | null;
  notes: string | null;
  tags: string[];
  uid: string | null;
  nameKey: string;
};

export const MAX_POINTS_PER_KIND = 10;

/** A label of the person's own is stored as written in place of ours (a custom label is its own word). */
const labelOf = (p: { label?: string; customLabel?: string }, fallback: string) =>
  p.customLabel?.trim().replace(/\s+/g, " ").slice(0, 40) || p.label || fallback;

/** A SIP address with its scheme: X-SIP's bare "888" and "sip:888" are one address. */
export function sipAddress(raw: string | null | undefined): string | null {
  const v = raw
    ?.trim()
    .replace(/^sip:/i, "")
    .replace(/[\s\p{Cc}]/gu, "");
  return v ? `sip:${v}`.slice(0, 300) : null;
}

/** A second organisation and title as stored: JSON of its parts, like an address. */
export function formatRole(value: string): string {
  try {
    const r = JSON.parse(value) as RolePoint;
    return [r.title, [r.organization, r.department].filter(Boolean).join(", ")].filter(Boolean).join(", ");
  } catch {
    return value;
  }
}
const clip = (v: string | null | undefined, max: number) => {
  const t = v?.trim().replace(/\s+/g, " ");
  return t ? clipText(t, max) : null;
};

/** Case, accents and spacing folded away: "José  GARCÍA" and "jose garcia" are possibly the same person. */
export function foldName(name: string | null | undefined): string {
  return (name ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** http(s) links kept as given (a bare domain gets https://); anything else is dropped. */
export function normaliseWebsite(raw: string | null | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  if (!/^https?:\/\//i.test(withScheme) || !URL.canParse(withScheme)) return null;
  return withScheme.slice(0, 300);
}

/** Given and family name read off a display name when the source gives no structured name. */
export function splitName(displayName: string): StructuredName {
  const words = displayName.split(" ").filter(Boolean);
  if (words.length < 2) return { given: words[0] };
  return { given: words[0], family: words.slice(1).join(" ") };
}

function addressText(a: AddressPoint): string {
  return [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * Turns a draft from any reader into stored values and contact points: names cased, emails lower-case,
 * phones in E.164 for the owner's country, LinkedIn as its canonical URL, links only http(s). Nothing is
 * guessed: a company read off an email domain is a suggestion the owner accepts, never stored here.
 */
export function normalisePerson(
  draft: PersonDraft,
  country: CountryCode,
): { values: PersonValues; points: PointValues[]; connectedOn: string | null; pastCap: PointValues[] } {
  const points: PointValues[] = [];
  const pastCap: PointValues[] = [];
  const push = (p: PointValues) => {
    const sameKind = points.filter((x) => x.kind === p.kind);
    if (sameKind.some((x) => (p.key ? x.key === p.key : x.value.toLowerCase() === p.value.toLowerCase()))) return;
    if (sameKind.length >= MAX_POINTS_PER_KIND) pastCap.push(p);
    else points.push(p);
  };
  for (const e of draft.emails ?? []) {
    const value = normalizeEmail(e.value);
    if (value)
      push({ kind: "email", label: labelOf(e, "other"), value, key: value, service: null, preferred: !!e.preferred });
  }
  for (const p of draft.phones ?? []) {
    const value = normalizePhone(p.value, country);
    const key = phoneKey(p.value, country);
    if (value && key)
      push({ kind: "phone", label: labelOf(p, "mobile"), value, key, service: null, preferred: !!p.preferred });
  }
  for (const w of draft.websites ?? []) {
    const value = normaliseWebsite(w.value);
    if (value)
      push({ kind: "website", label: labelOf(w, "work"), value, key: null, service: null, preferred: !!w.preferred });
  }
  for (const s of draft.socials ?? []) {
    const service = (s.service || "other").trim().toLowerCase().slice(0, 40);
    if (service === "linkedin") {
      const value = normalizeLinkedIn(s.value);
      if (value)
        push({ kind: "social", label: "other", value, key: `linkedin:${value}`, service, preferred: !!s.preferred });
    } else {
      const value = clip(s.value, 300);
      if (value && !/^(javascript|data|vbscript):/i.test(value))
        push({ kind: "social", label: "other", value, key: null, service, preferred: !!s.preferred });
    }
  }
  for (const a of draft.addresses ?? []) {
    const parts = Object.fromEntries(
      (["poBox", "extended", "street", "locality", "region", "postalCode", "country"] as const)
        .map((k) => [k, clip(a[k], 200)])
        .filter(([, v]) => v),
    );
    if (Object.keys(parts).length)
      push({
        kind: "address",
        label: labelOf(a, "other"),
        value: JSON.stringify(parts),
        key: null,
        service: null,
        preferred: !!a.preferred,
      });
  }
  for (const sip of draft.sips ?? []) {
    const value = sipAddress(sip.value);
    if (value)
      push({ kind: "sip", label: labelOf(sip, "other"), value, key: null, service: null, preferred: !!sip.preferred });
  }
  for (const r of draft.otherRoles ?? []) {
    const parts = Object.fromEntries(
      (["organization", "department", "title"] as const).map((k) => [k, clip(r[k], 120)]).filter(([, v]) => v),
    );
    if (Object.keys(parts).length)
      push({ kind: "role", label: "other", value: JSON.stringify(parts), key: null, service: null, preferred: false });
  }
  for (const kind of ["email", "phone", "website", "social", "address", "sip"] as const) {
    const ofKind = points.filter((p) => p.kind === kind);
    if (ofKind.length && !ofKind.some((p) => p.preferred) && ofKind[0]) ofKind[0].preferred = true;
  }

  const structured = draft.name ?? {};
  const joined = [structured.prefix, structured.given, structured.middle, structured.family, structured.suffix]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ");
  const firstEmail = points.find((p) => p.kind === "email")?.value;
  // Stored as written: "danah boyd" and "logo" are how their owners spell them.
  const asWritten = (s: string | null | undefined) => s?.trim().replace(/\s+/g, " ") ?? "";
  const name = (asWritten(draft.displayName) || asWritten(joined) || firstEmail || "Unknown").slice(0, 120);
  const parts = draft.name ? structured : splitName(asWritten(draft.displayName));
  const preferred = (kind: PointValues["kind"], service?: string) =>
    points.find((p) => p.kind === kind && p.preferred && (!service || p.service === service))?.value ??
    points.find((p) => p.kind === kind && (!service || p.service === service))?.value ??
    null;
  const birthday = draft.birthday && BIRTHDAY.test(draft.birthday) ? draft.birthday : null;
  return {
    values: {
      name,
      namePrefix: clip(parts.prefix, 40),
      givenName: clip(parts.given, 80),
      middleName: clip(parts.middle, 80),
      familyName: clip(parts.family, 80),
      nameSuffix: clip(parts.suffix, 40),
      title: clip(draft.title, 120),
      company: clip(draft.organization, 120),
      department: clip(draft.department, 120),
      role: clip(draft.role, 120),
      birthday,
      email: preferred("email"),
      phone: preferred("phone"),
      website: preferred("website"),
      linkedin: preferred("social", "linkedin"),
      notes: draft.note?.trim().slice(0, 5000) || null,
      tags: (draft.tags ?? []).map((t) => t.trim()).filter(Boolean),
      uid: clip(draft.externalId, 200),
      nameKey: foldName(name),
    },
    points,
    /** When they connected (LinkedIn's Connected On), kept as a dated history line. */
    connectedOn: draft.connectedOn && /^\d{4}-\d{2}-\d{2}$/.test(draft.connectedOn) ? draft.connectedOn : null,
    /** Distinct values past the per-kind cap, not kept: a caller that must not drop silently refuses on them. */
    pastCap,
  };
}

/** A readable one-line postal address from its stored JSON. */
export function formatAddress(value: string): string {
  try {
    return addressText(JSON.parse(value) as AddressPoint);
  } catch {
    return value;
  }
}
