import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, useNavigation } from "react-router";
import { ConnectionFields, useConnectionForm } from "~/components/people/connection-fields";
import { useOwnerCountry } from "~/components/phone";
import { appContext } from "~/context";
import { formatPhone } from "~/lib/forms/phone";
import { connectionFormSchema } from "~/lib/people/connection-form";
import { formToPerson } from "~/lib/people/form";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { addPerson, attachToPerson, exactMatchesFor } from "~/server/people/add.server";
import { getConnection } from "~/server/people/list.server";
import { loadPeople, possibleDuplicatesOf } from "~/server/people/read.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/new";

export const meta = () => [...pageMeta("Add someone"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  getUser(context);
  return null;
}

/**
 * Adds someone by hand through the people core. When the email, phone or LinkedIn is already someone's,
 * or the name matches someone (case and accents aside), nothing is saved until the owner chooses: add
 * these details to that person, or (for a name match only) save as someone new.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: connectionFormSchema });
  if (submission.status !== "success")
    return data({ reply: submission.reply(), duplicates: [], exact: false }, { status: 400 });
  const { draft, arrival } = formToPerson(submission.value);
  const resolve = String(formData.get("resolve") ?? "");
  const attachTo = Number(/^merge:(\d{1,15})$/.exec(resolve)?.[1]);
  const done = (id: number, title: string) =>
    redirectWithToast(href("/connections/:id", { id: String(id) }), { type: "success", title });

  // Only into someone this member sees (decision 0234): another member's person id is not theirs to add to.
  if (attachTo && (await getConnection(app.db, ownersOf(user), attachTo))) {
    const attached = await attachToPerson(app.db, user.workspace.id, attachTo, draft, { ...arrival, events: app });
    if (attached) return done(attached.id, `Merged into ${attached.name}`);
  }
  const exact = await exactMatchesFor(app.db, user.workspace.id, draft);
  const fuzzy =
    resolve === "new" && !exact.length
      ? []
      : await possibleDuplicatesOf(app.db, ownersOf(user), { id: 0, name: draft.displayName });
  const ids = [...new Set([...exact, ...fuzzy.map((f) => f.id)])];
  if (ids.length) {
    const duplicates = (await loadPeople(app.db, ownersOf(user), ids)).map((p) => ({
      id: p.id,
      name: p.displayName,
      email: p.emails?.[0]?.value ?? null,
      phone: p.phones?.[0]?.value ?? null,
    }));
    return data({ reply: submission.reply(), duplicates, exact: exact.length > 0 }, { status: 409 });
  }
  const added = await addPerson(app.db, user.workspace.id, draft, { ...arrival, events: app, metBy: user.id });
  return done(added.id, `${added.name} ${added.outcome === "created" ? "added" : "updated"}`);
}

const secondary = "rounded-md border border-slate-300 px-4 py-2 font-medium text-sm dark:border-slate-700";

export default function NewConnection({ actionData }: Route.ComponentProps) {
  const country = useOwnerCountry();
  const navigation = useNavigation();
  const [form, fields] = useConnectionForm(
    "new-connection",
    navigation.state === "idle" ? actionData?.reply : undefined,
    { priority: "medium", status: "Active" },
  );
  const duplicates = navigation.state === "idle" ? (actionData?.duplicates ?? []) : [];
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/connections")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All connections
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Add someone</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Phone numbers are saved in international form. Someone already in your network is found by email, phone or name
        before anything is saved.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-800"
      >
        <ConnectionFields fields={fields} />
        <button
          type="submit"
          disabled={navigation.state !== "idle"}
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Save
        </button>
        {duplicates.length ? (
          <div
            role="alert"
            className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          >
            <h2 className="font-semibold">Already in your network</h2>
            <p className="mt-1 text-sm">
              {actionData?.exact
                ? "The same email, phone or LinkedIn belongs to someone you have: add these details to them."
                : "Someone you have has the same name. Add these details to them, or save as someone new."}
            </p>
            <ul className="mt-3 space-y-2">
              {duplicates.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Link to={href("/connections/:id", { id: String(d.id) })} className="font-medium underline">
                    {d.name}
                  </Link>
                  <span>{[d.email, formatPhone(d.phone, country)].filter(Boolean).join(" · ")}</span>
                  <button
                    type="submit"
                    name="resolve"
                    value={`merge:${d.id}`}
                    className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
                  >
                    Add to {d.name}
                  </button>
                </li>
              ))}
            </ul>
            {actionData?.exact ? null : (
              <button
                type="submit"
                name="resolve"
                value="new"
                className={`${secondary} mt-3 bg-white dark:bg-slate-900`}
              >
                Save as someone new
              </button>
            )}
          </div>
        ) : null}
      </Form>
    </section>
  );
}
