import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_IMPORT_ROWS } from "~/lib/formats/csv";
import { readContactRows, readCsvFile } from "~/lib/formats/csv-read";
import { sniffFile } from "~/lib/formats/sniff";
import { readVCardFile } from "~/lib/formats/vcard-read";
import { readXlsxRows, SpreadsheetRefused } from "~/lib/formats/xlsx-read";
import { normalizeEmail } from "~/lib/forms/email";
import { asCountry, phoneKey } from "~/lib/forms/phone";
import type { PersonDraft } from "~/lib/people/draft";
import { MAX_POINTS_PER_KIND, normalisePerson } from "~/lib/people/normalise";
import { type ColumnGuess, type ColumnMapping, type ReadResult, type RowProblem, skippedRows } from "~/lib/people/read";
import { clipText } from "~/lib/text/graphemes";
import { hex } from "~/lib/text/hex";
import { connection, consentRecord, contactPoint, importMapping } from "~db/schema";
import { chunk } from "../db/budget.server";
import { claimStatement, lostClaim } from "../db/claim.server";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import type { AppEnv } from "../platform/env.server";
import { preparePeople } from "./batch.server";
import { senderNameOf } from "./consent.server";
import { draftPhotoProblem } from "./photo.server";

export type ImportRow = {
  row: number;
  draft: PersonDraft;
  duplicateOf: { id: number; name: string } | null;
  /** The opt-in to email the row answered yes to, in the column's words: recorded as the person's consent. */
  optIn?: string;
};
export type ImportPlan = {
  kind: "csv" | "vcard" | "xlsx";
  /** The layout recognised (google, outlook, linkedin...) and the encoding the file was read in. */
  format: string;
  encoding: string;
  filename: string;
  rows: ImportRow[];
  /** Every problem by row: skipped rows and rows kept with something left out. */
  problems: RowProblem[];
  /** A table's columns with the field guessed for each, and the header row a mapping is made on. */
  columns?: ColumnGuess[];
  headerRow?: number;
  /** The mapping the rows were read with (the person's own, or a saved one); absent when read by guess. */
  mapping?: ColumnMapping;
  /** Said about the mapping used: a saved one applied, or one saved for a header that has since changed. */
  mappingNote?: string;
};

/** A file the import will not read at all, with the words and the status to answer. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422,
  ) {
    super(message);
  }
}

/** Rows of a workbook kept for reading: the import's limit and room for rows without a person. */
const MAX_SHEET_ROWS = MAX_IMPORT_ROWS + 1_000;

/**
 * A .vcf, .csv, .tsv, .txt or .xlsx file read from its bytes; which one by its bytes, then its name. A
 * table is read with `mapping` when given (the person's choice per column), else each column by its header.
 */
export async function readImportFile(
  bytes: Uint8Array,
  filename: string,
  encoding?: string,
  mapping?: { fields: ColumnMapping; headerRow?: number } | null,
): Promise<ReadResult & { kind: "csv" | "vcard" | "xlsx" }> {
  const sniffed = sniffFile(bytes, filename);
  if (sniffed.kind === "refused") throw new ImportRefused(sniffed.message, 415);
  if (sniffed.kind === "vcard") return { kind: "vcard", ...readVCardFile(bytes, encoding) };
  if (sniffed.kind === "csv") {
    if (!mapping) return { kind: "csv", ...readCsvFile(bytes, encoding) };
    const read = readCsvFile(bytes, encoding, mapping.fields);
    return { kind: "csv", ...read };
  }
  let sheet: Awaited<ReturnType<typeof readXlsxRows>>;
  try {
    sheet = await readXlsxRows(bytes, MAX_SHEET_ROWS);
  } catch (error) {
    if (error instanceof SpreadsheetRefused)
      throw new ImportRefused(error.message, error.message.includes("unpacks") ? 413 : 422);
    throw error;
  }
  const read = readContactRows(sheet.rows, {
    encoding: "utf-8",
    mapping: mapping?.fields ?? null,
    ...(mapping?.headerRow !== undefined ? { headerRow: mapping.headerRow } : {}),
    issues: sheet.issues,
    rowsLeftOut: sheet.rowsLeftOut,
    sheet: true,
  });
  if (sheet.externalLinks)
    read.problems.unshift({
      row: 1,
      message: "This workbook links to other workbooks; their values were not read, only what this sheet holds",
      skipped: false,
    });
  return { kind: "xlsx", ...read };
}

/** Checks each person read from a file and matches them against the owner's network; writes nothing. */
export async function planImport(
  db: Database,
  userId: string,
  read: ReadResult & { kind: "csv" | "vcard" | "xlsx" },
  filename: string,
  country: string,
): Promise<ImportPlan> {
  const problems: RowProblem[] = [...read.problems];
  let people = read.people;
  if (people.length > MAX_IMPORT_ROWS) {
    const first = people[MAX_IMPORT_ROWS]?.row ?? MAX_IMPORT_ROWS + 1;
    const rows = people.length - MAX_IMPORT_ROWS;
    problems.push({
      row: first,
      message: `Only the first ${MAX_IMPORT_ROWS} contacts are imported; ${rows} more left out`,
      skipped: true,
      rows,
    });
    people = people.slice(0, MAX_IMPORT_ROWS);
  }
  // Who is already in the network, by the keys the people core matches on (email, E.164 phone, LinkedIn).
  const existing = await db
    .select({ kind: contactPoint.kind, key: contactPoint.key, id: connection.id, name: connection.name })
    .from(contactPoint)
    .innerJoin(connection, eq(connection.id, contactPoint.connectionId))
    .where(and(eq(contactPoint.userId, userId), eq(connection.userId, userId), isNotNull(contactPoint.key)));
  const index = new Map(existing.map((p) => [`${p.kind}:${p.key}`, { id: p.id, name: p.name }]));
  const code = asCountry(country);
  const seenInFile = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { row, draft, optIn } of people) {
    const badEmail = draft.emails?.find((e) => !normalizeEmail(e.value));
    if (badEmail) {
      draft.emails = draft.emails?.filter((e) => e !== badEmail);
      problems.push({
        row,
        // The specification's own words for an email that is not one.
        message: `"${clipText(badEmail.value, 60)}": Please enter a valid email address; left out`,
        skipped: false,
      });
    }
    // Past the per-kind cap, each value left out is named (the people core keeps the first ten of a kind).
    for (const [kind, noun, values] of [
      ["Email", "emails", draft.emails?.map((x) => x.value)],
      ["Phone", "phones", draft.phones?.map((x) => x.value)],
      ["Website", "websites", draft.websites?.map((x) => x.value)],
      ["Profile", "profiles", draft.socials?.map((x) => x.value)],
    ] as const) {
      const distinct = [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
      for (const v of distinct.slice(MAX_POINTS_PER_KIND))
        problems.push({
          row,
          message: `${kind} ${v.slice(0, 60)} left out: at most ${MAX_POINTS_PER_KIND} ${noun} per person`,
          skipped: false,
        });
    }
    const extraAddresses = (draft.addresses?.length ?? 0) - MAX_POINTS_PER_KIND;
    if (extraAddresses > 0)
      problems.push({
        row,
        message: `${extraAddresses} address${extraAddresses > 1 ? "es" : ""} left out: at most ${MAX_POINTS_PER_KIND} addresses per person`,
        skipped: false,
      });
    // Nothing read is dropped silently: what cannot be kept is left out with a line in the preview.
    for (const badPhone of draft.phones?.filter((p) => p.value?.trim() && !phoneKey(p.value, code)) ?? []) {
      draft.phones = draft.phones?.filter((p) => p !== badPhone);
      problems.push({
        row,
        message: `"${clipText(badPhone.value.trim(), 60)}" is not a phone number; left out`,
        skipped: false,
      });
    }
    if (draft.photo && draftPhotoProblem(draft.photo)) {
      const tooLarge = draftPhotoProblem(draft.photo) === "That image is too large";
      delete draft.photo;
      problems.push({
        row,
        message: tooLarge ? "Photo larger than 600 KB; left out" : "Photo is not a JPEG, PNG or WebP image; left out",
        skipped: false,
      });
    }
    if (draft.connectedOn && !/^\d{4}-\d{2}-\d{2}$/.test(draft.connectedOn)) {
      problems.push({
        row,
        message: `Connected On "${draft.connectedOn.slice(0, 40)}" is not a date; left out`,
        skipped: false,
      });
      delete draft.connectedOn;
    }
    const keys = normalisePerson(draft, code)
      .points.filter((p) => p.key)
      .map((p) => `${p.kind}:${p.key}`);
    const twin = keys.map((k) => seenInFile.get(k)).find((r) => r !== undefined);
    if (twin !== undefined) {
      problems.push({ row, message: `Same person as row ${twin} in this file`, skipped: true });
      continue;
    }
    for (const k of keys) seenInFile.set(k, row);
    const duplicateOf = keys.map((k) => index.get(k)).find(Boolean) ?? null;
    rows.push({ row, draft, duplicateOf, ...(optIn ? { optIn } : {}) });
  }
  problems.sort((a, b) => a.row - b.row);
  return {
    kind: read.kind,
    format: read.format,
    encoding: read.encoding,
    filename,
    rows,
    problems,
    ...(read.columns ? { columns: read.columns, headerRow: read.headerRow } : {}),
  };
}

// The parsed preview waits server-side for the confirm step, so the file is uploaded once.
const PREVIEW_TTL_SECONDS = 30 * 60;
const previewKey = (userId: string, id: string, kind = "import-preview") => `${kind}:${userId}:${id}`;
export const previewIdSchema = z.string().regex(/^[0-9a-f]{32}$/);
const newPreviewId = () => hex(crypto.getRandomValues(new Uint8Array(16)));

/**
 * Any import's parsed file, kept for its owner only (the owner's id is in the key) for 30 minutes; `kind`
 * keeps each importer's previews apart. Passing an id replaces that preview (a changed column mapping).
 */
export async function keepPreview(env: AppEnv, kind: string, userId: string, value: unknown, id = newPreviewId()) {
  await env.CACHE.put(previewKey(userId, id, kind), JSON.stringify(value), { expirationTtl: PREVIEW_TTL_SECONDS });
  return id;
}

export async function readPreview<T>(env: AppEnv, kind: string, userId: string, id: unknown): Promise<T | null> {
  const parsed = previewIdSchema.safeParse(id);
  if (!parsed.success) return null;
  return env.CACHE.get<T>(previewKey(userId, parsed.data, kind), "json");
}

export async function forgetPreview(env: AppEnv, kind: string, userId: string, id: string) {
  await env.CACHE.delete(previewKey(userId, id, kind));
}

/** Stores a plan for its owner only; a photo-heavy file keeps its people and loses photos past ~20 MB. */
export async function savePreview(env: AppEnv, userId: string, plan: ImportPlan): Promise<string> {
  const id = newPreviewId();
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
  await Promise.all([
    env.CACHE.delete(previewKey(userId, id)),
    env.CACHE.delete(previewKey(userId, id, "import-file")),
  ]);
}

/** The uploaded bytes beside their preview, so "read as …" another encoding needs no second upload. */
export async function keepUpload(env: AppEnv, userId: string, id: string, bytes: Uint8Array) {
  await env.CACHE.put(previewKey(userId, id, "import-file"), bytes, { expirationTtl: PREVIEW_TTL_SECONDS });
}

export async function loadUpload(env: AppEnv, userId: string, id: string): Promise<Uint8Array | null> {
  if (!previewIdSchema.safeParse(id).success) return null;
  const buffer = await env.CACHE.get(previewKey(userId, id, "import-file"), "arrayBuffer");
  return buffer ? new Uint8Array(buffer) : null;
}

/**
 * Applies a plan through the people core in one D1 batch, so a failure changes nothing. Someone already
 * in the network gets the new details attached (keeping every note and tag) or is skipped. The batch
 * claims the preview, so confirming it twice at once imports it once (null for the confirms that lost).
 */
export async function applyImport(
  app: { env: AppEnv; db: Database; ctx?: ExecutionContext },
  userId: string,
  plan: ImportPlan,
  duplicates: "merge" | "skip",
  previewId: string,
  /** The member importing (decision 0234): the new people's "met by" and owner. */
  metBy: string | null = null,
) {
  const db = app.db;
  const skipped = skippedRows(plan.problems);
  const prepared = await preparePeople(
    db,
    userId,
    plan.rows.map((r) => r.draft),
    {
      source: "import",
      detail: `Imported from ${plan.filename.slice(0, 120)}`,
      tags: ["Imported"],
      eventName: null,
      duplicates: duplicates === "merge" ? "attach" : "skip",
      notify: true,
      metBy,
      alsoSkipped: skipped,
      events: app,
      photos: app.env.CACHE,
    },
  );
  // A yes in an opt-in column is the person's consent to email from this sender, recorded with the column's words.
  const optIns = plan.rows.flatMap((r, i) => {
    const ref = prepared.refs[i];
    return r.optIn && ref ? [{ ...("id" in ref ? { pid: ref.id } : { cid: ref.cid }), shown: r.optIn }] : [];
  });
  const consents: Statement[] = [];
  if (optIns.length) {
    const provider = OPT_IN_PROVIDERS.has(plan.format) ? plan.format : null;
    const senderName = await senderNameOf(db, userId, {
      fundraising: provider === "donorbox" || provider === "givebutter",
    });
    const source = provider ? `import:${provider}` : "import";
    for (const part of chunk(optIns, 250))
      consents.push(
        rawSql(sql`insert into ${consentRecord} (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source)
          select ${userId}, coalesce(json_extract(j.value, '$.pid'), (select c.id from ${connection} c
              where c.user_id = ${userId} and c.client_id = json_extract(j.value, '$.cid'))),
            'email', 'yes', ${senderName.slice(0, 200)}, json_extract(j.value, '$.shown'), ${source}
          from json_each(${JSON.stringify(part)}) j where true`),
      );
  }
  try {
    await writeBatch(db, [claimStatement(userId, `contacts-import:${previewId}`), ...prepared.statements, ...consents]);
  } catch (error) {
    await prepared.abort();
    if (lostClaim(error)) return null;
    throw error;
  }
  const result = await prepared.finish();
  return { added: result.added, merged: result.attached, skipped: result.skipped + skipped };
}

/** Exports whose opt-in column is named as their source on the consent record (the why line names them). */
const OPT_IN_PROVIDERS = new Set(["donorbox", "givebutter", "mailchimp", "eventbrite"]);

/** A header row's layout: its column names as written, trimmed, in order. */
export async function layoutKeyOf(headers: string[]): Promise<string> {
  const text = JSON.stringify(
    headers.map((h) =>
      h
        .replace(/^\uFEFF/, "")
        .trim()
        .toLowerCase(),
    ),
  );
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** The mapping this owner saved for this header layout, if any. */
export async function savedMappingFor(db: Database, userId: string, headers: string[]) {
  const key = await layoutKeyOf(headers);
  const row = await db
    .select({ fields: importMapping.fields })
    .from(importMapping)
    .where(and(eq(importMapping.userId, userId), eq(importMapping.layoutKey, key)))
    .get();
  return row && row.fields.length === headers.length ? row.fields : null;
}

/**
 * A saved mapping for a header that has since changed: the owner's mapping whose columns the new header
 * shares most (at least half), so the preview can say the mapping no longer fits instead of applying it.
 */
export async function changedMappingFor(db: Database, userId: string, headers: string[]) {
  const rows = await db
    .select({ headers: importMapping.headers })
    .from(importMapping)
    .where(eq(importMapping.userId, userId))
    .orderBy(desc(importMapping.updatedAt))
    .limit(50);
  const mine = new Set(headers.map((h) => h.trim().toLowerCase()));
  return (
    rows.find((r) => {
      const shared = r.headers.filter((h) => mine.has(h.trim().toLowerCase())).length;
      return shared * 2 >= Math.max(r.headers.length, headers.length) && shared > 0;
    })?.headers ?? null
  );
}

/** Saves (or replaces) the owner's mapping for a header layout: one statement, the unique key decides. */
export async function saveMapping(db: Database, userId: string, headers: string[], fields: string[]) {
  const layoutKey = await layoutKeyOf(headers);
  await db
    .insert(importMapping)
    .values({ userId, layoutKey, headers, fields })
    .onConflictDoUpdate({
      target: [importMapping.userId, importMapping.layoutKey],
      set: { headers, fields, updatedAt: new Date() },
    });
}
