import type { CountryCode } from "libphonenumber-js/min";
import { PRIORITIES, type Priority, uniqueTags } from "./connection-rules";
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

/** For each candidate, the first existing contact it duplicates, if any. */
export function findDuplicates<T extends Dedupable>(
  existing: T[],
  candidates: Dedupable[],
  country: CountryCode,
): (T | null)[] {
  const index = new Map<string, T>();
  for (const c of existing) for (const k of dedupeKeys(c, country)) if (!index.has(k)) index.set(k, c);
  return candidates.map((c) => {
    for (const k of dedupeKeys(c, country)) {
      const hit = index.get(k);
      if (hit) return hit;
    }
    return null;
  });
}

export type Mergeable = {
  name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  company: string | null;
  website: string | null;
  linkedin: string | null;
  eventName: string | null;
  notes: string | null;
  tags: string[];
  priority: Priority;
  strength: number | null;
};

/** Folds duplicates into the primary: its values win, gaps are filled, every note and tag is kept. */
export function mergeContacts<T extends Mergeable>(primary: T, others: Mergeable[]): T {
  const merged: T = { ...primary };
  const fill = ["email", "phone", "title", "company", "website", "linkedin", "eventName"] as const;
  for (const other of others) {
    for (const key of fill) if (!merged[key] && other[key]) merged[key] = other[key];
  }
  const notes = [primary.notes, ...others.map((o) => o.notes)]
    .map((n) => n?.trim())
    .filter((n): n is string => Boolean(n));
  merged.notes = [...new Set(notes)].join("\n\n") || null;
  merged.tags = uniqueTags([...primary.tags, ...others.flatMap((o) => o.tags)]);
  const rank = (p: Priority) => PRIORITIES.indexOf(p);
  merged.priority =
    [primary, ...others].map((c) => c.priority).sort((a, b) => rank(a) - rank(b))[0] ?? primary.priority;
  const strengths = [primary, ...others].map((c) => c.strength).filter((s): s is number => s !== null);
  merged.strength = strengths.length ? Math.max(...strengths) : null;
  return merged;
}
