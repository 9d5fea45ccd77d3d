import type { z } from "zod";
import type { connectionFormSchema } from "~/lib/connection-form";
import type { PersonDraft } from "./draft";

type FormValues = z.output<typeof connectionFormSchema>;

/** The connection form as a draft for the people core, plus what only the owner sets (priority, strength...). */
export function formToPerson(v: FormValues) {
  const draft: PersonDraft = {
    displayName: v.name,
    emails: v.email ? [{ value: v.email, label: "other", preferred: true }] : [],
    phones: v.phone ? [{ value: v.phone, label: "mobile", preferred: true }] : [],
    websites: v.website ? [{ value: v.website, label: "work", preferred: true }] : [],
    socials: v.linkedin ? [{ service: "linkedin", value: v.linkedin, preferred: true }] : [],
    title: v.title ?? undefined,
    organization: v.company ?? undefined,
    note: v.notes ?? undefined,
    tags: v.tags,
  };
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
