import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

export function asCountry(value: unknown, fallback: CountryCode = "US"): CountryCode {
  return typeof value === "string" && isSupportedCountry(value.toUpperCase())
    ? (value.toUpperCase() as CountryCode)
    : fallback;
}

/** E.164 for a valid number, using the owner's country for numbers written without one; else null. */
export function toE164(raw: string | null | undefined, defaultCountry: CountryCode = "US"): string | null {
  if (!raw) return null;
  const cleaned = raw.replace(/^tel:/i, "").trim().slice(0, 40);
  if (!cleaned) return null;
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** What to store: E.164 (with ";ext=" as RFC 3966 writes an extension) when it parses, else the trimmed text typed. */
export function normalizePhone(raw: string | null | undefined, defaultCountry: CountryCode = "US"): string | null {
  const trimmed = raw?.trim().slice(0, 40) ?? "";
  if (!trimmed) return null;
  const e164 = toE164(trimmed, defaultCountry);
  if (!e164) return trimmed;
  const ext = parsePhoneNumberFromString(trimmed.replace(/^tel:/i, ""), defaultCountry)?.ext;
  return ext ? `${e164};ext=${ext}` : e164;
}

/** A key for duplicate detection: E.164, or the digits alone when it does not parse. */
export function phoneKey(raw: string | null | undefined, defaultCountry: CountryCode = "US"): string | null {
  const e164 = toE164(raw, defaultCountry);
  if (e164) return e164;
  const digits = raw?.replace(/\D/g, "") ?? "";
  return digits.length >= 6 ? digits : null;
}

/**
 * A stored phone as the owner reads it: national format for numbers in the owner's country
 * ("(503) 555-0177"), international for the rest ("+44 20 7946 0958"), the text as stored when it
 * does not parse. The one formatter for every page that shows a phone.
 */
export function formatPhone(raw: string | null | undefined, ownerCountry: CountryCode | string = "US"): string {
  const text = raw?.trim() ?? "";
  if (!text) return "";
  const country = asCountry(ownerCountry);
  const parsed = parsePhoneNumberFromString(text.replace(/^tel:/i, ""), country);
  if (!parsed?.isValid()) return text;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** A phone as a tel: link: its digits and a leading plus, whatever was typed between them. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * Digits and the punctuation people write between them, with an optional extension, and enough digits
 * for the people core to keep it: anything else (`=1+2`, "call me") would be dropped without a word.
 */
export const isPhoneText = (v: string) =>
  /^[+()\d\s./-]+(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i.test(v) && phoneKey(v) !== null;

/** A phone inside other text (a scanned card's line): a digit, at least six more with their punctuation, a digit. */
export const PHONE_IN_TEXT = /(?:\+?\d[\d\s().-]{6,}\d)/;
