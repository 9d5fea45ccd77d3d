import { cardLinkPayload } from "../card/link";
import type { ContactDraft } from "../formats/csv";
import { readVCards } from "../formats/vcard-read";
import { parseBadge } from "../organiser-events/badge";
import { normalizeLinkedIn } from "../people/enrich";

/** What a scanned QR code turned out to be; anything else is reported, never guessed at. */
export type ScanResult =
  | { kind: "card"; slug: string }
  | { kind: "badge"; path: string }
  | { kind: "contact"; format: "vcard" | "mecard" | "card-link"; draft: ContactDraft }
  | { kind: "linkedin"; url: string }
  | { kind: "invalid"; reason: string };

export const MAX_SCAN_LENGTH = 4096;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;

/** MECARD:N:Doe,Jane;TEL:123;EMAIL:a@b.c;; with backslash escapes. */
export function parseMecard(text: string): ContactDraft | null {
  if (!/^MECARD:/i.test(text)) return null;
  const body = text.slice(7);
  const fields: Record<string, string> = Object.create(null);
  for (const part of body.split(/(?<!\\);/)) {
    const colon = part.indexOf(":");
    if (colon < 1) continue;
    const key = part.slice(0, colon).toUpperCase();
    const value = part
      .slice(colon + 1)
      .replace(/\\([\\;:,])/g, "$1")
      .trim();
    if (value && !Object.hasOwn(fields, key)) fields[key] = value.slice(0, 500);
  }
  const [last = "", first = ""] = (fields.N ?? "").split(",");
  const draft: ContactDraft = {
    name: [first.trim(), last.trim()].filter(Boolean).join(" ") || undefined,
    email: fields.EMAIL,
    phone: fields.TEL,
    company: fields.ORG,
    title: fields.TITLE,
    website: fields.URL && /^https:\/\//i.test(fields.URL) ? fields.URL : undefined,
    notes: fields.NOTE,
  };
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) if (!draft[key]) delete draft[key];
  return draft.name || draft.email ? draft : null;
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : undefined;

/**
 * The card inside an encoded card link (/c/v/{payload}[.{signature}], or /card/v/… as links were
 * issued before) as a draft to confirm. Only
 * the server can check the signature, so the details are treated like any other scanned contact.
 */
export function draftFromCardPayload(param: string): ContactDraft | null {
  const payload = param.split(".")[0] ?? "";
  let raw: Record<string, unknown>;
  try {
    const binary = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
    raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const website = text(raw.website, 300);
  const draft: ContactDraft = {
    name: text(raw.name, 100),
    title: text(raw.title, 120),
    company: text(raw.company, 120),
    email: text(raw.email, 254),
    phone: text(raw.phone, 40),
    website: website && /^https:\/\//i.test(website) ? website : undefined,
    linkedin: normalizeLinkedIn(text(raw.linkedIn ?? raw.linkedin, 300)) ?? undefined,
  };
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) if (!draft[key]) delete draft[key];
  return draft.name ? draft : null;
}

/** Classifies a decoded QR payload. `origin` is this site's, so our own card links are recognised. */
export function classifyScan(raw: string, origin: string): ScanResult {
  const text = raw.trim();
  if (!text) return { kind: "invalid", reason: "The code is empty." };
  if (text.length > MAX_SCAN_LENGTH)
    return { kind: "invalid", reason: "The code holds too much data to be a contact." };

  if (/^BEGIN:VCARD/i.test(text)) {
    const first = readVCards(text).contacts[0];
    return first
      ? { kind: "contact", format: "vcard", draft: first.draft }
      : { kind: "invalid", reason: "The code is a vCard without a name or email." };
  }
  const mecard = parseMecard(text);
  if (mecard) return { kind: "contact", format: "mecard", draft: mecard };
  if (/^MECARD:/i.test(text)) return { kind: "invalid", reason: "The code is a MECARD without a name or email." };

  if (URL.canParse(text)) {
    const url = new URL(text);
    if (url.origin === new URL(origin).origin) {
      const slug = url.pathname.match(/^\/c\/([^/]+)\/?$/)?.[1]?.toLowerCase();
      if (slug && SLUG.test(slug)) return { kind: "card", slug };
      // An attendee's pass at an organiser event: scanning it exchanges details.
      // The proof rides along: without it the exchange is refused (decision 0182).
      if (parseBadge(text)) return { kind: "badge", path: `${url.pathname}${url.search}` };
      const payload = cardLinkPayload(url.pathname);
      if (payload) {
        const draft = draftFromCardPayload(payload);
        return draft
          ? { kind: "contact", format: "card-link", draft }
          : { kind: "invalid", reason: "This KnowWho card link is damaged. Ask them to share it again." };
      }
    }
    const linkedin = normalizeLinkedIn(text);
    if (linkedin?.includes("/in/")) return { kind: "linkedin", url: linkedin };
    return { kind: "invalid", reason: "This link is not a contact, a KnowWho card or a LinkedIn profile." };
  }
  return { kind: "invalid", reason: "This code is not a contact we can read." };
}
