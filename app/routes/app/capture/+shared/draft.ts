import type { ContactDraft } from "~/lib/formats/csv";

export const FIELDS = ["name", "email", "phone", "title", "company", "website", "linkedin", "notes"] as const;
export type Draft = Partial<Record<(typeof FIELDS)[number], string>>;

/** The toast after a save, the same from the plain form's redirect and from /api/capture's answer. */
export function savedMessage(
  capture: { name?: string | null; email?: string | null },
  saved: { mergedInto: { name: string } | null },
) {
  const name = capture.name || capture.email || "Contact";
  if (!saved.mergedInto) return { title: "Contact saved", description: `${name} is in your network.` };
  const into = saved.mergedInto.name;
  return {
    title: "Already in your network",
    description:
      into.toLowerCase() === name.toLowerCase()
        ? `${into} was already there; what you captured was added.`
        : `${name} was merged into ${into}.`,
  };
}

export const draftFrom = (d: ContactDraft): Draft => ({
  name: d.name,
  email: d.email,
  phone: d.phone,
  title: d.title,
  company: d.company,
  website: d.website && /^https:\/\//i.test(d.website) ? d.website : undefined,
  linkedin: d.linkedin,
  notes: d.notes,
});
