import type { CountryCode } from "libphonenumber-js/min";
import { phoneKey } from "./phone";

export type Dedupable = { id?: number; email?: string | null; phone?: string | null };

export const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** Keys under which two contacts count as the same person: email, or phone after normalisation. */
export function dedupeKeys(c: Dedupable, country: CountryCode): string[] {
  const keys: string[] = [];
  const e = emailKey(c.email);
  if (e) keys.push(`e:${e}`);
  const p = phoneKey(c.phone, country);
  if (p) keys.push(`p:${p}`);
  return keys;
}
