import { z } from "zod";
import { emailAddress, isEmail, isPhoneText, optionalText } from "../forms/fields";
import { tooLong } from "../forms/too-long";
import { isWebLink, WEB_LINK_MESSAGE, webLink, withHttps } from "../forms/web-link";
import { LOCALES, type Locale } from "../i18n/locales";
import { slugOf } from "../text/slug";

/** The card written again in a second language; a field left empty shows the primary one. */
export type CardSecondLanguage = {
  /** The language the card's own fields are written in. */
  primary: Locale;
  lang: Locale;
  name?: string;
  title?: string;
  headline?: string;
  company?: string;
  location?: string;
};

/** The card as a visitor sees it: everything the page, the vCard and the QR code need. */
export type PublicCard = {
  id: number | null;
  slug: string | null;
  ownerId: string | null;
  ownerName: string | null;
  name: string;
  /** The name as address books file it (vCard N), when the owner gave it; else split from `name`. */
  givenName?: string | null;
  familyName?: string | null;
  title: string | null;
  company: string | null;
  /** The owner's own line under their name, in their words. */
  headline?: string | null;
  bio?: string | null;
  /** Which optional fields the share-back form asks for. */
  shareFields?: ShareField[];
  email: string | null;
  phone: string | null;
  website: string | null;
  linkedin: string | null;
  location: string | null;
  avatarUrl: string | null;
  /** The logo of the team template the card follows (decision 0254), shown on the page and in the vCard. */
  logoUrl?: string | null;
  notes: string;
  template: Template;
  colour: string;
  socialAccounts: { id: string; platform: Platform; url: string }[];
  additionalContacts: { id: string; type: ContactType; value: string }[];
  activeEvent: string | null;
  /** Fundraising: the owner's active campaign this card invites visitors to support. */
  campaign?: { id: string; title: string } | null;
  /** The owner shows the card only to people they give it to: search engines are asked not to list it. */
  unlisted?: boolean;
  second?: CardSecondLanguage | null;
};

export const TEMPLATES = ["classic", "bold", "minimal"] as const;
export type Template = (typeof TEMPLATES)[number];
export const PLATFORMS = ["facebook", "twitter", "instagram", "linkedin", "github", "youtube", "generic"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const CONTACT_TYPES = ["email", "phone", "website", "generic"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Optional questions a visitor may answer when sharing back; the owner picks which show. */
export const SHARE_FIELDS = ["company", "title", "note"] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
export const SHARE_FIELD_LABEL: Record<ShareField, string> = {
  company: "Company",
  title: "Title",
  note: "What we talked about",
};
export const shareFieldsOf = (value: unknown): ShareField[] =>
  Array.isArray(value) ? SHARE_FIELDS.filter((f) => value.includes(f)) : [...SHARE_FIELDS];

export const CARD_LIMITS = {
  name: 100,
  text: 120,
  headline: 120,
  bio: 500,
  email: 254,
  phone: 40,
  url: 300,
  notes: 1000,
  lists: 10,
} as const;

/** Links from people are allowed only as https, mailto and tel; anything else is dropped when shown. */
export function safeHref(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v || !URL.canParse(v)) return null;
  const url = new URL(v);
  return ["https:", "mailto:", "tel:"].includes(url.protocol) ? url.href : null;
}

export const platformOf = (value: unknown): Platform =>
  PLATFORMS.includes(value as Platform) ? (value as Platform) : "generic";
export const contactTypeOf = (value: unknown): ContactType =>
  CONTACT_TYPES.includes(value as ContactType) ? (value as ContactType) : "generic";

/** Optional text as the card stores it: empty becomes undefined. */
const text = (max: number) => optionalText(max).transform((v) => v ?? undefined);

const httpsUrl = (max = CARD_LIMITS.url) => webLink(max);

export const RESERVED_SLUGS = new Set([
  "demo-admin",
  "admin",
  "api",
  "new",
  "edit",
  "card",
  "cards",
  "auth",
  "login",
  "settings",
  "help",
  "app",
  "www",
]);
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Use at least 3 characters")
  .max(40, "Use at most 40 characters")
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "Use lowercase letters, digits and hyphens, not at the start or end")
  .refine((s) => !RESERVED_SLUGS.has(s), "That link is reserved, choose another");

export const cardFormSchema = z.object({
  label: text(40).transform((v) => v ?? "My card"),
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CARD_LIMITS.name, tooLong(CARD_LIMITS.name)),
  givenName: text(CARD_LIMITS.name),
  familyName: text(CARD_LIMITS.name),
  title: text(CARD_LIMITS.text),
  company: text(CARD_LIMITS.text),
  headline: text(CARD_LIMITS.headline),
  bio: text(CARD_LIMITS.bio),
  email: text(CARD_LIMITS.email).pipe(emailAddress.optional()),
  phone: text(CARD_LIMITS.phone).refine((v) => v === undefined || isPhoneText(v), "Please enter a valid phone number"),
  website: httpsUrl(),
  linkedin: httpsUrl().refine(
    (v) => v === undefined || /^https:\/\/([a-z]+\.)?linkedin\.com\//i.test(v),
    "Use your linkedin.com profile link",
  ),
  location: text(CARD_LIMITS.text),
  notes: text(CARD_LIMITS.notes),
  template: z.enum(TEMPLATES).catch("classic"),
  colour: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, "Choose a colour")
    .catch("#4f46e5"),
  socialAccounts: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS).catch("generic"),
        url: httpsUrl().pipe(z.string({ error: "Add the link" })),
      }),
    )
    .max(CARD_LIMITS.lists, `At most ${CARD_LIMITS.lists} social accounts`)
    .default([]),
  additionalContacts: z
    .array(
      z
        .object({
          type: z.enum(CONTACT_TYPES).catch("generic"),
          value: text(CARD_LIMITS.url).pipe(z.string({ error: "Add the value" })),
        })
        .transform((c) => (c.type === "website" ? { ...c, value: withHttps(c.value) } : c))
        .refine((c) => c.type !== "website" || isWebLink(c.value), { message: WEB_LINK_MESSAGE, path: ["value"] })
        .refine((c) => c.type !== "email" || isEmail(c.value), {
          message: "Please enter a valid email address",
          path: ["value"],
        }),
    )
    .max(CARD_LIMITS.lists, `At most ${CARD_LIMITS.lists} extra contacts`)
    .default([]),
  shareFields: z
    .array(z.string())
    .optional()
    .transform((v) => SHARE_FIELDS.filter((f) => v?.includes(f))),
  // The second language: same limits and messages as the fields they translate.
  primaryLang: z.enum(LOCALES).catch("en"),
  secondLang: z.enum(LOCALES).optional().catch(undefined),
  secondName: text(CARD_LIMITS.name),
  secondTitle: text(CARD_LIMITS.text),
  secondHeadline: text(CARD_LIMITS.headline),
  secondCompany: text(CARD_LIMITS.text),
  secondLocation: text(CARD_LIMITS.text),
});
export type CardForm = z.output<typeof cardFormSchema>;

/** The stored second version, or null when no other language is chosen or nothing is written in it. */
export function secondLanguageOf(form: CardForm): CardSecondLanguage | null {
  const { primaryLang, secondLang } = form;
  if (!secondLang || secondLang === primaryLang) return null;
  const fields = {
    name: form.secondName,
    title: form.secondTitle,
    headline: form.secondHeadline,
    company: form.secondCompany,
    location: form.secondLocation,
  };
  const written = Object.fromEntries(Object.entries(fields).filter(([, v]) => v));
  return Object.keys(written).length ? { primary: primaryLang, lang: secondLang, ...written } : null;
}

/** What a visitor reading `locale` sees: the second version over the card when it is in their language. */
export function cardIn<C extends Pick<PublicCard, "name" | "title" | "headline" | "company" | "location" | "second">>(
  card: C,
  locale: Locale,
): C {
  const s = card.second;
  if (!s || s.lang !== locale) return card;
  return {
    ...card,
    name: s.name ?? card.name,
    title: s.title ?? card.title,
    headline: s.headline ?? card.headline,
    company: s.company ?? card.company,
    location: s.location ?? card.location,
  };
}

/** The specification's file name: the card name with spaces as underscores, plus _contact.vcf. */
export function vcardFileName(name: string): string {
  const base =
    name
      .trim()
      .replace(/\s+/g, "_")
      .replace(/[^\p{L}\p{N}_.-]/gu, "") || "contact";
  return `${base}_contact.vcf`;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const contrastRatio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

/** White or near-black text, whichever has more contrast on the owner's colour. */
export function textOn(hex: string): string {
  return contrastRatio(hex, "#0f172a") >= contrastRatio(hex, "#ffffff") ? "#0f172a" : "#ffffff";
}

/** A card link made from the owner's name: `Ana María López` becomes `ana-maria-lopez`. */
export function suggestSlug(name: string): string {
  const base = slugOf(name, 40);
  const slug = base.length >= 3 ? base : `${base || "my"}-card`;
  return RESERVED_SLUGS.has(slug) ? `${slug}-card` : slug;
}

type Reachable = {
  [K in "email" | "phone" | "website" | "linkedin" | "title" | "company" | "headline"]?: string | null;
} & {
  socialAccounts?: ({ url?: string } | undefined)[];
  additionalContacts?: ({ value?: string } | undefined)[];
};

/** A card a visitor cannot reach the owner from is not worth publishing. */
export const PUBLISH_NEEDS_CONTACT =
  "Add at least one way to reach you (email, phone, website or a social account) before publishing.";

export function canBeReached(card: Reachable): boolean {
  return Boolean(
    card.email ||
      card.phone ||
      card.website ||
      card.linkedin ||
      card.socialAccounts?.some((s) => s?.url) ||
      card.additionalContacts?.some((c) => c?.value),
  );
}

/** What a card still lacks, in the words the editor shows; the first item blocks publishing. */
export function missingForPublish(card: Reachable, hasPhoto: boolean): { blocking: boolean; items: string[] } {
  const items: string[] = [];
  const blocking = !canBeReached(card);
  if (blocking) items.push("a way to reach you (email, phone, website or a social account)");
  if (!card.title && !card.company) items.push("your title or organisation");
  if (!card.headline) items.push("a headline in your own words");
  if (!hasPhoto) items.push("a photo");
  return { blocking, items };
}

/** The first word is the given name, the rest the family name ("María" / "de la Cruz"); one word is a given name. */
export function splitOwnName(name: string): { given?: string; family?: string } {
  const [given, ...rest] = name.trim().split(/\s+/);
  if (!given) return {};
  return rest.length ? { given, family: rest.join(" ") } : { given };
}
