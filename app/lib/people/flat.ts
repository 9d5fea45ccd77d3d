import type { ContactDraft } from "../csv";
import type { PersonDraft, PersonRecord } from "./draft";

/**
 * Bridges between the one-email, one-phone connection row of today and the person with many contact
 * points, until the people core (issue 11) stores contact points itself. Delete with the old columns.
 */

const first = <T extends { value: string; preferred?: boolean }>(list: T[] | undefined) =>
  (list?.find((x) => x.preferred) ?? list?.[0])?.value;

/** A person draft flattened to the fields a connection row holds today. */
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

/** The connection row's columns a writer needs. */
export type ConnectionRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  role?: string | null;
  company: string | null;
  website: string | null;
  linkedin: string | null;
  tags: string[];
  priority: string;
  status: string;
  eventName?: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A connection row as the PersonRecord writers take; its UID is stable per person and site. */
export function connectionToPersonRecord(row: ConnectionRow, domain: string): PersonRecord {
  const person: PersonRecord = {
    id: row.id,
    uid: `person-${row.id}@${domain}`,
    displayName: row.name,
    emails: row.email ? [{ value: row.email, label: "other", preferred: true }] : [],
    phones: row.phone ? [{ value: row.phone, label: "mobile", preferred: true }] : [],
    websites: row.website ? [{ value: row.website, label: "work" }] : [],
    socials: row.linkedin ? [{ service: "linkedin", value: row.linkedin }] : [],
    title: row.title ?? undefined,
    role: row.role ?? undefined,
    organization: row.company ?? undefined,
    note: row.notes ?? undefined,
    tags: row.eventName && !row.tags.includes(row.eventName) ? [...row.tags, row.eventName] : row.tags,
    priority: row.priority,
    status: row.status,
    connectedOn: row.createdAt.toISOString().slice(0, 10),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return person;
}
