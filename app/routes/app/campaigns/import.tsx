import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { GiftPreviewList } from "~/components/fundraising/gift-import-preview";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { GIFT_METHOD_LABELS } from "~/lib/donation";
import {
  droppedColumns,
  GIFT_FIELD_LABELS,
  GIFT_FIELDS,
  type GiftMapping,
  guessMapping,
  PROVIDER_LABELS,
  readGiftTable,
  recogniseProvider,
} from "~/lib/gift-import";
import { confirmSchema, mappingSchema, uploadSchema } from "~/lib/gift-import-forms";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import {
  confirmGiftImport,
  forgetGiftFile,
  keepGiftFile,
  ownedCampaign,
  planGiftImport,
  readGiftFile,
} from "~/server/fundraising/gift-import.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/import";

export const meta = () => [...pageMeta("Import gifts"), { name: "robots", content: "noindex" }];

const SHOWN_GIFTS = 100;
const SHOWN_PROBLEMS = 300;
const EXPIRED = "This preview has expired; choose the file again.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await ownedCampaign(app.db, user.id, params.id);
  if (!c) notFound();
  const id = new URL(request.url).searchParams.get("preview");
  const file = id ? await readGiftFile(app, user.id, id) : null;
  if (!id || !file || file.campaignId !== c.id) return { c, expired: Boolean(id), preview: null };
  const plan = await planGiftImport(app.db, user.id, c, file);
  const fresh = plan.gifts.filter((g) => !g.already);
  const newDonors = new Set(fresh.filter((g) => !g.match).map((g) => g.donorEmail || g.donorName.toLowerCase()));
  const matched = new Set(fresh.filter((g) => g.match).map((g) => g.match?.id));
  return {
    c,
    expired: false,
    preview: {
      id,
      filename: file.filename,
      format: PROVIDER_LABELS[file.provider],
      encoding: file.encoding,
      headers: file.headers.map((h, index) => ({ index, label: h || `Column ${index + 1}` })),
      mapping: file.mapping,
      dropped: droppedColumns(file.headers, file.mapping),
      count: fresh.length,
      total: fresh.reduce((sum, g) => sum + g.amount - g.refunded, 0),
      newDonors: newDonors.size,
      matchedDonors: matched.size,
      gifts: plan.gifts.slice(0, SHOWN_GIFTS).map((g) => ({
        row: g.row,
        name: g.donorName,
        email: g.donorEmail,
        amount: formatMoney(g.amount, g.currency),
        refunded: g.refunded ? formatMoney(g.refunded, g.currency) : null,
        date: g.date,
        method: GIFT_METHOD_LABELS[g.method],
        recurring: g.recurring,
        // The file's own campaign name, when it differs from the campaign every row goes to.
        fileCampaign: g.campaign && g.campaign !== c.title ? g.campaign : null,
        match: g.match,
        already: g.already,
      })),
      moreGifts: Math.max(0, plan.gifts.length - SHOWN_GIFTS),
      errors: plan.errors.slice(0, SHOWN_PROBLEMS),
      errorCount: plan.errors.length,
      errorRows: new Set(plan.errors.map((e) => e.row)).size,
      notes: plan.notes.slice(0, SHOWN_PROBLEMS),
      noteCount: plan.notes.length,
    },
  };
}

type ActionData = { form: "upload" | "map" | "confirm"; reply: SubmissionResult<string[]> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const c = await ownedCampaign(app.db, user.id, params.id);
  if (!c) notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `/campaigns/${c.id}/import`;

  if (intent === "map" || intent === "confirm") {
    const submission = parseWithZod(formData, { schema: intent === "map" ? mappingSchema : confirmSchema });
    if (submission.status !== "success")
      return data<ActionData>({ form: intent, reply: submission.reply() }, { status: 400 });
    const v = submission.value;
    const file = await readGiftFile(app, user.id, v.preview);
    if (!file || file.campaignId !== c.id)
      return data<ActionData>({ form: intent, reply: submission.reply({ formErrors: [EXPIRED] }) }, { status: 400 });
    if (v.intent === "map") {
      const mapping: GiftMapping = {};
      for (const f of GIFT_FIELDS) if (v[f] !== undefined && v[f] < file.headers.length) mapping[f] = v[f];
      await keepGiftFile(app, user.id, { ...file, mapping }, v.preview);
      return redirect(`${here}?preview=${v.preview}`);
    }
    const done = await confirmGiftImport(app, user.id, c, file, {
      skipErrors: v.skipErrors,
      previewId: v.preview,
      alreadyThanked: v.alreadyThanked,
    });
    if (!done.ok)
      return data<ActionData>(
        { form: intent, reply: submission.reply({ formErrors: [done.message] }) },
        { status: done.conflict ? 409 : 400 },
      );
    await forgetGiftFile(app, user.id, v.preview);
    return redirectWithToast(`/campaigns/${c.id}`, {
      type: "success",
      title: "Import finished",
      description: `${done.imported} gift${done.imported === 1 ? "" : "s"} imported, ${done.donors} new donor${done.donors === 1 ? "" : "s"}, ${done.skipped} row${done.skipped === 1 ? "" : "s"} skipped.`,
    });
  }

  const submission = parseWithZod(formData, { schema: uploadSchema });
  if (submission.status !== "success")
    return data<ActionData>({ form: "upload", reply: submission.reply() }, { status: 400 });
  const file = submission.value.file;
  const table = readGiftTable(new Uint8Array(await file.arrayBuffer()));
  if ("error" in table)
    return data<ActionData>(
      { form: "upload", reply: submission.reply({ fieldErrors: { file: [table.error] } }) },
      { status: 400 },
    );
  const id = await keepGiftFile(app, user.id, {
    ...table,
    filename: file.name.slice(0, 200),
    campaignId: c.id,
    provider: recogniseProvider(table.headers),
    mapping: guessMapping(table.headers),
  });
  return redirect(`${here}?preview=${id}`);
}

const button =
  "rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-sm text-white disabled:opacity-60 dark:bg-white dark:text-slate-900";

function UploadForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | null; busy: boolean }) {
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
        hint="A .csv file up to 5 MB and 20,000 gifts."
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

function MappingForm({
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
        {form.errors?.length ? (
          <p role="alert" className="mb-3 text-red-700 text-sm dark:text-red-300">
            {form.errors[0]}
          </p>
        ) : null}
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

function ConfirmForm({
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
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="text-red-700 text-sm dark:text-red-300">
          {form.errors[0]}
        </p>
      ) : null}
      <p className="text-slate-600 text-sm dark:text-slate-300">
        All or nothing: every gift is saved together, or none is. Importing the same file again adds nothing twice.
      </p>
      <button type="submit" disabled={busy || count === 0} className={button}>
        {count === 0 ? "Nothing to import" : `Import ${count} gift${count === 1 ? "" : "s"}`}
      </button>
    </Form>
  );
}

export default function ImportGifts({ loaderData, actionData }: Route.ComponentProps) {
  const { c, expired, preview } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = (form: ActionData["form"]) =>
    navigation.state === "idle" && actionData?.form === form ? actionData.reply : null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link to={`/campaigns/${c.id}`} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← {c.title}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Import gifts</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A CSV export from Givebutter (transactions), Donorbox (donations) or Stripe (payments), or any spreadsheet with
        an amount, a date and the donor's email or name. Every gift goes to this campaign in {c.currency}; donors are
        matched by email or phone to people already in your network, and new ones are added tagged Donor. You'll see a
        preview first; nothing is saved until you confirm.
      </p>
      {expired ? (
        <p role="alert" className="mt-4 text-red-700 text-sm dark:text-red-300">
          {EXPIRED}
        </p>
      ) : null}
      {preview ? (
        <>
          <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800" data-testid="gift-summary">
            <p className="text-slate-600 text-sm dark:text-slate-300">
              <strong className="text-slate-900 dark:text-white">{preview.filename}</strong> · read as {preview.format}{" "}
              · {preview.encoding.toUpperCase()}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Gifts to import</dt>
                <dd className="font-bold text-xl">{preview.count}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Total</dt>
                <dd className="font-bold text-xl">{formatMoney(preview.total, c.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">Donors in your network</dt>
                <dd className="font-bold text-xl">{preview.matchedDonors}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-300">New donors</dt>
                <dd className="font-bold text-xl">{preview.newDonors}</dd>
              </div>
            </dl>
            <Link to={`/campaigns/${c.id}/import`} className="mt-3 inline-block text-sm underline">
              Choose another file
            </Link>
          </div>

          <MappingForm
            key={`${preview.id}-${JSON.stringify(preview.mapping)}`}
            preview={preview.id}
            headers={preview.headers}
            mapping={preview.mapping}
            lastResult={reply("map")}
          />
          {preview.dropped.length ? (
            <p className="mt-4 break-words text-sm" data-testid="gift-dropped">
              <strong>Not imported:</strong> {preview.dropped.length} column{preview.dropped.length === 1 ? "" : "s"} no
              field above reads ({preview.dropped.join(", ")}). Choose a field for any you want kept.
            </p>
          ) : null}

          {preview.errorCount ? (
            <div className="mt-6">
              <h2 className="font-bold text-xl text-red-800 dark:text-red-300">
                {preview.errorCount} problem{preview.errorCount === 1 ? "" : "s"} in {preview.errorRows} row
                {preview.errorRows === 1 ? "" : "s"}
              </h2>
              <ul className="mt-2 space-y-1 text-sm" data-testid="gift-errors">
                {preview.errors.map((e) => (
                  <li key={`${e.row}-${e.message}`}>
                    <span className="font-semibold">Row {e.row}:</span> {e.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <h2 className="mt-8 font-bold text-xl">What will be imported</h2>
          {preview.gifts.length ? (
            <GiftPreviewList gifts={preview.gifts} />
          ) : (
            <p className="mt-3 text-slate-600 dark:text-slate-300">No gifts in this file can be imported.</p>
          )}
          {preview.moreGifts ? (
            <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">…and {preview.moreGifts} more.</p>
          ) : null}

          {preview.noteCount ? (
            <div className="mt-6">
              <h2 className="font-bold text-lg">
                {preview.noteCount} row{preview.noteCount === 1 ? "" : "s"} skipped
              </h2>
              <ul className="mt-2 space-y-1 text-slate-600 text-sm dark:text-slate-300" data-testid="gift-notes">
                {preview.notes.map((n) => (
                  <li key={`${n.row}-${n.message}`}>
                    Row {n.row}: {n.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <ConfirmForm
            preview={preview.id}
            count={preview.count}
            errorRows={preview.errorRows}
            lastResult={reply("confirm")}
            busy={busy}
          />
        </>
      ) : (
        <UploadForm lastResult={reply("upload")} busy={busy} />
      )}
    </section>
  );
}
