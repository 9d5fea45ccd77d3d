import { z } from "zod";
import type { PersonRecord } from "~/lib/people/draft";
import { emailKey, isEmail } from "../forms/email";
import { tooLong } from "../forms/too-long";
import { DAY_MS } from "../time/days";

/** What an owner can subscribe a webhook to; the people core emits the person.* events. */
export const WEBHOOK_EVENTS = [
  "person.created",
  "person.updated",
  "person.merged",
  "shareback.received",
  "interaction.logged",
  "gift.received",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by the test button and by the Krystal AI sync; never subscribable. */
export const SYSTEM_EVENTS = ["webhook.test", "people.sync"] as const;
export type DeliveryEvent = WebhookEvent | (typeof SYSTEM_EVENTS)[number];

export const WEBHOOK_EVENT_LABEL: Record<WebhookEvent, string> = {
  "person.created": "A person is added",
  "person.updated": "A person is changed",
  "person.merged": "Two people are merged",
  "shareback.received": "Someone shares their details back",
  "interaction.logged": "An interaction is logged",
  "gift.received": "A gift is received",
};

export const SCHEDULES = ["hourly", "daily", "manual"] as const;
export type Schedule = (typeof SCHEDULES)[number];
export const SCHEDULE_LABEL: Record<Schedule, string> = {
  hourly: "Every hour",
  daily: "Once a day",
  manual: "Only when I press Sync now",
};
export const SCHEDULE_MS: Record<Exclude<Schedule, "manual">, number> = { hourly: 3_600_000, daily: DAY_MS };

/** Consecutive failed attempts after which an endpoint is paused. */
export const PAUSE_AFTER_FAILURES = 5;
/** Attempts per delivery (the first one included) before it is marked failed. */
export const MAX_ATTEMPTS = 6;

/** Seconds to wait before attempt n+1 after n failed attempts: 30 s, 2 min, 8 min, 32 min, then an hour. */
export function backoffSeconds(failedAttempts: number): number {
  return Math.min(30 * 4 ** Math.max(0, failedAttempts - 1), 3600);
}

function ipv4Private(parts: number[]): boolean {
  const [a = 0, b = 0] = parts;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
export function ipv6Groups(text: string): number[] | null {
  let host = text;
  const dotted = host.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(2).map(Number);
    if ([a, b, c, d].some((n) => n > 255)) return null;
    host = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = host.split("::");
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(":") : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

const embeddedV4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

/**
 * Only global unicast (2000::/3) may be called, and of it not the forms that carry an IPv4 address a
 * router would reach (6to4 with a private one inside, Teredo) nor documentation; IPv4-mapped and NAT64
 * addresses are judged by the IPv4 address inside. Anything that does not parse is refused.
 */
function ipv6Private(host: string): boolean {
  const g = ipv6Groups(host);
  if (!g) return true;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 address is what is reached.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return ipv4Private(embeddedV4(g6, g7));
  // 64:ff9b::/96, the well-known NAT64 prefix; 64:ff9b:1::/48 is for local NAT64 and never public.
  if (g0 === 0x64 && g1 === 0xff9b)
    return g2 !== 0 || g3 !== 0 || g4 !== 0 || g5 !== 0 || ipv4Private(embeddedV4(g6, g7));
  if (g0 < 0x2000 || g0 > 0x3fff) return true;
  // 2002::/16 (6to4) routes to the IPv4 address in groups 2 and 3.
  if (g0 === 0x2002) return ipv4Private(embeddedV4(g1, g2));
  // 2001::/32 Teredo tunnels to an IPv4 client hidden in the address; 2001:db8::/32 is documentation.
  if (g0 === 0x2001 && (g1 === 0 || g1 === 0xdb8)) return true;
  return false;
}

/** True for hosts a server must never call on someone's behalf: private, loopback, link-local, metadata. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal"))
    return true;
  if (host === "metadata" || host === "metadata.google.internal") return true;
  // The URL parser has already turned decimal, octal and hex forms into dotted quads.
  const v4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) return ipv4Private(v4.slice(1).map(Number));
  if (host.includes(":")) return ipv6Private(host);
  return false;
}

/**
 * Why a URL may not receive our requests, or null when it may. Outside production, plain http to
 * 127.0.0.1 is allowed so tests can run a local receiver.
 */
export function outboundUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL starting with https://";
  }
  if (url.username || url.password) return "Leave the user name and password out of the URL";
  if (!production && url.protocol === "http:" && url.hostname === "127.0.0.1") return null;
  if (url.protocol !== "https:") return "The URL must start with https://";
  if (isPrivateHost(url.hostname)) return "The URL must point to a public address, not a private or local one";
  if (url.port && url.port !== "443" && url.port !== "8443") return "Use the standard https port";
  return null;
}

const trimmed = (max: number) => z.string().trim().max(max, tooLong(max));

export const urlField = z.string({ error: "Enter the URL" }).trim().min(1, "Enter the URL").max(2000, tooLong(2000));

/** Settings form for one webhook; the action adds the SSRF check, which depends on the environment. */
export const webhookFormSchema = z.object({
  intent: z.literal("add-webhook"),
  url: urlField,
  description: trimmed(120).optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS), { error: "Choose at least one event" }).min(1, "Choose at least one event"),
});

export const PROPERTY_NAME = /^[a-z][a-z0-9_]{0,99}$/;

/** Our side of the HubSpot field mapping; each reads one value from a person. */
export const HUBSPOT_FIELDS = [
  { key: "firstname", label: "First name" },
  { key: "lastname", label: "Last name" },
  { key: "phone", label: "Phone" },
  { key: "mobilephone", label: "Mobile phone" },
  { key: "company", label: "Company" },
  { key: "jobtitle", label: "Job title" },
  { key: "website", label: "Website" },
  { key: "city", label: "City" },
  { key: "country", label: "Country" },
  { key: "hs_lead_status", label: "Status (as lead status)" },
] as const;
export type HubspotField = (typeof HUBSPOT_FIELDS)[number]["key"];

/** Defaults: HubSpot's own contact property names. Email is the match key and always sent. */
export const DEFAULT_HUBSPOT_MAPPING: Record<HubspotField, string> = Object.fromEntries(
  HUBSPOT_FIELDS.map((f) => [f.key, f.key]),
) as Record<HubspotField, string>;

const propertyName = z
  .string()
  .trim()
  .max(100, tooLong(100))
  .refine((v) => v === "" || PROPERTY_NAME.test(v), "Use a HubSpot internal property name: lower case, digits, _");

export const hubspotFormSchema = z.object({
  intent: z.literal("hubspot-connect"),
  token: z
    .string({ error: "Paste your private app access token" })
    .trim()
    .min(10, "Paste your private app access token")
    .max(500, tooLong(500))
    .refine((v) => !/\s/.test(v), "The token has no spaces"),
  schedule: z.enum(SCHEDULES, { error: "Choose how often to sync" }),
  baseUrl: z.string().trim().max(2000).optional(),
  mapping: z.object(Object.fromEntries(HUBSPOT_FIELDS.map((f) => [f.key, propertyName.optional()]))),
});

export const hubspotSettingsSchema = z.object({
  intent: z.literal("hubspot-settings"),
  schedule: z.enum(SCHEDULES, { error: "Choose how often to sync" }),
  mapping: z.object(Object.fromEntries(HUBSPOT_FIELDS.map((f) => [f.key, propertyName.optional()]))),
});

export const krystalFormSchema = z.object({
  intent: z.literal("krystal-connect"),
  url: urlField,
  apiKey: z
    .string({ error: "Enter your Krystal AI key" })
    .trim()
    .min(8, "Enter your Krystal AI key")
    .max(500, tooLong(500)),
  schedule: z.enum(SCHEDULES, { error: "Choose how often to sync" }),
});

export const tokenFormSchema = z.object({
  intent: z.literal("create-token"),
  name: z.string({ error: "Name the token" }).trim().min(1, "Name the token").max(80, tooLong(80)),
  scope: z.enum(["read", "write"], { error: "Choose read or write" }),
});

const HUBSPOT_LEAD_STATUS: Record<string, string> = { Pending: "NEW", Active: "OPEN", Archived: "UNQUALIFIED" };

function splitName(p: PersonRecord): { given: string; family: string } {
  if (p.name?.given || p.name?.family) return { given: p.name.given ?? "", family: p.name.family ?? "" };
  const parts = p.displayName.trim().split(/\s+/);
  if (parts.length < 2) return { given: parts[0] ?? "", family: "" };
  return { given: parts.slice(0, -1).join(" "), family: parts.at(-1) ?? "" };
}

/** The value of one of our fields for a person ("" when the person has none). */
export function hubspotValue(p: PersonRecord, field: HubspotField): string {
  const phones = p.phones ?? [];
  const address = p.addresses?.find((a) => a.preferred) ?? p.addresses?.[0];
  switch (field) {
    case "firstname":
      return splitName(p).given;
    case "lastname":
      return splitName(p).family;
    case "phone":
      return (phones.find((x) => x.label !== "mobile") ?? phones[0])?.value ?? "";
    case "mobilephone":
      return phones.find((x) => x.label === "mobile")?.value ?? "";
    case "company":
      return p.organization ?? "";
    case "jobtitle":
      return p.title ?? "";
    case "website":
      return (p.websites?.find((w) => w.preferred) ?? p.websites?.[0])?.value ?? "";
    case "city":
      return address?.locality ?? "";
    case "country":
      return address?.country ?? "";
    case "hs_lead_status":
      return HUBSPOT_LEAD_STATUS[p.status ?? ""] ?? "";
  }
}

export function primaryEmail(p: PersonRecord): string | null {
  const email = (p.emails?.find((e) => e.preferred) ?? p.emails?.[0])?.value;
  return (email && emailKey(email)) || null;
}

/** HubSpot contact properties for a person, or why the person cannot be sent. */
export function toHubspotContact(
  p: PersonRecord,
  mapping: Record<string, string>,
): { email: string; properties: Record<string, string> } | { skip: string } {
  const email = primaryEmail(p);
  if (!email) return { skip: "No email address: HubSpot matches contacts by email" };
  if (!isEmail(email)) return { skip: `"${email}" is not an email address HubSpot accepts` };
  const properties: Record<string, string> = { email };
  for (const { key } of HUBSPOT_FIELDS) {
    const target = mapping[key];
    if (!target) continue;
    const value = hubspotValue(p, key);
    // Empty values are left out, so a sync never clears what someone typed in HubSpot.
    if (value) properties[target] = value;
  }
  return { email, properties };
}

/** A person as sent in signed payloads and API answers: plain JSON, dates as ISO strings. */
export function personJson(p: PersonRecord) {
  // The photo's storage key is ours; the API says only whether there is one.
  const { photoKey, ...rest } = p;
  return {
    ...rest,
    hasPhoto: Boolean(photoKey),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
