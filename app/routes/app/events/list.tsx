import { href, Link } from "react-router";
import { HAPPENING_NOW_MEANS, HubEventCard } from "~/components/events/hub";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { appContext } from "~/context";
import { eventStatus } from "~/lib/events/rules";
import { pageMeta } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { listEvents } from "~/server/events/events.server";
import type { Route } from "./+types/list";

export const meta = () => [...pageMeta("Your events"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [rows, settings] = await Promise.all([listEvents(app.db, user.workspace.id), shellSettings(context, request)]);
  const today = dayInZone(new Date(), settings.timeZone);
  const events = rows.map((e) => ({ ...e, status: eventStatus(e, today) }));
  // Happening now first, then what is coming (soonest first), then the past (latest first).
  const order = { active: 0, upcoming: 1, past: 2 } as const;
  events.sort(
    (a, b) =>
      order[a.status] - order[b.status] ||
      (a.status === "past" ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)),
  );
  return { events };
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Your events</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Plan before, capture during, follow up after. Set one event active and everyone you meet is tagged with it.
          </p>
        </div>
        <Link to={href("/organiser")} className="font-semibold text-brand-700 underline dark:text-brand-200">
          Events you organise or attend
        </Link>
        <Link
          to={href("/events/new")}
          className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          New event
        </Link>
      </div>
      {events.length ? (
        <dl className="mt-4 grid gap-x-3 gap-y-1 text-slate-600 text-sm sm:grid-cols-[max-content_1fr] dark:text-slate-300">
          <dt className="font-semibold">{STATUS_BADGE.active.label}</dt>
          <dd>{HAPPENING_NOW_MEANS}.</dd>
          <dt className="font-semibold">Set Active</dt>
          <dd id="set-active-means">
            Makes the event your active hub (★): everyone you capture or who shares back is tagged with it. One event at
            a time; press Active hub to stop.
          </dd>
        </dl>
      ) : null}
      {events.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-300 border-dashed p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No events yet. Add the next conference, mixer or webinar you are going to.
        </p>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((e) => (
            <li key={e.id}>
              <HubEventCard event={e} describedBy="set-active-means" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
