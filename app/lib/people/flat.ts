import type { ContactDraft } from "../formats/csv";
import type { PersonDraft } from "./draft";

/** A person draft in the one-email, one-phone shape the QR scanner's confirm form still uses. */

const first = <T extends { value: string; preferred?: boolean }>(list: T[] | undefined) =>
  (list?.find((x) => x.preferred) ?? list?.[0])?.value;

export function toContactDraft(d: PersonDraft): ContactDraft {
  const draft: ContactDraft = {
    name: d.displayName,
    firstName: d.name?.given,
    lastName: d.name?.family,
    email: first(d.emails),
    phone: first(d.phones),
    title: d.title ?? d.role,
    company: d.organization,
    website: first(d.websites),
    linkedin: d.socials?.find((s) => s.service === "linkedin")?.value,
    tags: d.tags?.join(", "),
    priority: d.priority,
    status: d.status,
    notes: d.note,
  };
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) if (!draft[key]) delete draft[key];
  return draft;
}
