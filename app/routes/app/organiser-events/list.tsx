import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { EventForm, ORG_EVENT_FIELDS } from "~/components/events/event-form";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { appContext } from "~/context";
import { formatLocal, orgEventFormSchema, orgEventStatus } from "~/lib/organiser-events/rules";
import { pageMeta } from "~/lib/site";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { myAttendance } from "~/server/organiser-events/attendees.server";
import { createOrgEvent, ownOrgEvents, purgeOrgEvent } from "~/server/organiser-events/events.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/list";

export const meta = () => [...pageMeta("Events you organise"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [events, attending, settings] = await Promise.all([
    ownOrgEvents(app.db, user.workspace.id),
    myAttendance(app.db, user.id),
    shellSettings(context, request),
  ]);
  const now = new Date();
  return {
    timeZone: settings.timeZone,
    // A team's events are the organisation's: attendees agree to hear from it by that name.
    organiserName: user.workspace.team?.trim() || user.name,
    events: events.map((e) => ({ ...e, status: orgEventStatus(e, now) })),
    attending: attending.map(({ e }) => ({
      slug: e.slug,
      title: e.title,
      startsAt: e.startsAt,
      status: orgEventStatus(e, now),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const submission = parseWithZod(await request.formData(), { schema: orgEventFormSchema });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  const event = await createOrgEvent(app.db, user.workspace.id, submission.value);
  await purgeOrgEvent(app.env, event.slug);
  return redirectWithToast(href("/organiser/:id", { id: String(event.id) }), {
    type: "success",
    title: "Event published",
    description: `Its public page is /e/${event.slug}`,
  });
}

export default function OrganiserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { events, attending, timeZone, organiserName } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">Events you organise</h1>
        {/* The events come first; the long form waits below for the one who means to publish. */}
        <a
          href="#publish"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white shadow-sm hover:bg-brand-700"
        >
          Publish an event
        </a>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Publish an event with a public page; attendees join with a pass, find each other in the directory and exchange
        details by scanning passes. Your own private event hubs stay in{" "}
        <Link to={href("/events")} className="underline">
          Events
        </Link>
        .
      </p>
      {events.length ? (
        <ul className="mt-6 grid gap-3" aria-label="Your published events">
          {events.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${STATUS_BADGE[e.status].className}`}>
                {STATUS_BADGE[e.status].label}
              </span>
              <Link to={href("/organiser/:id", { id: String(e.id) })} className="font-semibold underline">
                {e.title}
              </Link>
              <span className="text-slate-600 text-sm dark:text-slate-300">{formatLocal(e.startsAt)}</span>
              {e.state !== "open" ? <span className="text-sm">({e.state})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {attending.length ? (
        <>
          <h2 className="mt-8 font-semibold text-xl">Events you attend</h2>
          <ul className="mt-3 grid gap-2">
            {attending.map((e) => (
              <li key={e.slug}>
                <Link to={href("/e/:slug/directory", { slug: e.slug })} className="underline">
                  {e.title}
                </Link>{" "}
                <span className="text-slate-600 text-sm dark:text-slate-300">{formatLocal(e.startsAt)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 id="publish" className="mt-10 scroll-mt-20 font-semibold text-xl">
        Publish an event
      </h2>
      <EventForm
        id="org-event-new"
        schema={orgEventFormSchema}
        fields={ORG_EVENT_FIELDS}
        lastResult={actionData?.reply}
        defaultValue={{ type: "in-person", timeZone, organiserName }}
        submitLabel="Publish event"
      />
    </section>
  );
}
