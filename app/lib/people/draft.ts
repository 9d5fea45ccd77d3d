/**
 * The shape of a person as every reader produces it (capture, share-back, saved card, vCard, CSV,
 * CardDAV, API) and as every writer consumes it (vCard, CSV, XLSX, CardDAV). The people core
 * (app/server/people/) is the only code that turns a draft into stored rows; readers and writers
 * never touch the database. Values here are as read: the people core normalises them (E.164 phones,
 * https links, trimmed text) before it stores or matches anything.
 */

export const PHONE_LABELS = ["mobile", "work", "home", "fax", "other"] as const;
export type PhoneLabel = (typeof PHONE_LABELS)[number];

export const EMAIL_LABELS = ["work", "home", "other"] as const;
export type EmailLabel = (typeof EMAIL_LABELS)[number];

export const ADDRESS_LABELS = ["work", "home", "other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

export const WEBSITE_LABELS = ["work", "home", "blog", "other"] as const;
export type WebsiteLabel = (typeof WEBSITE_LABELS)[number];

/** `customLabel`: a label of the person's own (Apple's X-ABLabel "Gym"); `label` is then "other". */
export type EmailPoint = { value: string; label: EmailLabel; customLabel?: string; preferred?: boolean };
export type PhonePoint = { value: string; label: PhoneLabel; customLabel?: string; preferred?: boolean };
export type WebsitePoint = { value: string; label: WebsiteLabel; customLabel?: string; preferred?: boolean };
/** A SIP address (X-SIP, IMPP sip:, a TEL with a sip: value), always written with its sip: scheme. */
export type SipPoint = { value: string; label: EmailLabel; customLabel?: string; preferred?: boolean };
/** A further organisation or title beyond the first (a second ORG and TITLE). */
export type RolePoint = { organization?: string; department?: string; title?: string };
/** `value` is a profile URL where one is known, else the handle as given. */
export type SocialPoint = { service: string; value: string; preferred?: boolean };
export type AddressPoint = {
  label: AddressLabel;
  customLabel?: string;
  preferred?: boolean;
  poBox?: string;
  extended?: string;
  street?: string;
  locality?: string;
  region?: string;
  postalCode?: string;
  country?: string;
};

export type StructuredName = {
  prefix?: string;
  given?: string;
  middle?: string;
  family?: string;
  suffix?: string;
};

/** A photo as read from a file or upload: bytes base64-encoded, with its media type. */
export type PhotoDraft = { mediaType: string; base64: string };

export type PersonDraft = {
  /** What people call them: FN in vCard. Readers derive it from the structured name when absent. */
  displayName: string;
  name?: StructuredName;
  emails?: EmailPoint[];
  phones?: PhonePoint[];
  websites?: WebsitePoint[];
  socials?: SocialPoint[];
  addresses?: AddressPoint[];
  sips?: SipPoint[];
  otherRoles?: RolePoint[];
  title?: string;
  organization?: string;
  department?: string;
  role?: string;
  note?: string;
  tags?: string[];
  /** ISO date (YYYY-MM-DD), or --MM-DD for a birthday without a year (ISO 8601's and Google's form). */
  birthday?: string;
  photo?: PhotoDraft;
  /** For imports that carry them (LinkedIn's Connected On, HubSpot's Lead Status...). */
  connectedOn?: string;
  status?: string;
  priority?: string;
  /** Where the owner met them ("Met at"), for files that carry it. */
  eventName?: string;
  /** A stable id from the source (vCard UID, CardDAV resource), kept so a re-import matches. */
  externalId?: string;
};

/** A person as stored, for writers (exports, CardDAV). */
export type PersonRecord = Omit<PersonDraft, "photo"> & {
  id: number;
  /** Stable across exports and CardDAV (vCard UID). */
  uid: string;
  /** Last change, for vCard REV and CardDAV ETags. */
  updatedAt: Date;
  createdAt: Date;
  tags: string[];
  /** URL path of the stored photo, if any (served to the owner only). */
  photoKey?: string | null;
};

/** A stored birthday: a full date, or a month and day without a year (--MM-DD). */
export const BIRTHDAY = /^(?:\d{4}|-)-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** Month and day as --MM-DD when they are a real day of the year, else null. */
export function yearlessBirthday(month: string | undefined, day: string | undefined): string | null {
  const m = Number(month);
  const d = Number(day);
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!)) return null;
  return `--${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
