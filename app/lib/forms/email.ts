import { z } from "zod";

/**
 * The one email-address rule, apart from the other field rules (fields.ts re-exports it), so the forms every
 * page carries (the newsletter's) do not bring the phone library and every other field's schema with them.
 */
export const EMAIL_MESSAGE = "Please enter a valid email address";

/** The one email-address rule (zod's), for every form, import and API that checks an address. */
export const emailAddress = z.email(EMAIL_MESSAGE);
export const isEmail = (value: string) => emailAddress.safeParse(value).success;

/** An email address that must be given (sign-in, newsletter, checkout, reviews). */
export const requiredEmailField = z.string({ error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(emailAddress);

/** An address as kept and compared: trimmed, lower-case, a `mailto:` link's scheme dropped. */
export const emailKey = (raw: string) =>
  raw
    .trim()
    .replace(/^mailto:/i, "")
    .toLowerCase();

/** The address to keep, by the one rule (at most 254 characters), or null when it is not one. */
export function normalizeEmail(raw: string | null | undefined): string | null {
  const value = emailKey(raw ?? "");
  return value && value.length <= 254 && isEmail(value) ? value : null;
}

/** An address inside other text (a scanned card's line); what it finds is checked by the rule above. */
export const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

/** The address written in a contact line: `"Omega" <omega@example.com>`, `mailto:a@b.c` and `a@b.c` all give it. */
export function addressIn(value: string): string {
  const angle = value.match(/<([^<>\s]+@[^<>\s]+)>/);
  return (angle?.[1] ?? value)
    .replace(/^mailto:/i, "")
    .trim()
    .replace(/^"|"$/g, "");
}
