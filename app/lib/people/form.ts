import type { z } from "zod";
import type { connectionFormSchema } from "~/lib/people/connection-form";
import type { PersonDraft } from "./draft";

type FormValues = z.output<typeof connectionFormSchema>;

/** One value per field, as a capture, a form, a card or a CSV row gives them. */
export type FlatPerson = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  linkedin?: string | null;
  title?: string | null;
  company?: string | null;
  notes?: string | null;
};

/** A flat person as the people core's draft; labels say what such a single value usually is. */
export function flatDraft(
  p: FlatPerson,
  labels: { email?: "work" | "other"; phone?: "mobile" | "work" } = {},
): PersonDraft {
  return {
    displayName: p.name ?? "",
    emails: p.email ? [{ value: p.email, label: labels.email ?? "other", preferred: true }] : [],
    phones: p.phone ? [{ value: p.phone, label: labels.phone ?? "mobile", preferred: true }] : [],
    websites: p.website ? [{ value: p.website, label: "work", preferred: true }] : [],
    socials: p.linkedin ? [{ service: "linkedin", value: p.linkedin, preferred: true }] : [],
    title: p.title ?? undefined,
    organization: p.company ?? undefined,
    note: p.notes ?? undefined,
  };
}

/** The connection form as a draft for the people core, plus what only the owner sets (priority, strength...). */
export function formToPerson(v: FormValues) {
  const draft: PersonDraft = { ...flatDraft(v), role: v.role ?? undefined, tags: v.tags };
  return {
    draft,
    arrival: {
      source: "manual" as const,
      detail: "Added by hand",
      // "Met at" typed by the owner wins; left empty, the active event (if any) tags them.
      eventName: v.eventName ?? undefined,
      priority: v.priority,
      status: v.status,
      strength: v.strength,
      context: v.context,
    },
  };
}
