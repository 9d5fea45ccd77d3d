import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { normalizePriority, normalizeStatus, normalizeTags } from "~/lib/connection-rules";
import { MAX_IMPORT_ROWS } from "~/lib/csv";
import { readCsvFile } from "~/lib/csv-read";
import { dedupeKeys, mergeContacts } from "~/lib/dedupe";
import { caseName, normalizeLinkedIn } from "~/lib/enrich";
import type { PersonDraft } from "~/lib/people/draft";
import { toContactDraft } from "~/lib/people/flat";
import type { ReadResult, RowProblem } from "~/lib/people/read";
import { asCountry, normalizePhone } from "~/lib/phone";
import { readVCardFile } from "~/lib/vcard-read";
import { connection, notification } from "~db/schema";
import type { Database } from "./db.server";
import type { AppEnv } from "./env.server";
import { getSettings } from "./settings.server";

export type ImportRow = { row: number; draft: PersonDraft; duplicateOf: { id: number; name: string } | null };
export type ImportPlan = {
  kind: "csv" | "vcard";
  /** The layout recognised (google, outlook, linkedin...) and the encoding the file was read in. */
  format: string;
  encoding: string;
  filename: string;
  rows: ImportRow[];
  /** Every problem by row: skipped rows and rows kept with something left out. */
  problems: RowProblem[];
};

const isEmail = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) && v.length <= 254;

/** A .vcf or .csv file read from its bytes; which one by its name, else by its first line. */
export function readImportFile(bytes: Uint8Array, filename: string): ReadResult & { kind: "csv" | "vcard" } {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/[\uFEFF\0]/g, "");
  const isVCard = /\.vcf$/i.test(filename) || /^\s*BEGIN:VCARD/i.test(head);
  return isVCard ? { kind: "vcard", ...readVCardFile(bytes) } : { kind: "csv", ...readCsvFile(bytes) };
}

/** Checks each person read from a file and matches them against the owner's network; writes nothing. */
export async function planImport(
  db: Database,
  userId: string,
  read: ReadResult & { kind: "csv" | "vcard" },
  filename: string,
  country: string,
): Promise<ImportPlan> {
  const problems: RowProblem[] = [...read.problems];
  let people = read.people;
  if (people.length > MAX_IMPORT_ROWS) {
    const first = people[MAX_IMPORT_ROWS]?.row ?? MAX_IMPORT_ROWS + 1;
    problems.push({ row: first, message: `Only the first ${MAX_IMPORT_ROWS} contacts are imported`, skipped: true });
    people = people.slice(0, MAX_IMPORT_ROWS);
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
  for (const { row, draft } of people) {
    const badEmail = draft.emails?.find((e) => !isEmail(e.value));
    if (badEmail) {
      draft.emails = draft.emails?.filter((e) => e !== badEmail);
      problems.push({
        row,
        message: `"${badEmail.value.slice(0, 60)}" is not an email address; left out`,
        skipped: false,
      });
    }
    const keys = [
      ...(draft.emails ?? []).flatMap((e) => dedupeKeys({ email: e.value }, code)),
      ...(draft.phones ?? []).flatMap((p) => dedupeKeys({ phone: p.value }, code)),
    ];
    const twin = keys.map((k) => seenInFile.get(k)).find((r) => r !== undefined);
    if (twin !== undefined) {
      problems.push({ row, message: `Same person as row ${twin} in this file`, skipped: true });
      continue;
    }
    for (const k of keys) seenInFile.set(k, row);
    const duplicateOf = keys.map((k) => index.get(k)).find(Boolean) ?? null;
    rows.push({ row, draft, duplicateOf });
  }
  problems.sort((a, b) => a.row - b.row);
  return { kind: read.kind, format: read.format, encoding: read.encoding, filename, rows, problems };
}

// The parsed preview waits server-side for the confirm step, so the file is uploaded once.
const PREVIEW_TTL_SECONDS = 30 * 60;
const previewKey = (userId: string, id: string) => `import-preview:${userId}:${id}`;
export const previewIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** Stores a plan for its owner only; a photo-heavy file keeps its people and loses photos past ~20 MB. */
export async function savePreview(env: AppEnv, userId: string, plan: ImportPlan): Promise<string> {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  let body = JSON.stringify(plan);
  if (body.length > 20_000_000) {
    for (const r of plan.rows)
      if (r.draft.photo) {
        delete r.draft.photo;
        plan.problems.push({
          row: r.row,
          message: "Photo left out: the file's photos are too large together",
          skipped: false,
        });
      }
    body = JSON.stringify(plan);
  }
  await env.CACHE.put(previewKey(userId, id), body, { expirationTtl: PREVIEW_TTL_SECONDS });
  return id;
}

export async function loadPreview(env: AppEnv, userId: string, id: string): Promise<ImportPlan | null> {
  if (!previewIdSchema.safeParse(id).success) return null;
  return env.CACHE.get<ImportPlan>(previewKey(userId, id), "json");
}

export async function dropPreview(env: AppEnv, userId: string, id: string) {
  await env.CACHE.delete(previewKey(userId, id));
}

/** Today's connection columns from a person draft, until the people core stores contact points. */
function toValues(person: PersonDraft, country: string) {
  const draft = toContactDraft(person);
  const website = draft.website && /^https?:\/\//i.test(draft.website) ? draft.website.slice(0, 300) : null;
  return {
    name: (caseName(draft.name) || draft.email || "Unknown").slice(0, 120),
    email: draft.email?.toLowerCase() ?? null,
    phone: normalizePhone(draft.phone, asCountry(country)),
    title: draft.title?.slice(0, 120) ?? null,
    company: draft.company?.slice(0, 120) ?? null,
    website,
    linkedin: normalizeLinkedIn(draft.linkedin),
    notes: draft.notes?.slice(0, 5000) ?? null,
    tags: normalizeTags([...(person.tags ?? []), "Imported"]),
    priority: normalizePriority(draft.priority),
    status: normalizeStatus(draft.status),
    eventName: null,
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
  const skippedRows = new Set(plan.problems.filter((p) => p.skipped).map((p) => p.row)).size;
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
        message: `${added} added, ${merged} merged, ${skippedDuplicates + skippedRows} skipped.`,
        type: "success",
        actionLabel: "View connections",
        actionUrl: "/connections",
      }),
    );
  if (statements.length) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { added, merged, skipped: skippedDuplicates + skippedRows };
}
