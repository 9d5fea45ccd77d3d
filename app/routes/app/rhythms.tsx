import { sql } from "drizzle-orm";
import { data, Form, Link } from "react-router";
import { inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { describeRhythm, RHYTHM_LABEL, RHYTHMS, rhythmFormSchema } from "~/lib/rhythm";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/auth.server";
import { listTagRhythms, setTagRhythm } from "~/server/rhythm.server";
import { redirectWithToast } from "~/server/toast.server";
import { connection } from "~db/schema";
import type { Route } from "./+types/rhythms";

export const meta = () => [...pageMeta("Keep in touch"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const [rules, tags] = await Promise.all([
    listTagRhythms(app.db, user.id),
    app.db.all<{ tag: string }>(
      sql`select distinct t.value as tag from ${connection} c, json_each(c.tags) t where c.user_id = ${user.id} order by 1 limit 300`,
    ),
  ]);
  return { rules, tags: tags.map((t) => t.tag) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const tag = String(form.tag ?? "")
    .trim()
    .slice(0, 60);
  if (form.intent === "remove") {
    await setTagRhythm(app.db, user.id, tag, null);
    return redirectWithToast("/settings/keep-in-touch", { type: "success", title: "Rhythm removed" });
  }
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  if (!tag) return data({ errors: { tag: "Enter a tag" } as Record<string, string>, values }, { status: 400 });
  const parsed = rhythmFormSchema.safeParse(form);
  if (!parsed.success)
    return data(
      { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "every"), i.message])), values },
      { status: 400 },
    );
  await setTagRhythm(app.db, user.id, tag, parsed.data);
  return redirectWithToast("/settings/keep-in-touch", {
    type: "success",
    title: `Everyone tagged ${tag}: ${describeRhythm(parsed.data).toLowerCase()}`,
  });
}

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

export default function Rhythms({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, tags } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/settings" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Keep in touch</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A rhythm per tag applies to everyone with the tag who has no rhythm of their own; the shortest wins when several
        tags have one. The next due day counts from the last interaction on their timeline.
      </p>
      <Form
        method="post"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <label className="min-w-40 flex-1 text-sm">
          <span className="mb-1 block font-medium">Tag</span>
          <input
            name="tag"
            list="known-tags"
            maxLength={60}
            defaultValue={values.tag ?? ""}
            className={inputClass}
            aria-invalid={errors.tag ? true : undefined}
            aria-describedby={errors.tag ? "tag-error" : undefined}
          />
          <datalist id="known-tags">
            {tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          {errors.tag ? (
            <span id="tag-error" className="mt-1 block text-red-700 dark:text-red-300">
              {errors.tag}
            </span>
          ) : null}
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">How often</span>
          <select name="every" defaultValue={values.every ?? "quarterly"} className={inputClass}>
            {RHYTHMS.map((r) => (
              <option key={r} value={r}>
                {RHYTHM_LABEL[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="w-28 text-sm">
          <span className="mb-1 block font-medium">Days</span>
          <input
            name="days"
            type="number"
            min={1}
            max={3650}
            defaultValue={values.days ?? ""}
            className={inputClass}
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={errors.days ? "days-error" : undefined}
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Save rhythm
        </button>
        {errors.days || errors.every ? (
          <p id="days-error" role="alert" className="w-full text-red-700 text-sm dark:text-red-300">
            {errors.days ?? errors.every}
          </p>
        ) : null}
      </Form>
      <ul aria-label="Rhythms per tag" className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
        {rules.map((r) => (
          <li key={r.tag} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-medium">{r.tag}</span>: {describeRhythm(r).toLowerCase()}
            </span>
            <Form method="post">
              <input type="hidden" name="tag" value={r.tag} />
              <button
                type="submit"
                name="intent"
                value="remove"
                className={small}
                aria-label={`Remove the rhythm for ${r.tag}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
        {rules.length === 0 ? <li className="py-3 text-slate-600 dark:text-slate-300">No tag rhythms yet.</li> : null}
      </ul>
    </section>
  );
}
