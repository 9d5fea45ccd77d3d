import { isSupportedCountry } from "libphonenumber-js/min";
import { z } from "zod";
import { canonicalTimeZone } from "../time/time";
import { EMAIL_MESSAGE, isEmail } from "./email";
import { NAME_MAX, PERSON_NAME_MAX } from "./limits";
import { isPhoneText } from "./phone";
import { tooLong } from "./too-long";
import { isWebLink, WEB_LINK_MESSAGE, withHttps } from "./web-link";

/** Field rules defined once and reused by every form (connection, capture, merge, settings, account...). */
export const MESSAGES = {
  // The specification's wording (section 5).
  email: EMAIL_MESSAGE,
  personName: "Name must be at least 2 characters",
  https: "Links must start with https://",
  linkedin: "Use a linkedin.com profile link",
  name: "Name is required",
  country: "Use a two-letter country code, like US or GB",
  timeZone: "Choose a time zone from the list",
  phone: "Please enter a valid phone number",
} as const;

/** Optional text, trimmed; empty becomes null. */
export const optionalText = (n: number) =>
  z
    .string()
    .trim()
    .max(n, tooLong(n))
    .optional()
    .transform((v) => v || null);

export const nameField = z
  .string({ error: MESSAGES.name })
  .trim()
  .min(1, MESSAGES.name)
  .max(NAME_MAX, tooLong(NAME_MAX));

/** A person naming themselves (account, review, help request): the specification's 2-character rule. */
export const personNameField = z
  .string({ error: MESSAGES.personName })
  .trim()
  .min(2, MESSAGES.personName)
  .max(PERSON_NAME_MAX, `Name must be at most ${PERSON_NAME_MAX} characters`);

export { emailAddress, isEmail, requiredEmailField } from "./email";
export { isPhoneText } from "./phone";

export const emailField = optionalText(254).refine((v) => v === null || isEmail(v), MESSAGES.email);

/** Kept as typed here; the people core stores it in E.164 for the owner's country. */
export const phoneField = optionalText(40).refine((v) => v === null || isPhoneText(v), MESSAGES.phone);

/** A website: a bare domain gets https:// (the one rule in ./web-link.ts). */
export const httpsUrlField = optionalText(300)
  .transform((v) => (v ? withHttps(v) : null))
  .refine((v) => v === null || isWebLink(v), WEB_LINK_MESSAGE);

export const linkedinField = optionalText(300)
  .transform((v) => (v ? withHttps(v) : null))
  .refine((v) => v === null || /^https:\/\/([a-z]+\.)?linkedin\.com\//i.test(v), MESSAGES.linkedin);

/** A country for phone numbers: two letters that libphonenumber knows, upper-cased. */
export const countryField = z
  .string({ error: MESSAGES.country })
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z]{2}$/.test(v) && isSupportedCountry(v), MESSAGES.country);

/** An IANA time zone from the runtime's list, in its canonical spelling. */
export const timeZoneField = z
  .string({ error: MESSAGES.timeZone })
  .trim()
  .max(64, MESSAGES.timeZone)
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (zone) return zone;
    ctx.addIssue({ code: "custom", message: MESSAGES.timeZone });
    return z.NEVER;
  });

/** A checkbox: present ("on") or absent. */
export const checkboxField = z
  .string()
  .optional()
  .transform((v) => v === "on");
