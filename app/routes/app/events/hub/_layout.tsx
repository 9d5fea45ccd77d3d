import { href, Link, Outlet } from "react-router";
import { HAPPENING_NOW_MEANS, SetActiveButton } from "~/components/events/hub";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { formatDate } from "~/components/marketing/page";
import { SectionNav } from "~/components/section-nav";
import { safeHref } from "~/lib/card/card";
import { EVENT_TYPE_LABEL } from "~/lib/events/rules";
import { pageMeta } from "~/lib/site";
import { secondary } from "./+shared/parts";
import type { Route } from "./+types/_layout";
import { allHubIntents, loadEvent, runHubIntent } from "./hub.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.event?.title ?? "Event"),
  { name: "robots", content: "noindex" },
];

/** What every page of an event shows above its sections: what, when, where, and setting it active. */
export const loader = ({ params, context }: Route.LoaderArgs) => loadEvent(context, params.id);

/**
 * A form posted to /events/:id itself (Set Active from anywhere, scripts, the tests) runs any section's
 * intent; the overview shows the answer.
 */
export const action = (args: Route.ActionArgs) => runHubIntent(args, allHubIntents);

export default function EventLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const id = String(event.id);
  const badge = STATUS_BADGE[event.status];
  const joinUrl = safeHref(event.url);
  const happening = event.status === "active" || event.active;
  const image = safeHref(event.image);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to={href("/events")} className="text-brand-700 text-sm underline dark:text-brand-200">
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
        <SetActiveButton event={event} describedBy="set-active-means" />
        {/* As on the event cards: Join and Scan QR belong to an event that is happening. */}
        {happening && joinUrl ? (
          <a
            href={joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center rounded-md bg-green-700 px-4 py-2 font-semibold text-sm text-white hover:bg-green-800"
          >
            Join<span className="sr-only"> {event.title} (opens in a new tab)</span>
          </a>
        ) : null}
        {happening ? (
          <Link to={href("/capture")} className={secondary}>
            Scan QR
          </Link>
        ) : null}
        <Link to={href("/events/:id/report", { id })} className={secondary}>
          Post-event report
        </Link>
        <Link to={href("/events/:id/edit", { id })} className={secondary}>
          Edit
        </Link>
      </div>
      <p id="set-active-means" className="mt-3 text-slate-600 text-sm dark:text-slate-300">
        {event.active
          ? "This is your active hub: everyone you capture, who shares back from your card, or whose card you save is tagged with it. Press Active hub to stop."
          : "Set Active when you arrive: everyone you meet is then tagged with this event. Only one event is your active hub at a time."}
        {event.status === "active" ? ` ${badge.label}: ${HAPPENING_NOW_MEANS.toLowerCase()}.` : ""}
      </p>

      <SectionNav
        label={`Sections of ${event.title}`}
        className="mt-6"
        sections={[
          [href("/events/:id", { id }), "Everything"],
          [href("/events/:id/plan", { id }), "Strategy plan only"],
          [href("/events/:id/attendees", { id }), "Attendee list only"],
        ]}
      />
      <Outlet context={actionData} />
    </article>
  );
}
