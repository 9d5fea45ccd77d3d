import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { formatAddress, formatRole } from "~/lib/people/normalise";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import {
  MERGE_CONFLICT_MESSAGE,
  MERGE_FIELDS,
  type MergeField,
  mergePeople,
  previewMerge,
} from "~/server/people/merge.server";
import { notFound, parseIds } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/merge";

export const meta = () => [...pageMeta("Merge people"), { name: "robots", content: "noindex" }];

/** Everyone chosen, side by side; another account's person (or a missing one) is a 404 for the whole merge. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const preview = await previewMerge(app.db, ownersOf(user), parseIds(new URL(request.url).searchParams.getAll("id")));
  if (!preview) return notFound();
  return preview;
}

const personId = z.coerce.number().int().positive();

/** Who is merged and who is kept; each field's pick (`pick-<field>`) names one of them, checked on the server. */
const mergeSchema = z
  .object({
    id: z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(personId).min(2, "Choose at least two people")),
    primary: personId.optional(),
  })
  .refine((v) => v.primary !== undefined && v.id.includes(v.primary), {
    message: "Choose the one kept",
    path: ["primary"],
  });

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: mergeSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const ids = parseIds(submission.value.id.map(String));
  const primary = submission.value.primary ?? 0;
  const picks: Partial<Record<MergeField, number>> = {};
  for (const [field] of MERGE_FIELDS) {
    const chosen = Number(form.get(`pick-${field}`));
    if (ids.includes(chosen)) picks[field] = chosen;
  }
  const merged = ids.includes(primary)
    ? await mergePeople(
        app.db,
        ownersOf(user),
        primary,
        ids.filter((id) => id !== primary),
        picks,
        app,
      )
    : null;
  // Another account's person, or one gone since the preview: the whole merge is a 404.
  if (!merged) return notFound();
  if ("conflict" in merged)
    return data({ reply: submission.reply({ formErrors: [MERGE_CONFLICT_MESSAGE] }) }, { status: 409 });
  return redirectWithToast(href("/connections/:id", { id: String(merged.id) }), {
    type: "success",
    title: `Merged ${merged.merged + 1} people into ${merged.name}`,
    description: "Every email, phone, note and tag was kept. You can undo this on their page.",
  });
}

const cell = "border-slate-200 border-b p-2 align-top dark:border-slate-800";

export default function MergePage({ loaderData, actionData }: Route.ComponentProps) {
  const { people, points, fields } = loaderData;
  const first = people[0]?.id;
  const navigation = useNavigation();
  const [form, formFields] = useForm({
    id: "merge",
    lastResult: navigation.state === "idle" ? actionData?.reply : undefined,
    defaultValue: { primary: String(first ?? "") },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mergeSchema }),
  });
  const primary = formFields.primary;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/connections")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Merge {people.length} people</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Pick the value to keep where they differ. Every email, phone, address, tag, note, follow-up and share-back is
        kept, and you can undo the merge afterwards.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6">
        {[...(form.errors ?? []), ...(formFields.id.errors ?? []), ...(primary.errors ?? [])]
          .slice(0, 1)
          .map((message) => (
            <p key={message} id={primary.errorId} role="alert" className="mb-3 text-red-700 text-sm dark:text-red-300">
              {message}
            </p>
          ))}
        {people.map((p) => (
          <input key={p.id} type="hidden" name="id" value={p.id} />
        ))}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">The people to merge, side by side</caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  Field
                </th>
                {people.map((p) => (
                  <th key={p.id} scope="col" className={cell}>
                    <Link to={href("/connections/:id", { id: String(p.id) })} className="underline">
                      {p.name}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className={cell}>
                  Keep as
                </th>
                {people.map((p) => (
                  <td key={p.id} className={cell}>
                    <label className="flex items-center gap-2">
                      <input
                        {...getInputProps(primary, { type: "radio", value: String(p.id) })}
                        id={`${primary.id}-${p.id}`}
                      />
                      The one kept
                    </label>
                  </td>
                ))}
              </tr>
              {fields.map((f) => (
                <tr key={f.field}>
                  <th scope="row" className={cell}>
                    {f.label}
                  </th>
                  {people.map((p) => {
                    const option = f.options.find((o) => o.personId === p.id);
                    return (
                      <td key={p.id} className={cell}>
                        {option && f.options.length > 1 ? (
                          <label className="flex items-center gap-2">
                            <input
                              type="radio"
                              name={`pick-${f.field}`}
                              value={p.id}
                              defaultChecked={option === f.options[0]}
                            />
                            {String(option.value)}
                          </label>
                        ) : (
                          <span className="text-slate-500 dark:text-slate-400">{String(p[f.field] ?? "") || "—"}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr>
                <th scope="row" className={cell}>
                  Kept from each
                </th>
                {people.map((p) => (
                  <td key={p.id} className={cell}>
                    <ul className="space-y-1">
                      {points
                        .filter((pt) => pt.connectionId === p.id)
                        .map((pt) => (
                          <li key={pt.id} className="break-all">
                            {pt.kind === "address"
                              ? formatAddress(pt.value)
                              : pt.kind === "role"
                                ? formatRole(pt.value)
                                : pt.value}
                          </li>
                        ))}
                      {p.tags.length ? <li>Tags: {p.tags.join(", ")}</li> : null}
                      {p.notes ? <li className="line-clamp-3">Notes: {p.notes}</li> : null}
                    </ul>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Merge {people.length} people
          </button>
          <Link
            to={href("/connections")}
            className="rounded-md border border-slate-300 px-4 py-2.5 font-medium dark:border-slate-700"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
