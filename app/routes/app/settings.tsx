import { data, Form, redirect } from "react-router";
import { appContext } from "~/context";
import { pageMeta } from "~/lib/site";
import { deleteAccount } from "~/server/account.server";
import { createAuth, requireUser } from "~/server/auth.server";
import { setToastHeader } from "~/server/toast.server";
import type { Route } from "./+types/settings";

export const meta = () => [...pageMeta("Settings"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.get(appContext), request);
  return { user };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const form = await request.formData();
  if (form.get("intent") !== "delete-account")
    throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  const typed = String(form.get("confirm") ?? "")
    .trim()
    .toLowerCase();
  if (typed !== user.email.toLowerCase()) {
    return data(
      { error: "Type your email address exactly to confirm.", typed: String(form.get("confirm") ?? "").slice(0, 254) },
      { status: 400 },
    );
  }
  // Signing out first clears the cookie; the session row goes with the account anyway.
  const signOut = await createAuth(app, request).api.signOut({ headers: request.headers, asResponse: true });
  await deleteAccount(app.env, app.db, user.id);
  const headers = new Headers();
  for (const cookie of signOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    await setToastHeader({
      type: "success",
      title: "Account deleted",
      description: "Your account and all of its data are gone.",
    }),
  );
  return redirect("/", { headers });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Settings</h1>
      <dl className="mt-6 grid grid-cols-[6rem_1fr] gap-2">
        <dt className="text-slate-600 dark:text-slate-300">Name</dt>
        <dd>{user.name}</dd>
        <dt className="text-slate-600 dark:text-slate-300">Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <section
        className="mt-10 rounded-xl border border-red-300 p-5 dark:border-red-900"
        aria-labelledby="delete-title"
      >
        <h2 id="delete-title" className="font-semibold text-lg text-red-800 dark:text-red-300">
          Delete my account
        </h2>
        <p className="mt-2 text-slate-700 text-sm dark:text-slate-300">
          This deletes your cards (their links stop working at once), your connections, shared contacts, reminders and
          notifications. It cannot be undone.
        </p>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="delete-account" />
          <label htmlFor="confirm" className="block font-medium text-sm">
            Type {user.email} to confirm
          </label>
          <input
            id="confirm"
            name="confirm"
            autoComplete="off"
            defaultValue={actionData?.typed}
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "confirm-error" : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          />
          {actionData?.error ? (
            <p id="confirm-error" className="text-red-700 text-sm dark:text-red-300">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800">
            Delete my account and all its data
          </button>
        </Form>
      </section>
    </section>
  );
}
