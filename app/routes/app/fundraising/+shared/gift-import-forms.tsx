import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { Field, FormError, inputClass } from "~/components/ui/field";
import {
  GIFT_FIELD_LABELS,
  GIFT_FIELDS,
  type GiftMapping,
  MAX_GIFT_FILE_BYTES,
  MAX_GIFT_ROWS,
} from "~/lib/fundraising/gift-import";
import { confirmSchema, mappingSchema, uploadSchema } from "~/lib/fundraising/gift-import-forms";
import { formatCount } from "~/lib/i18n/format";

/** The gift import's three forms: choose a file, say which column holds what, and confirm. */

const button =
  "rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-sm text-white disabled:opacity-60 dark:bg-white dark:text-slate-900";

export function UploadForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm({
    id: "gift-upload",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: uploadSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <input type="hidden" name="intent" value="upload" />
      <Field
        id={fields.file.id}
        label="File"
        errors={fields.file.errors}
        hint={`A .csv file up to ${MAX_GIFT_FILE_BYTES / 1_000_000} MB and ${formatCount(MAX_GIFT_ROWS, "en")} gifts.`}
      >
        <input
          {...getInputProps(fields.file, { type: "file" })}
          accept=".csv,text/csv"
          className="block w-full text-sm"
        />
      </Field>
      <button type="submit" disabled={busy} className={button}>
        {busy ? "Reading…" : "Preview"}
      </button>
    </Form>
  );
}

export function MappingForm({
  preview,
  headers,
  mapping,
  lastResult,
}: {
  preview: string;
  headers: { index: number; label: string }[];
  mapping: GiftMapping;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<z.input<typeof mappingSchema>>({
    id: `gift-mapping-${preview}`,
    lastResult,
    defaultValue: Object.fromEntries(GIFT_FIELDS.map((f) => [f, mapping[f] === undefined ? "" : String(mapping[f])])),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mappingSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <details className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800" open={Boolean(lastResult)}>
      <summary className="cursor-pointer font-semibold">Columns: which holds what</summary>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="preview" value={preview} />
        <FormError id={form.errorId} errors={form.errors} className="mb-3" />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {GIFT_FIELDS.map((f) => (
            <Field key={f} id={fields[f].id} label={GIFT_FIELD_LABELS[f]} errors={fields[f].errors}>
              <select {...getSelectProps(fields[f])} className={inputClass}>
                <option value="">Not in this file</option>
                {headers.map((h) => (
                  <option key={h.index} value={h.index}>
                    {h.label}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <button type="submit" className={`mt-4 ${button}`}>
          Update preview
        </button>
      </Form>
    </details>
  );
}

export function ConfirmForm({
  preview,
  count,
  errorRows,
  lastResult,
  busy,
}: {
  preview: string;
  count: number;
  errorRows: number;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `gift-confirm-${preview}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-8 space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
    >
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="preview" value={preview} />
      {errorRows ? (
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.skipErrors, { type: "checkbox" })} className="mt-1" />
          <span>
            Leave out the {errorRows} row{errorRows === 1 ? "" : "s"} with problems and import the rest
          </span>
        </label>
      ) : null}
      <label className="flex items-start gap-2 text-sm">
        <input {...getInputProps(fields.alreadyThanked, { type: "checkbox" })} className="mt-1" />
        <span>These donors were already thanked (gifts without a Thanked date in the file are marked thanked too)</span>
      </label>
      <FormError id={form.errorId} errors={form.errors} />
      <p className="text-slate-600 text-sm dark:text-slate-300">
        All or nothing: every gift is saved together, or none is. Importing the same file again adds nothing twice.
      </p>
      <button type="submit" disabled={busy || count === 0} className={button}>
        {count === 0 ? "Nothing to import" : `Import ${count} gift${count === 1 ? "" : "s"}`}
      </button>
    </Form>
  );
}
