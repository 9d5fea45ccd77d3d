import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { EventForm } from "~/components/events/event-form";
import { SESSION_FIELDS } from "~/components/organiser-events/session-fields";
import { clockTime, placesLeft, sessionFormSchema } from "~/lib/organiser-events/programme";
import { formatLocal } from "~/lib/organiser-events/rules";
import { pageMeta } from "~/lib/site";
import { purgeOrgEvent } from "~/server/organiser-events/events.server";
import { agendaOf, saveSession } from "~/server/organiser-events/programme.server";
import { notFound, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { ownEventOr404 } from "./+shared/own-event.server";
import type { Route } from "./+types/programme";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Programme: ${loaderData.event.title}` : "Programme"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, event } = await ownEventOr404(context, params);
  return { event, agenda: await agendaOf(app.db, event.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, event } = await ownEventOr404(context, params);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ error: "Send the form again" }, { status: 400 });
  if (form.get("intent") !== "add") unknownIntent();
  const submission = parseWithZod(form, { schema: sessionFormSchema(event) });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const saved = await saveSession(app.db, event, submission.value);
  if (!saved) notFound();
  if (!saved.ok)
    return data({ reply: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 });
  await purgeOrgEvent(app.env, event.slug);
  return redirectWithToast(href("/organiser/:id/programme", { id: String(event.id) }), {
    type: "success",
    title: "Session added to the programme",
  });
}

export default function Programme({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, agenda } = loaderData;
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to={href("/organiser/:id", { id: String(e.id) })} className="text-sm underline">
        ← {e.title}
      </Link>
      <h1 className="mt-4 font-bold text-3xl tracking-tight">Programme</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {formatLocal(e.startsAt)} to {formatLocal(e.endsAt)} ({e.timeZone}). The agenda shows on{" "}
        <a href={`/e/${e.slug}#agenda`} className="underline">
          the event page
        </a>
        ; attendees add sessions to their schedule from their pass.
      </p>
      {agenda.length ? (
        <ul className="mt-6 grid gap-2" aria-label="Sessions">
          {agenda.map((s) => {
            const left = placesLeft(s);
            return (
              <li
                key={s.id}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                data-session={s.id}
              >
                <p className="text-slate-600 text-sm dark:text-slate-300">
                  {formatLocal(s.startsAt).replace(/, \d{1,2}:\d{2} [AP]M$/, "")}, {clockTime(s.startsAt)} to{" "}
                  {clockTime(s.endsAt)}
                  {s.room ? ` · ${s.room}` : ""}
                  {s.track ? ` · ${s.track}` : ""}
                </p>
                <p className="font-semibold">
                  <Link
                    to={href("/organiser/:id/programme/:session", { id: String(e.id), session: String(s.id) })}
                    className="underline"
                  >
                    {s.title}
                  </Link>
                </p>
                <p className="text-sm">
                  {s.speakers.length ? `With ${s.speakers.map((p) => p.name).join(", ")} · ` : ""}
                  {s.taken} on schedules
                  {s.capacity !== null ? ` of ${s.capacity}${left === 0 ? " (full)" : ""}` : ""}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-6">No sessions yet. Add the first below.</p>
      )}
      <h2 className="mt-8 font-semibold text-xl">Add a session</h2>
      {error ? (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      <EventForm
        // A new blank form once a session is added: the one just saved, left filled in, was added twice.
        key={agenda.length}
        id={`session-new-${e.id}`}
        schema={sessionFormSchema(e)}
        fields={SESSION_FIELDS}
        lastResult={reply}
        defaultValue={{ startsAt: e.startsAt, endsAt: "" }}
        submitLabel="Add session"
        intent="add"
      />
    </section>
  );
}
