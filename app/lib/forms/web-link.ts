import { z } from "zod";
import { tooLong } from "./too-long";

/**
 * The one rule for a website typed into a form: a bare domain such as `riverbendliteracy.org` gets
 * `https://`; an explicit `http://` becomes `https://`; anything that is not then a web address with a
 * dotted host (including `javascript:` and `data:`) is refused with the same message everywhere.
 */
export function withHttps(value: string): string {
  const v = value.trim();
  if (!v) return v;
  if (/^https:\/\//i.test(v)) return v;
  if (/^http:\/\//i.test(v)) return `https://${v.slice(7)}`;
  // Something with its own scheme (mailto:, javascript:) is left as typed, so the check below refuses it.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v)) return v;
  return `https://${v.replace(/^\/+/, "")}`;
}

export function isWebLink(value: string): boolean {
  if (!/^https:\/\//i.test(value) || !URL.canParse(value) || /\s/.test(value)) return false;
  const host = new URL(value).hostname;
  return host.includes(".") && !host.startsWith(".") && !host.endsWith(".");
}

export const WEB_LINK_MESSAGE = "Enter a web address, such as example.org";

/** An optional website field: empty becomes undefined, a bare domain gets https://. */
export const webLink = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => (v ? withHttps(v) : undefined))
    .refine((v) => v === undefined || isWebLink(v), WEB_LINK_MESSAGE);
