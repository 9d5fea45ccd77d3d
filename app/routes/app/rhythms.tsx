import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { RhythmFields } from "~/components/follow/rhythm-fields";
import { AskFirst, ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { describeRhythm, tagRhythmSchema } from "~/lib/follow/rhythm";
import { isConfirmed } from "~/lib/forms/confirm";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { listTagRhythms, setTagRhythm } from "~/server/follow/rhythm.server";
import { visibleFacets } from "~/server/people/list.server";
import { notFound, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/rhythms";

export const meta = () => [...pageMeta("Keep in touch"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  // The tags offered are those of the people this member sees (decision 0234), as the people list's menu.
  const [rules, { tags }] = await Promise.all([
    listTagRhythms(app.db, user.workspace.id),
    visibleFacets(app.db, ownersOf(user)),
  ]);
  return { rules, tags };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    const tag = String(formData.get("tag") ?? "")
      .trim()
      .slice(0, 60);
    // Asked once first; the first tap reads nothing, so another account's learns nothing.
    if (!isConfirmed(formData)) return { confirmRemove: tag };
    if (!(await setTagRhythm(app.db, user.workspace.id, tag, null))) notFound();
    return redirectWithToast(href("/settings/keep-in-touch"), { type: "success", title: "Rhythm removed" });
  }
  if (formData.get("intent") !== "save") unknownIntent();
  const submission = parseWithZod(formData, { schema: tagRhythmSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const { tag, ...rhythm } = submission.value;
  await setTagRhythm(app.db, user.workspace.id, tag, rhythm);
  return redirectWithToast(href("/settings/keep-in-touch"), {
    type: "success",
    title: `Everyone tagged ${tag}: ${describeRhythm(rhythm).toLowerCase()}`,
  });
}

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export default function Rhythms({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, tags } = loaderData;
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "tag-rhythm",
    lastResult: navigation.state === "idle" && actionData && "reply" in actionData ? actionData.reply : undefined,
    defaultValue: { tag: "", every: "quarterly", days: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tagRhythmSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/settings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Keep in touch</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A rhythm per tag applies to everyone with the tag who has no rhythm of their own; the shortest wins when several
        tags have one. The next due day counts from the last interaction on their timeline.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="save" />
        <div className="min-w-40 flex-1 text-sm">
          <Field id={fields.tag.id} label="Tag" errors={fields.tag.errors}>
            <input
              {...getInputProps(fields.tag, { type: "text" })}
              list="known-tags"
              maxLength={60}
              className={inputClass}
            />
          </Field>
          <datalist id="known-tags">
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </div>
        <RhythmFields every={fields.every} days={fields.days} everyLabel="How often" />
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Save rhythm
        </button>
      </Form>
      <ul aria-label="Rhythms per tag" className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
        {rules.map((r) =>
          r.tag === confirmRemove ? (
            <li key={r.tag} className="py-3">
              <ConfirmStep
                intent="remove"
                question={`Remove the rhythm for ${r.tag}?`}
                consequence="Everyone with this tag and no rhythm of their own stops coming up as due."
                confirmLabel="Remove rhythm"
                fields={{ tag: r.tag }}
              />
            </li>
          ) : (
            <li key={r.tag} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-medium">{r.tag}</span>: {describeRhythm(r).toLowerCase()}
              </span>
              <AskFirst
                intent="remove"
                fields={{ tag: r.tag }}
                label="Remove"
                ariaLabel={`Remove the rhythm for ${r.tag}`}
                className={small}
              />
            </li>
          ),
        )}
        {rules.length === 0 ? <li className="py-3 text-slate-600 dark:text-slate-300">No tag rhythms yet.</li> : null}
      </ul>
    </section>
  );
}
