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
