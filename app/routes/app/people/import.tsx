import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { ENCODING_CHOICES, encodingsThatFit, isEncodingChoice } from "~/lib/formats/charset";
import { MAX_IMPORT_ROWS } from "~/lib/formats/csv";
import { skippedRows } from "~/lib/people/read";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import {
  applyImport,
  dropPreview,
  keepUpload,
  loadPreview,
  loadUpload,
  planImport,
  previewIdSchema,
  readImportFile,
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
  generic: "CSV",
  unknown: "CSV",
};

const CHOOSE_FILE = "Choose a file to import.";
const TOO_LARGE = "That file is too large; split it into files under 5 MB.";
const ALREADY_IMPORTED = "This file was already imported; nobody was added twice. Your connections show the result.";

/** The file step, checked in the browser before the upload and again by the action. */
const fileSchema = z.object({
  intent: z.literal("preview"),
  file: z
    .instanceof(File, { message: CHOOSE_FILE })
    .refine((f) => f.size > 0, CHOOSE_FILE)
    .refine((f) => f.size <= MAX_FILE_BYTES, TOO_LARGE)
    .refine((f) => /\.(vcf|vcard|csv)$/i.test(f.name), "Choose a .vcf (vCard) or .csv file."),
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

const importSchema = z.discriminatedUnion("intent", [fileSchema, confirmSchema, rereadSchema]);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // A refusal of either step shows on the file step: the confirm step is gone once its preview is.
  const refuse = (reply: SubmissionResult<string[]>) => data({ reply }, { status: 400 });
  const refuseAll = (message: string) => refuse({ status: "error", error: { "": [message] } });
  const formData = await request.formData();
  // A body past the request cap arrives as this one field (security.server.ts): the file step says so.
  if (formData.get(TOO_LARGE_FIELD) === "too-large")
    return data(
      { reply: { status: "error", error: { file: [TOO_LARGE] } } as SubmissionResult<string[]> },
      { status: 413 },
    );
  const submission = parseWithZod(formData, { schema: importSchema });
  const expired = "This preview has expired; choose the file again.";
  if (submission.status !== "success")
    return submission.payload.intent === "preview" ? refuse(submission.reply()) : refuseAll(expired);
  const settings = await getSettings(app.db, user.id);
  if (submission.value.intent === "import") {
    // The confirm step names the preview kept for this owner; the file is never sent twice.
    const id = previewIdSchema.safeParse(submission.value.preview);
    const plan = id.success ? await loadPreview(app.env, user.id, id.data) : null;
    if (!plan || !id.success) return refuseAll(expired);
    if (plan.rows.length === 0) return refuseAll("Nothing in this file can be imported.");
    const result = await applyImport(app, user.id, plan, submission.value.duplicates, id.data);
    await dropPreview(app.env, user.id, id.data);
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
  if (submission.value.intent === "reread") {
    // The earlier preview's upload, kept for this owner only; its plan is replaced by the new reading.
    const id = previewIdSchema.safeParse(submission.value.preview);
    const kept = id.success ? await loadUpload(app.env, user.id, id.data) : null;
    const earlier = id.success && kept ? await loadPreview(app.env, user.id, id.data) : null;
    if (!id.success || !kept || !earlier) return refuseAll(expired);
    await dropPreview(app.env, user.id, id.data);
    bytes = kept;
    filename = earlier.filename;
    chosen = submission.value.encoding;
  } else {
    bytes = new Uint8Array(await submission.value.file.arrayBuffer());
    filename = submission.value.file.name.slice(0, 200);
  }
  const read = readImportFile(bytes, filename, chosen);
  const plan = await planImport(app.db, user.id, read, filename, settings.country);
  const previewId = await savePreview(app.env, user.id, plan);
  await keepUpload(app.env, user.id, previewId, bytes);
  const skipped = skippedRows(plan.problems);
  return {
    previewId,
    filename: plan.filename,
    format: FORMAT_LABEL[plan.format] ?? "CSV",
    encoding: plan.encoding,
    encodingLabel: isEncodingChoice(plan.encoding) ? ENCODING_CHOICES[plan.encoding] : plan.encoding.toUpperCase(),
    otherEncodings: encodingsThatFit(bytes, plan.encoding).map((value) => ({ value, label: ENCODING_CHOICES[value] })),
    total: plan.rows.length,
    duplicates: plan.rows.filter((r) => r.duplicateOf).length,
    skipped,
    rows: plan.rows.slice(0, SHOWN_ROWS).map((r) => ({
      row: r.row,
      name: r.draft.displayName,
      emails: (r.draft.emails ?? []).map((e) => e.value).join(", "),
      phones: (r.draft.phones ?? []).map((p) => p.value).join(", "),
      organization: r.draft.organization ?? "",
      tags: r.draft.tags ?? [],
      duplicateOf: r.duplicateOf?.name ?? null,
    })),
    problems: plan.problems.slice(0, SHOWN_PROBLEMS),
    moreProblems: Math.max(0, plan.problems.length - SHOWN_PROBLEMS),
  };
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
        vCard files (2.1, 3.0 or 4.0, many contacts in one file, from iPhone, Android, Outlook, Gmail or macOS) and CSV
        exports from Google Contacts, Outlook, LinkedIn, HubSpot or a spreadsheet. You'll see a preview first; nothing
        is saved until you confirm, and a failed import changes nothing. Up to {MAX_IMPORT_ROWS.toLocaleString("en-US")}{" "}
        contacts and 5 MB per file.
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
          accept=".vcf,.vcard,.csv,text/vcard,text/csv"
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
      {preview ? (
        <Form method="post" {...getFormProps(confirmForm)} className="mt-8 space-y-6">
          <input type="hidden" name="preview" value={preview.previewId} />
          <h2 className="font-semibold text-xl">
            Preview: {preview.total} to import
            {preview.duplicates ? `, ${preview.duplicates} already in your network` : ""}
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
            disabled={busy || preview.total === 0}
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
          >
            {busy ? "Importing..." : `Import ${preview.total} contacts`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
