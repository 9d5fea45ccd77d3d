import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { normalizePriority, normalizeStatus, normalizeTags } from "~/lib/connection-rules";
import {
  type ContactDraft,
  type ContactField,
  MAX_IMPORT_ROWS,
  parseCsv,
  rowToDraft,
  splitTags,
  suggestMapping,
} from "~/lib/csv";
import { dedupeKeys, mergeContacts } from "~/lib/dedupe";
import { caseName, normalizeLinkedIn, suggestFromEmail } from "~/lib/enrich";
import { asCountry, normalizePhone } from "~/lib/phone";
import { readVCards } from "~/lib/vcard-read";
import { connection, notification } from "~db/schema";
import type { Database } from "./db.server";
import { getSettings } from "./settings.server";

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

function toValues(draft: ContactDraft, country: string) {
  const suggested = suggestFromEmail(draft.email);
  const website =
    draft.website && /^https:\/\//i.test(draft.website) ? draft.website.slice(0, 300) : (suggested?.website ?? null);
  return {
    name: (caseName(draft.name) || draft.email || "Unknown").slice(0, 120),
    email: draft.email?.toLowerCase() ?? null,
    phone: normalizePhone(draft.phone, asCountry(country)),
    title: draft.title?.slice(0, 120) ?? null,
    company: (draft.company ?? suggested?.company ?? null)?.slice(0, 120) ?? null,
    website,
    linkedin: normalizeLinkedIn(draft.linkedin),
    notes: draft.notes?.slice(0, 5000) ?? null,
    tags: normalizeTags([...splitTags(draft.tags), "Imported"]),
    priority: normalizePriority(draft.priority),
    status: normalizeStatus(draft.status),
    eventName: draft.eventName?.slice(0, 120) ?? null,
  };
}

/**
 * Applies a plan in one D1 batch, so a failure changes nothing. Duplicates are merged into the
 * existing connection (keeping every note and tag) or skipped.
 */
export async function applyImport(
  db: Database,
  userId: string,
  plan: ImportPlan,
  duplicates: "merge" | "skip",
  country: string,
) {
  const statements: BatchItem<"sqlite">[] = [];
  let added = 0;
  let merged = 0;
  let skippedDuplicates = 0;
  for (const { draft, duplicateOf } of plan.rows) {
    const values = toValues(draft, country);
    if (!duplicateOf) {
      statements.push(db.insert(connection).values({ userId, source: "import", ...values }));
      added++;
      continue;
    }
    if (duplicates === "skip") {
      skippedDuplicates++;
      continue;
    }
    const [current] = await db
      .select()
      .from(connection)
      .where(and(eq(connection.id, duplicateOf.id), eq(connection.userId, userId)));
    if (!current) continue;
    const next = mergeContacts(current, [{ ...values, strength: null }]);
    statements.push(
      db
        .update(connection)
        .set({
          email: next.email,
          phone: next.phone,
          title: next.title,
          company: next.company,
          website: next.website,
          linkedin: next.linkedin,
          eventName: next.eventName,
          notes: next.notes,
          tags: next.tags,
          priority: next.priority,
        })
        .where(and(eq(connection.id, current.id), eq(connection.userId, userId))),
    );
    merged++;
  }
  if ((await getSettings(db, userId)).notifyImports)
    statements.push(
      db.insert(notification).values({
        userId,
        title: "Import finished",
        message: `${added} added, ${merged} merged, ${skippedDuplicates + plan.skipped.length} skipped.`,
        type: "success",
        actionLabel: "View connections",
        actionUrl: "/connections",
      }),
    );
  if (statements.length) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { added, merged, skipped: skippedDuplicates + plan.skipped.length };
}
