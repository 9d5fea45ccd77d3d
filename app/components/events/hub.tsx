import { Form, href, Link } from "react-router";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { formatDate } from "~/components/marketing/page";
import { safeHref } from "~/lib/card/card";
import { EVENT_TYPE_LABEL, type EventStatus, type EventType } from "~/lib/events/rules";

export type HubEvent = {
  id: number;
  title: string;
  date: string;
  endDate: string | null;
  time: string | null;
  location: string | null;
  type: EventType;
  platform: string | null;
  url: string | null;
  attendeeCount: number | null;
  active: boolean;
  status: EventStatus;
};

const action = "inline-flex items-center justify-center rounded-md px-4 py-2 font-semibold text-sm";

/** What the date badge means, said wherever it sits beside the Set Active button. */
export const HAPPENING_NOW_MEANS = "Today falls within the event's dates";

/**
 * "Set Active" toggles the owner's active hub; the pressed state says whether it is. The accessible name
 * is the visible words, then the event's title, so voice control finds it by what it shows (WCAG 2.5.3);
 * `describedBy` points at the sentence that says what it does.
 */
export function SetActiveButton({
  event,
  redirectTo,
  describedBy,
}: {
  event: { id: number; title: string; active: boolean };
  redirectTo?: string;
  describedBy?: string;
}) {
  return (
    <Form method="post" action={href("/events/:id", { id: String(event.id) })} className="inline">
      <input type="hidden" name="intent" value="toggle-active" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        aria-pressed={event.active}
        aria-label={`${event.active ? "Active hub" : "Set Active"}: ${event.title}`}
        aria-describedby={describedBy}
        className={`${action} border ${
          event.active
            ? "border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
            : "border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
        }`}
      >
        {event.active ? (
          <span aria-hidden="true" className="mr-1 text-amber-600 dark:text-amber-300">
            ★
          </span>
        ) : null}
        {event.active ? "Active hub" : "Set Active"}
      </button>
    </Form>
  );
}

/** The specification's event card for the owner: Prepare, Join or Activate plus Scan QR, or View Details. */
export function HubEventCard({ event, describedBy }: { event: HubEvent; describedBy?: string }) {
  const badge = STATUS_BADGE[event.status];
  const past = event.status === "past";
  const joinUrl = safeHref(event.url);
  return (
    <article
      data-status={event.status}
      aria-label={event.title}
      className={`flex h-full flex-col rounded-xl border p-5 ${
        event.active ? "border-amber-500 ring-2 ring-amber-500/40" : "border-slate-200 dark:border-slate-800"
      } ${past ? "border-dashed bg-slate-50 dark:bg-slate-900/50" : "bg-white dark:bg-slate-900"}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>{badge.label}</span>
        <span className="text-slate-600 text-xs dark:text-slate-300">{EVENT_TYPE_LABEL[event.type]}</span>
      </div>
      <h2 className="mt-3 font-semibold text-lg">
        {event.active ? (
          <span className="mr-1 text-amber-600 dark:text-amber-300" role="img" aria-label="Active hub">
            ★
          </span>
        ) : null}
        <Link to={href("/events/:id", { id: String(event.id) })} className="hover:underline">
          {event.title}
        </Link>
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        <time dateTime={event.date}>{formatDate(event.date)}</time>
        {event.endDate && event.endDate !== event.date ? (
          <>
            {" – "}
            <time dateTime={event.endDate}>{formatDate(event.endDate)}</time>
          </>
        ) : null}
        {event.time ? ` · ${event.time}` : ""}
      </p>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        {[event.location, event.platform].filter(Boolean).join(" · ") || EVENT_TYPE_LABEL[event.type]}
        {event.attendeeCount !== null ? ` · ${event.attendeeCount.toLocaleString("en-US")} attendees` : ""}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {event.status === "upcoming" ? (
          <Link
            to={href("/events/:id", { id: String(event.id) })}
            className={`${action} bg-blue-700 text-white hover:bg-blue-800`}
            aria-label={`Prepare for ${event.title}`}
          >
            Prepare
          </Link>
        ) : null}
        {event.status === "active" ? (
          <>
            {joinUrl ? (
              <a
                href={joinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
                aria-label={`Join ${event.title} (opens in a new tab)`}
              >
                Join
              </a>
            ) : (
              <Link
                to={href("/events/:id", { id: String(event.id) })}
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
                aria-label={`Activate ${event.title}`}
              >
                Activate
              </Link>
            )}
            <Link
              to={href("/capture")}
              className={`${action} border border-green-700 text-green-800 hover:bg-green-50 dark:text-green-300 dark:hover:bg-green-950`}
              aria-label={`Scan QR at ${event.title}`}
            >
              Scan QR
            </Link>
          </>
        ) : null}
        {past ? (
          <Link
            to={href("/events/:id", { id: String(event.id) })}
            className={`${action} bg-slate-600 text-white hover:bg-slate-700`}
            aria-label={`View details of ${event.title}`}
          >
            View Details
          </Link>
        ) : null}
        <SetActiveButton event={event} redirectTo={href("/events")} describedBy={describedBy} />
      </div>
    </article>
  );
}
