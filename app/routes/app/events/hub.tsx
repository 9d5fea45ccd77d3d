import { data, Form, Link, redirect } from "react-router";
import { SetActiveButton } from "~/components/event-hub";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { formatDate } from "~/components/marketing/page";
import { appContext } from "~/context";
import { safeHref } from "~/lib/card";
import { dayInZone, EVENT_TYPE_LABEL, eventStatus } from "~/lib/events";
import { pageMeta } from "~/lib/site";
import { requireUser, safeRedirect } from "~/server/auth.server";
import { deleteEvent, getEvent, toggleActive } from "~/server/events.server";
import { getSettings } from "~/server/settings.server";
import { setToastHeader } from "~/server/toast.server";
import type { Route } from "./+types/hub";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.event.title ?? "Event"),
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

function eventId(params: { id: string }) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const [row, settings] = await Promise.all([getEvent(app.db, user.id, eventId(params)), getSettings(app.db, user.id)]);
  if (!row) throw notFound();
  const status = eventStatus(row, dayInZone(new Date(), settings.timeZone));
  return { event: { ...row, status } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const id = eventId(params);
  const existing = await getEvent(app.db, user.id, id);
  if (!existing) throw notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const toast = async (title: string, to: string, description?: string) =>
    redirect(to, { headers: { "Set-Cookie": await setToastHeader({ type: "success", title, description }) } });

  if (intent === "toggle-active") {
    const result = await toggleActive(app.env, app.db, user.id, id);
    if (!result) throw notFound();
    return toast(
      result.active ? `${result.title} is your active event` : `${result.title} is no longer active`,
      safeRedirect(formData.get("redirectTo"), `/events/${id}`),
      result.active ? "Everyone you capture or who shares back is tagged with it." : undefined,
    );
  }
  if (intent === "delete") {
    if (!(await deleteEvent(app.env, app.db, user.id, id))) throw notFound();
    return toast("Event deleted", "/events");
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

export default function EventHubPage({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  const badge = STATUS_BADGE[event.status];
  const joinUrl = safeHref(event.url);
  const image = safeHref(event.image);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/events" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All events
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>{badge.label}</span>
        <span className="text-slate-600 text-sm dark:text-slate-300">{EVENT_TYPE_LABEL[event.type]}</span>
        {event.active ? (
          <span className="font-semibold text-amber-800 text-sm dark:text-amber-200">
            <span aria-hidden="true">★ </span>Your active event
          </span>
        ) : null}
      </div>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{event.title}</h1>
      {event.description ? (
        <p className="mt-2 max-w-3xl whitespace-pre-line text-slate-700 dark:text-slate-300">{event.description}</p>
      ) : null}
      {image ? (
        <img src={image} alt="" className="mt-4 max-h-64 w-full rounded-xl object-cover" loading="lazy" />
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-600 dark:text-slate-300">When</dt>
        <dd>
          {formatDate(event.date)}
          {event.endDate && event.endDate !== event.date ? ` – ${formatDate(event.endDate)}` : ""}
          {event.time ? `, ${event.time}` : ""}
        </dd>
        {event.location || event.platform ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Where</dt>
            <dd>{[event.location, event.platform].filter(Boolean).join(" · ")}</dd>
          </>
        ) : null}
        {event.attendeeCount !== null ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Attendees</dt>
            <dd>{event.attendeeCount.toLocaleString("en-US")} expected</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <SetActiveButton event={event} />
        {joinUrl ? (
          <a
            href={joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center rounded-md bg-green-700 px-4 py-2 font-semibold text-sm text-white hover:bg-green-800"
          >
            Join<span className="sr-only"> {event.title} (opens in a new tab)</span>
          </a>
        ) : null}
        <Link to="/capture" className={secondary}>
          Scan QR
        </Link>
        <Link to={`/events/${event.id}/report`} className={secondary}>
          Post-event report
        </Link>
        <Link to={`/events/${event.id}/edit`} className={secondary}>
          Edit
        </Link>
      </div>
      <p className="mt-3 text-slate-600 text-sm dark:text-slate-300">
        {event.active
          ? "While this event is active, everyone you capture, who shares back from your card, or whose card you save is tagged with it. Press Active to stop."
          : "Set this event active when you arrive: everyone you meet is then tagged with it. Only one event is active at a time."}
      </p>

      <section aria-labelledby="danger" className={`${panel} mt-10`}>
        <h2 id="danger" className="font-semibold text-lg">
          Delete this event
        </h2>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
          The people you met stay in your network with their "Met at".
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 text-sm hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
          >
            Delete event
          </button>
        </Form>
      </section>
    </article>
  );
}
