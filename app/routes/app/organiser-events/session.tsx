import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link } from "react-router";
import { EventForm } from "~/components/events/event-form";
import { SESSION_FIELDS } from "~/components/organiser-events/session-fields";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { isConfirmed } from "~/lib/forms/confirm";
import { sessionFormSchema } from "~/lib/organiser-events/programme";
import { pageMeta } from "~/lib/site";
import { purgeOrgEvent } from "~/server/organiser-events/events.server";
import { deleteSession, saveSession, sessionForEdit } from "~/server/organiser-events/programme.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/session";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Session: ${loaderData.session.title}` : "Session"),
  { name: "robots", content: "noindex" },
];

async function load(context: Route.LoaderArgs["context"], params: Route.LoaderArgs["params"]) {
  const { app, event } = await ownEventOr404(context, params);
  const session = await sessionForEdit(app.db, event.id, parseId(params.session));
  if (!session) notFound();
  return { app, event, session };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { event, session } = await load(context, params);
  return { event, session };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event, session } = await load(context, params);
  const programme = href("/organiser/:id/programme", { id: String(event.id) });
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: "Send the form again" }, { status: 400 });
  const intent = form.get("intent");
  if (intent === "delete") {
    // Deleting takes the session off every attendee's schedule: asked once more first.
    if (!isConfirmed(form)) return data({ confirm: "delete" as const });
    await deleteSession(app.db, event.id, session.id);
    await purgeOrgEvent(app.env, event.slug);
    return redirectWithToast(programme, { type: "success", title: "Session deleted" });
  }
  if (intent !== "edit") unknownIntent();
  const submission = parseWithZod(form, { schema: sessionFormSchema(event) });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const saved = await saveSession(app.db, event, submission.value, session.id);
  if (!saved) notFound();
  if (!saved.ok)
    return data({ reply: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 });
  await purgeOrgEvent(app.env, event.slug);
  return redirectWithToast(programme, { type: "success", title: "Session saved" });
}

export default function SessionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, session: s } = loaderData;
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id/programme", { id: String(e.id) })} className="text-sm underline">
        ← Programme of {e.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">{s.title}</h1>
      <EventForm
        id={`session-${s.id}`}
        schema={sessionFormSchema(e)}
        fields={SESSION_FIELDS}
        lastResult={reply}
        defaultValue={{ ...s, id: String(s.id) }}
        submitLabel="Save session"
        intent="edit"
      />
      <h2 className="mt-8 font-semibold text-xl">Delete</h2>
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="delete"
          className="rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-700"
        >
          Delete this session
        </button>
      </Form>
      {actionData && "confirm" in actionData ? (
        <ConfirmStep
          intent="delete"
          question={`Delete ${s.title}?`}
          consequence="It leaves the agenda and every attendee's schedule at once. This cannot be undone."
          confirmLabel="Delete the session"
        />
      ) : null}
    </section>
  );
}
