import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { ROLE_NAMES, TEAM_NAME_MAX, teamsSchema } from "~/lib/teams/rules";
import { sessionToken } from "~/server/account/auth.server";
import { getUser, getWorkspace } from "~/server/account/user.server";
import { notFound, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { createTeam, switchWorkspace, workspacesOf } from "~/server/teams/teams.server";
import type { Route } from "./+types/teams";

export const meta = () => [...pageMeta("Teams"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  const teams = (await workspacesOf(context.get(appContext).db, user.id)).filter((w) => w.kind === "team");
  return { teams, current: getWorkspace(context).id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  if (!["create", "switch"].includes(String(formData.get("intent")))) unknownIntent();
  const submission = parseWithZod(formData, { schema: teamsSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const token = await sessionToken(app, request);
  const { value } = submission;
  if (value.intent === "create") {
    const id = await createTeam(app.db, user.id, value.name, token);
    return redirectWithToast(href("/teams/:id", { id }), {
      type: "success",
      title: `${value.name} is made`,
      description: "You are its owner, and working in it now. Invite your colleagues below.",
    });
  }
  if (!token || !(await switchWorkspace(app.db, user.id, token, value.workspace || null))) notFound();
  return redirectWithToast(safeRedirect(formData.get("redirectTo")), {
    type: "success",
    title: value.workspace && value.workspace !== user.id ? "Switched to the team" : "Switched to your own workspace",
  });
}

const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams, current } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-team",
    lastResult: navigation.state === "idle" ? actionData?.reply : undefined,
    defaultValue: { name: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/settings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Teams</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A team is a workspace you share with colleagues, with owners, admins and members. Your own workspace stays yours
        alone: nobody in a team sees it.
      </p>
      <h2 className="mt-8 font-semibold text-xl">Your teams</h2>
      <ul aria-label="Your teams" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {teams.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <Link to={href("/teams/:id", { id: t.id })} className="font-medium underline">
                {t.name}
              </Link>{" "}
              <span className="text-slate-600 text-sm dark:text-slate-300">
                {ROLE_NAMES[t.role]}
                {t.id === current ? " · working in it now" : ""}
              </span>
            </span>
          </li>
        ))}
        {teams.length === 0 ? (
          <li className="py-3 text-slate-600 dark:text-slate-300">
            You are in no team yet. Make one below, or open an invitation a colleague sent you.
          </li>
        ) : null}
      </ul>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="create" />
        <div className="min-w-56 flex-1 text-sm">
          <Field id={fields.name.id} label="Team name" errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} maxLength={TEAM_NAME_MAX} className={inputClass} />
          </Field>
        </div>
        <button type="submit" className={button}>
          Make a team
        </button>
      </Form>
    </section>
  );
}
