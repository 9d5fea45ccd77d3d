/** The specification's rules for a connection's priority, status and tags. */
export const PRIORITIES = ["high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const STATUSES = ["Active", "Pending", "Archived"] as const;
export type Status = (typeof STATUSES)[number];

export const PRIORITY_LABEL: Record<Priority, string> = {
  high: "High Priority",
  medium: "Medium Priority",
  low: "Low Priority",
};

/** Red, amber and green stars, as the specification shows priorities. */
export const PRIORITY_STAR_CLASS: Record<Priority, string> = {
  high: "text-red-600 dark:text-red-400",
  medium: "text-amber-600 dark:text-amber-400",
  low: "text-emerald-700 dark:text-emerald-400",
};

export const MAX_TAGS = 20;
/** Long enough for an event's title, which tags everyone met while it is active. */
export const MAX_TAG_LENGTH = 120;

/** Invalid priorities fall back to medium. */
export function normalizePriority(value: unknown): Priority {
  const lower = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (PRIORITIES as readonly string[]).includes(lower) ? (lower as Priority) : "medium";
}

export function normalizeStatus(value: unknown, fallback: Status = "Active"): Status {
  const match = STATUSES.find((s) => typeof value === "string" && s.toLowerCase() === value.trim().toLowerCase());
  return match ?? fallback;
}

/** Tags must be a list, else empty; trimmed, de-duplicated case-insensitively, capped. */
export function normalizeTags(value: unknown): string[] {
  const tags = uniqueTags(value);
  // Cap before the tag rule, so the tag it adds is never the one cut.
  return tags.length <= MAX_TAGS ? tags : applyTagRule(tags.slice(0, MAX_TAGS - 1));
}

/** Like normalizeTags without the cap, for merges that must keep every tag. */
export function uniqueTags(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value) {
    if (typeof raw !== "string") continue;
    const tag = raw.trim().replace(/\s+/g, " ").slice(0, MAX_TAG_LENGTH);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return applyTagRule(tags);
}

/** A contact tagged Shared but not New Contact gets New Contact added, and the reverse. */
export function applyTagRule(tags: string[]): string[] {
  const has = (t: string) => tags.some((x) => x.toLowerCase() === t.toLowerCase());
  const result = [...tags];
  if (has("Shared") && !has("New Contact")) result.push("New Contact");
  if (has("New Contact") && !has("Shared")) result.push("Shared");
  return result;
}

/** Relationship strength is a whole number from 1 to 100; anything else is unset. */
export function normalizeStrength(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
}
