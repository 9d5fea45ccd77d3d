import { href, Link } from "react-router";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { btnPrimary, card, formatDate, linkClass } from "~/components/marketing/page";
import { EVENT_TYPE_LABEL, type PublicEvent } from "~/content/events";
import { formatHours } from "~/lib/i18n/format";

/** A public sample event from the landing page, with the way in to an event hub of one's own. */
export function SampleEvent({ event }: { event: PublicEvent }) {
  const badge = STATUS_BADGE[event.status];
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={`${href("/")}#events`} className={linkClass}>
        ← All events
      </Link>
      <div className="mt-6 flex items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>{badge.label}</span>
        <span className="text-slate-600 text-sm dark:text-slate-300">{EVENT_TYPE_LABEL[event.type]}</span>
      </div>
      <h1 className="mt-3 font-extrabold text-3xl tracking-tight sm:text-4xl">{event.title}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{event.description}</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">When</dt>
          <dd className="font-semibold">
            {formatDate(event.date)}, {formatHours(event, "en")}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">Where</dt>
          <dd className="font-semibold">
            {event.location}
            {event.platform ? ` (${event.platform})` : ""}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">Expected attendees</dt>
          <dd className="font-semibold">{event.attendees.toLocaleString("en-US")}</dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">Assistant's tip</dt>
          <dd className="font-semibold">{event.aiRecommendation}</dd>
        </div>
      </dl>
      <section
        id="scan"
        aria-labelledby="hub"
        className="mt-10 scroll-mt-24 rounded-2xl bg-brand-50 p-6 dark:bg-brand-900/30"
      >
        <h2 id="hub" className="font-bold text-xl">
          Network at this event with an event hub
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Create a free account, add this event as a hub and set it active: everyone who scans your QR code or shares
          their details with you is tagged with {event.title}.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={`${href("/auth")}?mode=signup`} className={btnPrimary}>
            Create your free card
          </Link>
          <Link to={href("/guides/:slug", { slug: "event-preparation" })} className={`${linkClass} self-center`}>
            How to prepare for an event
          </Link>
        </div>
      </section>
    </article>
  );
}
