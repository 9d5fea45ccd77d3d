import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { ENCODING_CHOICES, encodingsThatFit, isEncodingChoice } from "~/lib/formats/charset";
import { MAX_IMPORT_ROWS } from "~/lib/formats/csv";
import { mappingProblems } from "~/lib/formats/csv-read";
import { MAPPING_CHOICES } from "~/lib/formats/mapping-choices";
import { skippedRows } from "~/lib/people/read";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import {
  applyImport,
  changedMappingFor,
  dropPreview,
  type ImportPlan,
  ImportRefused,
  keepUpload,
  layoutKeyOf,
  loadPreview,
  loadUpload,
  planImport,
  previewIdSchema,
  readImportFile,
  savedMappingFor,
  saveMapping,
  savePreview,
} from "~/server/people/import.server";
import { TOO_LARGE_FIELD } from "~/server/platform/security.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getSettings } from "~/server/settings/settings.server";
import type { Route } from "./+types/import";

export const meta = () => [...pageMeta("Import contacts"), { name: "robots", content: "noindex" }];

// Under the import's 5.1 MB request cap (security.server.ts), with room for the rest of the form.
const MAX_FILE_BYTES = 5_000_000;
const SHOWN_ROWS = 50;
const SHOWN_PROBLEMS = 300;

const FORMAT_LABEL: Record<string, string> = {
  vcard: "vCard",
  google: "Google Contacts CSV",
  "google-legacy": "Google Contacts CSV (older layout)",
  outlook: "Outlook CSV",
  linkedin: "LinkedIn Connections CSV",
  hubspot: "HubSpot CSV",
  mailchimp: "Mailchimp audience export",
  donorbox: "Donorbox export",
  givebutter: "Givebutter contacts export",
  eventbrite: "Eventbrite attendee report",
  generic: "CSV",
  unknown: "CSV",
};

const CHOOSE_FILE = "Choose a file to import.";
const TOO_LARGE = "That file is too large; split it into files under 5 MB.";
const ALREADY_IMPORTED = "This file was already imported; nobody was added twice. Your connections show the result.";
const EXPIRED = "This preview has expired; choose the file again.";
const LAYOUT_CHANGED =
  "The file's columns changed since this mapping was shown (read in another encoding?): check each column again.";

/** The file step, checked in the browser before the upload and again by the action. */
const fileSchema = z.object({
  intent: z.literal("preview"),
  file: z
    .instanceof(File, { message: CHOOSE_FILE })
    .refine((f) => f.size > 0, CHOOSE_FILE)
    .refine((f) => f.size <= MAX_FILE_BYTES, TOO_LARGE)
    .refine(
      (f) => /\.(vcf|vcard|csv|tsv|txt|xlsx)$/i.test(f.name),
      "Choose a .vcf (vCard), .csv, .tsv, .txt or .xlsx file.",
    ),
});

/** The confirm step: the preview kept for this owner (its id checked again on the server) and what to do with people already there. */
const confirmSchema = z.object({
  intent: z.literal("import"),
  preview: z.string().max(100),
  duplicates: z.enum(["merge", "skip"]).catch("merge"),
});

/** "Read as …": the same upload read again in the encoding the person chose. */
const rereadSchema = z.object({
  intent: z.literal("reread"),
  preview: z.string().max(100),
  encoding: z.string().max(20).refine(isEncodingChoice, "Choose one of the encodings shown."),
});

/** The mapping step: the field chosen for each column (`column.N`), and whether to keep it for this header. */
const mapSchema = z.object({
  intent: z.literal("map"),
  preview: z.string().max(100),
  layout: z.string().max(64),
  // "Don't keep" is an empty value, which arrives as a hole in the list.
  column: z.array(z.string().max(40).default("")).max(500).default([]),
  save: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

const importSchema = z.discriminatedUnion("intent", [fileSchema, confirmSchema, rereadSchema, mapSchema]);

type Extra = { mapping?: string[]; mappingErrors?: Record<number, string>; mappingNote?: string; saved?: boolean };

/** What the page shows of a plan: the counts, the first rows as they will be stored, the problems and the columns. */
async function previewOf(plan: ImportPlan, previewId: string, bytes: Uint8Array, extra: Extra = {}) {
  const skipped = skippedRows(plan.problems);
  const mapping = extra.mapping ?? plan.mapping ?? plan.columns?.map((c) => c.guess);
  return {
    previewId,
    filename: plan.filename,
    format:
      plan.kind === "xlsx" &&
      !plan.format.match(/^(google|outlook|linkedin|hubspot|mailchimp|donorbox|givebutter|eventbrite)/)
        ? "Excel workbook"
        : (FORMAT_LABEL[plan.format] ?? "CSV"),
    kind: plan.kind,
    encoding: plan.encoding,
    encodingLabel: isEncodingChoice(plan.encoding) ? ENCODING_CHOICES[plan.encoding] : plan.encoding.toUpperCase(),
    otherEncodings:
      plan.kind === "xlsx"
        ? []
        : encodingsThatFit(bytes, plan.encoding).map((value) => ({ value, label: ENCODING_CHOICES[value] })),
    total: plan.rows.length,
    duplicates: plan.rows.filter((r) => r.duplicateOf).length,
    optIns: plan.rows.filter((r) => r.optIn).length,
    skipped,
    rows: plan.rows.slice(0, SHOWN_ROWS).map((r) => ({
      row: r.row,
      name: r.draft.displayName,
      emails: (r.draft.emails ?? []).map((e) => e.value).join(", "),
      phones: (r.draft.phones ?? []).map((p) => p.value).join(", "),
      organization: r.draft.organization ?? "",
      title: r.draft.title ?? "",
      address: (r.draft.addresses ?? [])
        .map((a) => [a.street, a.locality, a.region, a.postalCode, a.country].filter(Boolean).join(", "))
        .join(" · "),
      birthday: r.draft.birthday ?? "",
      tags: r.draft.tags ?? [],
      optIn: r.optIn ?? "",
      duplicateOf: r.duplicateOf?.name ?? null,
    })),
    problems: plan.problems.slice(0, SHOWN_PROBLEMS),
    moreProblems: Math.max(0, plan.problems.length - SHOWN_PROBLEMS),
    columns: plan.columns ?? null,
    layout: plan.columns ? await layoutKeyOf(plan.columns.map((c) => c.header)) : "",
    mapping: mapping ?? null,
    mappingErrors: extra.mappingErrors ?? null,
    mappingNote: extra.mappingNote ?? plan.mappingNote ?? null,
    saved: extra.saved ?? false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // A refusal of either step shows on the file step: the confirm step is gone once its preview is.
  const refuse = (reply: SubmissionResult<string[]>, status = 400) => data({ reply }, { status });
  const refuseAll = (message: string, status = 400) => refuse({ status: "error", error: { "": [message] } }, status);
  const formData = await request.formData();
  // A body past the request cap arrives as this one field (security.server.ts): the file step says so.
  if (formData.get(TOO_LARGE_FIELD) === "too-large")
    return data(
      { reply: { status: "error", error: { file: [TOO_LARGE] } } as SubmissionResult<string[]> },
      { status: 413 },
    );
  const submission = parseWithZod(formData, { schema: importSchema });
  if (submission.status !== "success")
    return submission.payload.intent === "preview" ? refuse(submission.reply()) : refuseAll(EXPIRED);
  const settings = await getSettings(app.db, user.id);
  const value = submission.value;
  if (value.intent === "import") {
    // The confirm step names the preview kept for this owner; the file is never sent twice.
    const id = previewIdSchema.safeParse(value.preview);
    const plan = id.success ? await loadPreview(app.env, user.workspace.id, id.data) : null;
    if (!plan || !id.success) return refuseAll(EXPIRED);
    if (plan.rows.length === 0) return refuseAll("Nothing in this file can be imported.", 422);
    const result = await applyImport(app, user.workspace.id, plan, value.duplicates, id.data, user.id);
    await dropPreview(app.env, user.workspace.id, id.data);
    // A double click: the other confirm imported this file; nothing was added twice.
    if (!result)
      return data(
        { reply: { status: "error", error: { "": [ALREADY_IMPORTED] } } as SubmissionResult<string[]> },
        { status: 409 },
      );
    return redirectWithToast(href("/connections"), {
      type: "success",
      title: "Import finished",
      description: `${result.added} added, ${result.merged} merged, ${result.skipped} skipped.`,
    });
  }
  let bytes: Uint8Array;
  let filename: string;
  let chosen: string | undefined;
  let mapping: { fields: string[]; headerRow?: number } | null = null;
  let extra: Extra = {};
  if (value.intent === "reread" || value.intent === "map") {
    // The earlier preview's upload, kept for this owner only; its plan is replaced by the new reading.
    const id = previewIdSchema.safeParse(value.preview);
    const kept = id.success ? await loadUpload(app.env, user.workspace.id, id.data) : null;
    const earlier = id.success && kept ? await loadPreview(app.env, user.workspace.id, id.data) : null;
    if (!id.success || !kept || !earlier) return refuseAll(EXPIRED);
    bytes = kept;
    filename = earlier.filename;
    // The encoding the earlier preview was read in, when it is one a person can choose (not a mixed file's two).
    chosen = earlier.kind !== "xlsx" && isEncodingChoice(earlier.encoding) ? earlier.encoding : undefined;
    if (value.intent === "reread") chosen = value.encoding;
    if (value.intent === "map") {
      const columns = earlier.columns ?? [];
      const fields = columns.map((_, i) => value.column[i] ?? "");
      // The choices as sent stay on the page whatever is wrong with them.
      const keep = async (mappingErrors: Record<number, string>, status: number) =>
        data(await previewOf(earlier, id.data, kept, { mapping: fields, mappingErrors }), { status });
      if (!columns.length) return refuseAll(EXPIRED);
      if (value.layout !== (await layoutKeyOf(columns.map((c) => c.header))))
        return keep({ [-1]: LAYOUT_CHANGED }, 409);
      const problems = mappingProblems(columns, fields);
      if (problems.size) return keep(Object.fromEntries(problems), 400);
      mapping = { fields, ...(earlier.headerRow !== undefined ? { headerRow: earlier.headerRow } : {}) };
      if (value.save)
        await saveMapping(
          app.db,
          user.workspace.id,
          columns.map((c) => c.header),
          fields,
        );
      extra = { mapping: fields, saved: value.save };
    } else if (earlier.mapping)
      mapping = {
        fields: earlier.mapping,
        ...(earlier.headerRow !== undefined ? { headerRow: earlier.headerRow } : {}),
      };
    await dropPreview(app.env, user.workspace.id, id.data);
  } else {
    bytes = new Uint8Array(await value.file.arrayBuffer());
    filename = value.file.name.slice(0, 200);
  }
  let read: Awaited<ReturnType<typeof readImportFile>>;
  try {
    read = await readImportFile(bytes, filename, chosen, mapping);
    // A header this owner saved a mapping for is read with it; one that changed since is named, not applied.
    if (value.intent === "preview" && read.columns) {
      const headers = read.columns.map((c) => c.header);
      const saved = await savedMappingFor(app.db, user.workspace.id, headers);
      if (saved) {
        read = await readImportFile(bytes, filename, chosen, { fields: saved, headerRow: read.headerRow });
        mapping = { fields: saved };
        extra = { mappingNote: "Read with the mapping you saved for this header; change it below if you need to." };
      } else if (await changedMappingFor(app.db, user.workspace.id, headers))
        extra = {
          mappingNote:
            "A mapping you saved was made for a header with other columns; it was not applied. Check each column below and save the mapping again.",
        };
    }
  } catch (error) {
    if (error instanceof ImportRefused)
      return data(
        { reply: { status: "error", error: { file: [error.message] } } as SubmissionResult<string[]> },
        { status: error.status },
      );
    throw error;
  }
  const plan = await planImport(app.db, user.workspace.id, read, filename, settings.country);
  if (mapping) plan.mapping = mapping.fields;
  if (extra.mappingNote) plan.mappingNote = extra.mappingNote;
  const previewId = await savePreview(app.env, user.workspace.id, plan);
  await keepUpload(app.env, user.workspace.id, previewId, bytes);
  // Nothing importable is a refusal (4xx) that still shows the columns, so the person can map them.
  return data(await previewOf(plan, previewId, bytes, extra), { status: plan.rows.length ? 200 : 422 });
}

export default function ImportPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const preview = actionData && "previewId" in actionData ? actionData : null;
  const [fileForm, fileFields] = useForm({
    id: "import-file",
    lastResult: !busy && actionData && "reply" in actionData ? actionData.reply : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [confirmForm, confirmFields] = useForm({
    id: "import-confirm",
    defaultValue: { duplicates: "merge" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSchema }),
  });
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/connections")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Import contacts</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        vCard files (2.1, 3.0 or 4.0, many contacts in one file, from iPhone, Android, Outlook, Gmail or macOS), CSV,
        TSV or TXT exports from Google Contacts, Outlook, LinkedIn, HubSpot, Mailchimp or a spreadsheet, and Excel
        workbooks (.xlsx). You'll see each column's field and a preview first; nothing is saved until you confirm, and a
        failed import changes nothing. Up to {MAX_IMPORT_ROWS.toLocaleString("en-US")} contacts and 5 MB per file.
      </p>

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(fileForm)}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor={fileFields.file.id} className="block font-medium">
          File
        </label>
        <input
          {...getInputProps(fileFields.file, { type: "file" })}
          accept=".vcf,.vcard,.csv,.tsv,.txt,.xlsx,text/vcard,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="block text-sm"
        />
        {[...(fileForm.errors ?? []), ...(fileFields.file.errors ?? [])].slice(0, 1).map((message) => (
          <p
            key={message}
            id={fileFields.file.errors?.length ? fileFields.file.errorId : fileForm.errorId}
            role="alert"
            className="text-red-700 text-sm dark:text-red-300"
          >
            {message}
          </p>
        ))}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-white dark:bg-white dark:text-slate-900"
        >
          Preview
        </button>
      </Form>

      {preview ? (
        <Form method="post" id="import-reread" className="hidden">
          <input type="hidden" name="intent" value="reread" />
          <input type="hidden" name="preview" value={preview.previewId} />
        </Form>
      ) : null}
      {preview?.columns ? (
        <Form
          method="post"
          id="import-map"
          key={`${preview.previewId}-${JSON.stringify(preview.mapping)}`}
          className="mt-8 space-y-3"
          aria-labelledby="map-title"
        >
          <input type="hidden" name="intent" value="map" />
          <input type="hidden" name="preview" value={preview.previewId} />
          <input type="hidden" name="layout" value={preview.layout} />
          <h2 id="map-title" className="font-semibold text-xl">
            What each column holds
          </h2>
          <p className="text-slate-600 text-sm dark:text-slate-300">
            We guessed a field for each column from its header. Change any guess, or choose “Don't keep”, then apply the
            mapping to see the rows below as they will be stored.
          </p>
          {preview.mappingNote ? (
            <p role="status" className="text-sm">
              {preview.mappingNote}
            </p>
          ) : null}
          {preview.mappingErrors?.[-1] ? (
            <p role="alert" className="text-red-700 text-sm dark:text-red-300">
              {preview.mappingErrors[-1]}
            </p>
          ) : null}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            aria-label="Columns of the file"
            className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Columns of the file and the field each holds</caption>
              <thead className="bg-slate-50 dark:bg-slate-900">
                <tr>
                  <th scope="col" className="p-2">
                    Column
                  </th>
                  <th scope="col" className="p-2">
                    First values
                  </th>
                  <th scope="col" className="p-2">
                    Keep as
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.columns.map((c, i) => {
                  const error = preview.mappingErrors?.[i];
                  const chosen = preview.mapping?.[i] ?? c.guess;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; two may share a header
                    <tr key={i} className="border-slate-200 border-t align-top dark:border-slate-800">
                      <th scope="row" className="p-2 font-medium">
                        <label htmlFor={`column-${i}`}>{c.header || `Column ${i + 1}`}</label>
                      </th>
                      <td className="max-w-64 p-2 text-slate-600 dark:text-slate-300">
                        {c.samples.filter(Boolean).join(" · ")}
                      </td>
                      <td className="p-2">
                        <select
                          id={`column-${i}`}
                          name={`column[${i}]`}
                          defaultValue={chosen}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `column-${i}-error` : undefined}
                          className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
                        >
                          <option value="">Don't keep</option>
                          {c.guess === "file" ? <option value="file">As the file names it ({c.english})</option> : null}
                          {[...new Set(MAPPING_CHOICES.map((x) => x.group))].map((group) => (
                            <optgroup key={group} label={group}>
                              {MAPPING_CHOICES.filter((x) => x.group === group).map((x) => (
                                <option key={x.value} value={x.value}>
                                  {x.label}
                                </option>
                              ))}
                            </optgroup>
                          ))}
                        </select>
                        {error ? (
                          <p
                            id={`column-${i}-error`}
                            role="alert"
                            className="mt-1 text-red-700 text-xs dark:text-red-300"
                          >
                            {error}
                          </p>
                        ) : null}
                        {!chosen && c.samples.some(Boolean) ? (
                          <p className="mt-1 text-slate-500 text-xs">Not kept; the preview names it</p>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="save" defaultChecked={preview.saved} /> Save this mapping for the next file
            with these columns
          </label>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium text-sm dark:border-slate-700"
          >
            Apply mapping
          </button>
        </Form>
      ) : null}
      {preview ? (
        <Form method="post" {...getFormProps(confirmForm)} className="mt-8 space-y-6">
          <input type="hidden" name="preview" value={preview.previewId} />
          <h2 className="font-semibold text-xl">
            Preview: {preview.total} to import
            {preview.duplicates ? `, ${preview.duplicates} already in your network` : ""}
            {preview.optIns ? `, ${preview.optIns} agreed to email` : ""}
            {preview.skipped ? `, ${preview.skipped} skipped` : ""}
          </h2>
          <p className="text-slate-600 text-sm dark:text-slate-300">
            {preview.filename}: read as {preview.format} in {preview.encodingLabel}.
          </p>
          {preview.otherEncodings.length ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span id="reread-label">Letters look wrong? Read the file as</span>
              {preview.otherEncodings.map((e) => (
                <button
                  key={e.value}
                  type="submit"
                  form="import-reread"
                  name="encoding"
                  value={e.value}
                  disabled={busy}
                  aria-describedby="reread-label"
                  className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-700"
                >
                  {e.label}
                </button>
              ))}
            </div>
          ) : null}

          {/* Focusable so a keyboard can scroll a wide preview on a phone. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            aria-label="Contacts to import"
            className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Contacts to import</caption>
              <thead className="bg-slate-50 dark:bg-slate-900">
                <tr>
                  <th scope="col" className="p-2">
                    Row
                  </th>
                  <th scope="col" className="p-2">
                    Name
                  </th>
                  <th scope="col" className="p-2">
                    Email
                  </th>
                  <th scope="col" className="p-2">
                    Phone
                  </th>
                  <th scope="col" className="p-2">
                    Company
                  </th>
                  <th scope="col" className="p-2">
                    Job title
                  </th>
                  <th scope="col" className="p-2">
                    Address
                  </th>
                  <th scope="col" className="p-2">
                    Birthday
                  </th>
                  <th scope="col" className="p-2">
                    Agreed to email
                  </th>
                  <th scope="col" className="p-2">
                    Tags
                  </th>
                  <th scope="col" className="p-2">
                    Already in your network
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.row} className="border-slate-200 border-t dark:border-slate-800">
                    <td className="p-2">{r.row}</td>
                    <td className="min-w-32 p-2">{r.name}</td>
                    <td className="whitespace-nowrap p-2">{r.emails}</td>
                    <td className="p-2">{r.phones}</td>
                    <td className="p-2">{r.organization}</td>
                    <td className="p-2">{r.title}</td>
                    <td className="min-w-40 p-2">{r.address}</td>
                    <td className="whitespace-nowrap p-2">{r.birthday}</td>
                    <td className="p-2">{r.optIn}</td>
                    <td className="p-2">
                      {/* Each tag as its own chip, so a list split wrongly shows before it is stored. */}
                      <span className="flex flex-wrap gap-1">
                        {r.tags.map((t) => (
                          <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                            {t}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td className="p-2">{r.duplicateOf ? `Yes: ${r.duplicateOf}` : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {preview.total > preview.rows.length ? (
            <p className="text-slate-600 text-sm dark:text-slate-300">
              The first {preview.rows.length} of {preview.total} are shown.
            </p>
          ) : null}

          {preview.problems.length ? (
            <section aria-labelledby="problems-title">
              <h3 id="problems-title" className="font-semibold">
                Problems by row
              </h3>
              <ul className="mt-2 list-disc pl-6 text-sm">
                {preview.problems.map((p) => (
                  <li key={`${p.row}-${p.message}`}>
                    Row {p.row}: {p.message}
                    {p.skipped ? " (skipped)" : ""}
                  </li>
                ))}
              </ul>
              {preview.moreProblems ? <p className="mt-1 text-sm">And {preview.moreProblems} more.</p> : null}
            </section>
          ) : null}

          <fieldset>
            <legend className="font-medium">People already in your network</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                {...getInputProps(confirmFields.duplicates, { type: "radio", value: "merge" })}
                id={`${confirmFields.duplicates.id}-merge`}
              />{" "}
              Merge into the existing contact, keeping every note and tag
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input
                {...getInputProps(confirmFields.duplicates, { type: "radio", value: "skip" })}
                id={`${confirmFields.duplicates.id}-skip`}
              />{" "}
              Skip them
            </label>
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="import"
            disabled={busy || preview.total === 0 || Boolean(preview.mappingErrors)}
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
          >
            {busy ? "Importing..." : `Import ${preview.total} contacts`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
