import { eq } from "drizzle-orm";
import {
  type ContactDraft,
  type ContactField,
  MAX_IMPORT_ROWS,
  parseCsv,
  rowToDraft,
  splitTags,
  suggestMapping,
} from "~/lib/csv";
import { dedupeKeys } from "~/lib/dedupe";
import type { PersonDraft } from "~/lib/people/draft";
import { flatDraft } from "~/lib/people/form";
import { asCountry } from "~/lib/phone";
import { readVCards } from "~/lib/vcard-read";
import { connection } from "~db/schema";
import type { Database } from "./db.server";
import { addPeople } from "./people/batch.server";

export type ImportRow = { row: number; draft: ContactDraft; duplicateOf: { id: number; name: string } | null };
export type ImportPlan = {
  kind: "csv" | "vcard";
  headers: string[];
  mapping: Record<ContactField, number>;
  rows: ImportRow[];
  skipped: { row: number; reason: string }[];
};

const isEmail = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) && v.length <= 254;

/** Reads a file into rows to import, each checked and matched against the owner's network; writes nothing. */
export async function planImport(
  db: Database,
  userId: string,
  text: string,
  filename: string,
  country: string,
  mappingOverride?: Record<ContactField, number>,
): Promise<ImportPlan> {
  const isVCard = /\.vcf$/i.test(filename) || /^\s*BEGIN:VCARD/i.test(text);
  const skipped: ImportPlan["skipped"] = [];
  let drafts: { row: number; draft: ContactDraft }[];
  let headers: string[] = [];
  let mapping = {} as Record<ContactField, number>;
  if (isVCard) {
    const read = readVCards(text);
    drafts = read.contacts.map((c) => ({ row: c.index, draft: c.draft }));
    skipped.push(...read.skipped.map((s) => ({ row: s.index, reason: s.reason })));
  } else {
    const csv = parseCsv(text);
    headers = csv.headers;
    mapping = mappingOverride ?? suggestMapping(headers);
    drafts = csv.rows.map((r, i) => ({ row: i + 2, draft: rowToDraft(r, mapping) }));
  }
  if (drafts.length > MAX_IMPORT_ROWS) {
    skipped.push({ row: MAX_IMPORT_ROWS + 1, reason: `Only the first ${MAX_IMPORT_ROWS} contacts are imported` });
    drafts = drafts.slice(0, MAX_IMPORT_ROWS);
  }
  const existing = await db
    .select({ id: connection.id, name: connection.name, email: connection.email, phone: connection.phone })
    .from(connection)
    .where(eq(connection.userId, userId));
  const code = asCountry(country);
  const index = new Map<string, { id: number; name: string }>();
  for (const c of existing)
    for (const k of dedupeKeys(c, code)) if (!index.has(k)) index.set(k, { id: c.id, name: c.name });
  const seenInFile = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { row, draft } of drafts) {
    if (!draft.name && !draft.email) {
      skipped.push({ row, reason: "No name or email" });
      continue;
    }
    if (draft.email && !isEmail(draft.email)) {
      skipped.push({ row, reason: `"${draft.email.slice(0, 60)}" is not an email address` });
      continue;
    }
    const keys = dedupeKeys(draft, code);
    const twin = keys.map((k) => seenInFile.get(k)).find((r) => r !== undefined);
    if (twin !== undefined) {
      skipped.push({ row, reason: `Same person as row ${twin} in this file` });
      continue;
    }
    for (const k of keys) seenInFile.set(k, row);
    const duplicateOf = keys.map((k) => index.get(k)).find(Boolean) ?? null;
    rows.push({ row, draft, duplicateOf });
  }
  skipped.sort((a, b) => a.row - b.row);
  return { kind: isVCard ? "vcard" : "csv", headers, mapping, rows, skipped };
}

/** A row of a CSV or vCard file as the people core's draft. */
function toPersonDraft(draft: ContactDraft): PersonDraft {
  const displayName = draft.name || [draft.firstName, draft.lastName].filter(Boolean).join(" ");
  return {
    ...flatDraft({ ...draft, name: displayName.slice(0, 120) }),
    name: draft.firstName || draft.lastName ? { given: draft.firstName, family: draft.lastName } : undefined,
    tags: splitTags(draft.tags),
    priority: draft.priority,
    status: draft.status,
    eventName: draft.eventName,
  };
}

/**
 * Applies a plan through the people core in one D1 batch, so a failure changes nothing. Someone already
 * in the network gets the new details attached (keeping every note and tag) or is skipped.
 */
export async function applyImport(
  db: Database,
  userId: string,
  plan: ImportPlan,
  duplicates: "merge" | "skip",
  filename = "a file",
) {
  const result = await addPeople(
    db,
    userId,
    plan.rows.map((r) => toPersonDraft(r.draft)),
    {
      source: "import",
      detail: `Imported from ${filename.slice(0, 120)}`,
      tags: ["Imported"],
      eventName: null,
      duplicates: duplicates === "merge" ? "attach" : "skip",
      notify: true,
      alsoSkipped: plan.skipped.length,
    },
  );
  return { added: result.added, merged: result.attached, skipped: result.skipped + plan.skipped.length };
}
