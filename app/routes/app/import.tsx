import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "~/context";
import { CONTACT_FIELDS, type ContactField, MAPPABLE_FIELDS } from "~/lib/csv";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { applyImport, planImport } from "~/server/import.server";
import { getSettings } from "~/server/settings.server";
import { setToastHeader } from "~/server/toast.server";
import type { Route } from "./+types/import";

export const meta = () => [...pageMeta("Import contacts"), { name: "robots", content: "noindex" }];

// Under the Worker's 1 MB request cap, with room for the rest of the form.
const MAX_FILE_BYTES = 900_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context.get(appContext), request);
  return null;
}

async function readUpload(form: FormData): Promise<{ text: string; filename: string } | { error: string }> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_FILE_BYTES) return { error: "That file is too large; split it into files under 900 KB." };
    if (!/\.(vcf|csv)$/i.test(file.name)) return { error: "Choose a .vcf (vCard) or .csv file." };
    return { text: await file.text(), filename: file.name.slice(0, 200) };
  }
  const text = form.get("content");
  if (typeof text === "string" && text)
    return {
      text: text.slice(0, MAX_FILE_BYTES),
      filename: String(form.get("filename") ?? "contacts.csv").slice(0, 200),
    };
  return { error: "Choose a file to import." };
}

function mappingFrom(form: FormData): Record<ContactField, number> | undefined {
  if (!form.has("map-name")) return undefined;
  return Object.fromEntries(CONTACT_FIELDS.map((f) => [f, Number(form.get(`map-${f}`) ?? -1)])) as Record<
    ContactField,
    number
  >;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const form = await request.formData();
  const upload = await readUpload(form);
  if ("error" in upload) return data({ error: upload.error }, { status: 400 });
  const settings = await getSettings(app.db, user.id);
  const duplicates = form.get("duplicates") === "skip" ? "skip" : "merge";
  const plan = await planImport(app.db, user.id, upload.text, upload.filename, settings.country, mappingFrom(form));
  if (form.get("intent") === "import") {
    if (plan.rows.length === 0) return data({ error: "Nothing in this file can be imported." }, { status: 400 });
    const result = await applyImport(app.db, user.id, plan, duplicates, upload.filename);
    return redirect("/connections", {
      headers: {
        "Set-Cookie": await setToastHeader({
          type: "success",
          title: "Import finished",
          description: `${result.added} added, ${result.merged} merged, ${result.skipped} skipped.`,
        }),
      },
    });
  }
  return {
    plan: { ...plan, rows: plan.rows.slice(0, 50), total: plan.rows.length },
    content: upload.text,
    filename: upload.filename,
    duplicates,
  };
}

const control = "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export default function ImportPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const preview = actionData && "plan" in actionData ? actionData : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const dupes = preview?.plan.rows.filter((r) => r.duplicateOf).length ?? 0;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/connections" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Import contacts</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        vCard files (2.1, 3.0 or 4.0, many contacts in one file) and CSV exports from Google Contacts, Outlook or
        HubSpot. You'll see a preview first; nothing is saved until you confirm, and a failed import changes nothing.
      </p>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="preview" />
        <label htmlFor="file" className="block font-medium">
          File
        </label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".vcf,.csv,text/vcard,text/csv"
          required
          className="block text-sm"
        />
        {error ? (
          <p role="alert" className="text-red-700 text-sm dark:text-red-300">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-white dark:bg-white dark:text-slate-900"
        >
          Preview
        </button>
      </Form>

      {preview ? (
        <Form method="post" className="mt-8 space-y-6">
          <input type="hidden" name="content" value={preview.content} />
          <input type="hidden" name="filename" value={preview.filename} />
          <h2 className="font-semibold text-xl">
            Preview: {preview.plan.total} to import{dupes ? `, ${dupes} already in your network` : ""}
            {preview.plan.skipped.length ? `, ${preview.plan.skipped.length} skipped` : ""}
          </h2>

          {preview.plan.kind === "csv" ? (
            <fieldset className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <legend className="px-1 font-semibold">Columns</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {MAPPABLE_FIELDS.map(({ field, label }) => (
                  <label key={field} className="block text-sm">
                    <span className="mb-1 block font-medium">{label}</span>
                    <select
                      name={`map-${field}`}
                      defaultValue={String(preview.plan.mapping[field] ?? -1)}
                      className={`${control} w-full`}
                    >
                      <option value="-1">Not imported</option>
                      {preview.plan.headers.map((h, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a CSV column is identified by its position
                        <option key={i} value={i}>
                          {h}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </div>
              <button type="submit" name="intent" value="preview" className={`mt-4 ${control} font-medium`}>
                Update preview
              </button>
            </fieldset>
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
                    Company
                  </th>
                  <th scope="col" className="p-2">
                    Already in your network
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.plan.rows.map((r) => (
                  <tr key={r.row} className="border-slate-200 border-t dark:border-slate-800">
                    <td className="p-2">{r.row}</td>
                    <td className="p-2">{r.draft.name}</td>
                    <td className="p-2">{r.draft.email}</td>
                    <td className="p-2">{r.draft.company}</td>
                    <td className="p-2">{r.duplicateOf ? `Yes: ${r.duplicateOf.name}` : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          {preview.plan.skipped.length ? (
            <section aria-labelledby="skipped-title">
              <h3 id="skipped-title" className="font-semibold">
                Skipped
              </h3>
              <ul className="mt-2 list-disc pl-6 text-sm">
                {preview.plan.skipped.map((s) => (
                  <li key={`${s.row}-${s.reason}`}>
                    Row {s.row}: {s.reason}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <fieldset>
            <legend className="font-medium">People already in your network</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="radio" name="duplicates" value="merge" defaultChecked={preview.duplicates === "merge"} />{" "}
              Merge into the existing contact, keeping every note and tag
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="duplicates" value="skip" defaultChecked={preview.duplicates === "skip"} /> Skip
              them
            </label>
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="import"
            disabled={busy}
            className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
          >
            {busy ? "Importing..." : `Import ${preview.plan.total} contacts`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
