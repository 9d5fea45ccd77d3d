import { normalizeEmail } from "../forms/email";

/** Enrichment that needs no network: what can be read off an email, a URL or a name. */

const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "hotmail.com",
  "hotmail.co.uk",
  "outlook.com",
  "live.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "qq.com",
  "163.com",
  "orange.fr",
  "free.fr",
  "btinternet.com",
  "comcast.net",
]);

// Second-level labels that belong to the country suffix, not the organisation (acme.co.uk).
const SUFFIX_LABELS = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "or", "ne"]);

export function emailDomain(email: string | null | undefined): string | null {
  return normalizeEmail(email)?.split("@")[1] ?? null;
}

/** Company and website suggested from a work email's domain; nothing for free-mail providers. */
export function suggestFromEmail(email: string | null | undefined): { company: string; website: string } | null {
  const domain = emailDomain(email);
  if (!domain || FREE_MAIL.has(domain)) return null;
  const labels = domain.split(".");
  let i = labels.length - 2;
  if (i > 0 && SUFFIX_LABELS.has(labels[i] ?? "") && (labels.at(-1)?.length ?? 0) === 2) i -= 1;
  const name = labels[i] ?? "";
  if (!name) return null;
  const company = name
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => (w.length <= 3 ? w.toUpperCase() : w[0]?.toUpperCase() + w.slice(1)))
    .join(" ");
  const root = labels.slice(i).join(".");
  return { company, website: `https://${root}` };
}

/** https://www.linkedin.com/in/handle for any LinkedIn profile link or bare handle; else null. */
export function normalizeLinkedIn(input: string | null | undefined): string | null {
  const value = input?.trim();
  if (!value) return null;
  const handleOnly = value.match(/^@?([A-Za-z0-9-_%]{3,100})$/);
  if (handleOnly) return `https://www.linkedin.com/in/${handleOnly[1]?.toLowerCase()}`;
  const withScheme = /^[a-z]+:\/\//i.test(value) ? value : `https://${value}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (!/(^|\.)linkedin\.com$/i.test(url.hostname)) return null;
  const match = url.pathname.match(/^\/(in|company|school)\/([^/?#]+)/i);
  if (!match) return null;
  return `https://www.linkedin.com/${match[1]?.toLowerCase()}/${decodeURIComponent(match[2] ?? "").toLowerCase()}`;
}

const LOWER_PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "da",
  "del",
  "della",
  "di",
  "du",
  "la",
  "le",
  "bin",
  "al",
]);

/** "JANE o'NEIL-smith" becomes "Jane O'Neil-Smith"; names already in mixed case are left alone. */
export function caseName(input: string | null | undefined): string {
  const name = input?.trim().replace(/\s+/g, " ") ?? "";
  if (!name) return "";
  const mixed = name !== name.toLowerCase() && name !== name.toUpperCase();
  if (mixed) return name;
  return name
    .toLowerCase()
    .split(" ")
    .map((word, index) =>
      index > 0 && LOWER_PARTICLES.has(word)
        ? word
        : word
            .replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
            .replace(/^Mc(\p{L})/u, (_, ch: string) => `Mc${ch.toUpperCase()}`),
    )
    .join(" ");
}
