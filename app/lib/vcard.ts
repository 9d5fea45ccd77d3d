import type { PublicCard } from "./card";
import { safeHref } from "./card";
import { escapeText, foldLine } from "./content-line";

/** vCard 3.0 (RFC 2426): every text value escaped, every line folded at 75 octets. */

function splitName(name: string): [string, string] {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? [parts.at(-1) ?? "", parts.slice(0, -1).join(" ")] : [parts[0] ?? "", ""];
}

export function buildVCard(
  card: Pick<
    PublicCard,
    | "name"
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
  >,
  cardUrl?: string,
): string {
  const e = escapeText;
  const [family, given] = splitName(card.name);
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `N:${e(family)};${e(given)};;;`, `FN:${e(card.name)}`];
  if (card.title) lines.push(`TITLE:${e(card.title)}`);
  if (card.company) lines.push(`ORG:${e(card.company)}`);
  if (card.email) lines.push(`EMAIL;TYPE=INTERNET,PREF:${e(card.email)}`);
  if (card.phone) lines.push(`TEL;TYPE=CELL,VOICE:${e(card.phone)}`);
  const website = safeHref(card.website);
  if (website) lines.push(`URL:${e(website)}`);
  const linkedin = safeHref(card.linkedin);
  if (linkedin) lines.push(`X-SOCIALPROFILE;TYPE=linkedin:${e(linkedin)}`);
  for (const s of card.socialAccounts) {
    const href = safeHref(s.url);
    if (href) lines.push(`X-SOCIALPROFILE;TYPE=${s.platform}:${e(href)}`);
  }
  for (const c of card.additionalContacts) {
    if (c.type === "email") lines.push(`EMAIL;TYPE=INTERNET:${e(c.value)}`);
    else if (c.type === "phone") lines.push(`TEL;TYPE=VOICE:${e(c.value)}`);
    else if (c.type === "website" && safeHref(c.value)) lines.push(`URL:${e(c.value)}`);
    else lines.push(`NOTE:${e(c.value)}`);
  }
  if (card.location) lines.push(`ADR;TYPE=WORK:;;${e(card.location)};;;;`);
  if (card.notes) lines.push(`NOTE:${e(card.notes)}`);
  if (cardUrl) lines.push(`SOURCE:${e(cardUrl)}`);
  lines.push("END:VCARD");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
