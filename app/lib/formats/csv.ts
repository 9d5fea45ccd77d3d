/** The fields a connection has in files we read and write. */
export const CONTACT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "email",
  "phone",
  "title",
  "company",
  "website",
  "linkedin",
  "tags",
  "priority",
  "status",
  "eventName",
  "notes",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactDraft = Partial<Record<ContactField, string>>;

export const MAX_IMPORT_ROWS = 10_000;
