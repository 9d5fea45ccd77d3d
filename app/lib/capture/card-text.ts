import type { ContactDraft } from "../formats/csv";
import { EMAIL_IN_TEXT } from "../forms/email";
import { PHONE_IN_TEXT } from "../forms/phone";

/**
 * Turns the text recognised on a photographed business card into fields for the owner to confirm.
 * Heuristics, so nothing is saved without the owner seeing it first.
 */

const URL_LIKE = /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s]*)?/i;
const TITLE_WORDS =
  /\b(ceo|cto|cfo|coo|founder|co-founder|director|manager|head|lead|officer|president|vice|vp|chair|partner|engineer|designer|consultant|coordinator|specialist|advisor|adviser|analyst|executive|fundraiser|development|program|programme|associate|assistant|owner)\b/i;
const COMPANY_WORDS =
  /\b(inc|llc|ltd|limited|gmbh|corp|corporation|company|co\.|foundation|trust|charity|institute|university|group|partners|agency|studio|labs?|association|society|council|fund|network|ngo|nonprofit)\b/i;
const LABEL = /^(?:(?:tel|phone|mobile|cell|fax|email|e-mail|web|m|t|f|e|w)\s*:|(?:tel|mob|ph)\.)\s*/i;

const clean = (line: string) =>
  line
    .replace(/\s+/g, " ")
    .replace(/^[|•·\-–—\s]+|[|•·\s]+$/g, "")
    .trim();

function looksLikeName(line: string): boolean {
  const words = line.split(" ");
  return (
    words.length >= 2 &&
    words.length <= 4 &&
    words.every((w) => /^[\p{Lu}][\p{L}'’.-]*$/u.test(w)) &&
    !TITLE_WORDS.test(line) &&
    !COMPANY_WORDS.test(line)
  );
}

export function parseCardText(text: string): ContactDraft {
  const lines = text
    .slice(0, 5000)
    .split(/\r?\n/)
    .map(clean)
    .filter((l) => l.length > 1);
  const draft: ContactDraft = {};
  const rest: string[] = [];

  for (const original of lines) {
    const line = original.replace(LABEL, "");
    const email = line.match(EMAIL_IN_TEXT)?.[0];
    if (email && !draft.email) {
      draft.email = email.toLowerCase();
      continue;
    }
    const phone = line.match(PHONE_IN_TEXT)?.[0];
    if (phone && phone.replace(/\D/g, "").length >= 7 && !draft.phone && !/[a-z]{4,}/i.test(line.replace(phone, ""))) {
      draft.phone = phone.trim();
      continue;
    }
    const url = !email ? line.match(URL_LIKE)?.[0] : undefined;
    if (url && !draft.website && !line.includes(" ")) {
      draft.website = /^https?:\/\//i.test(url) ? url.replace(/^http:/i, "https:") : `https://${url}`;
      continue;
    }
    if (/\p{L}{2,}/u.test(line)) rest.push(line);
  }

  const nameIndex = rest.findIndex(looksLikeName);
  if (nameIndex > -1) draft.name = rest[nameIndex];
  const others = rest.filter((_, i) => i !== nameIndex);
  draft.title = others.find((l) => TITLE_WORDS.test(l) && !COMPANY_WORDS.test(l));
  draft.company =
    others.find((l) => COMPANY_WORDS.test(l)) ??
    others.find((l) => l !== draft.title && !/\d/.test(l) && l.length <= 60 && l.split(" ").length <= 6);
  if (!draft.company && draft.email) {
    const domain = draft.email.split("@")[1]?.split(".")[0];
    if (domain) draft.company = domain[0]?.toUpperCase() + domain.slice(1);
  }
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) if (!draft[key]) delete draft[key];
  return draft;
}
