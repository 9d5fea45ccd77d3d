import { href, Link } from "react-router";
import type { EventStatus, PublicEvent } from "~/content/events";
import { formatDay, formatHours } from "~/lib/i18n/format";
import type { SayMarketing } from "~/lib/i18n/marketing";

export const STATUS_BADGE: Record<EventStatus, { label: string; className: string }> = {
  upcoming: { label: "Upcoming", className: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200" },
  // Not "Active": that word names the owner's active hub (Set Active), a different thing from the dates.
  active: { label: "Happening now", className: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200" },
  past: { label: "Past", className: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300" },
};

const action = "inline-flex items-center justify-center rounded-md px-4 py-2 font-semibold text-sm";

/** Upcoming: Prepare. Active: Join (external link) or Activate, plus Scan QR. Past: View Details, dimmed. */
export function EventCard({ event, t }: { event: PublicEvent; t: SayMarketing }) {
  const badge = STATUS_BADGE[event.status];
  const past = event.status === "past";
  // A published organiser event has its own page; the landing page's samples open /events/{id}.
  const page = event.href ?? href("/events/:id", { id: String(event.id) });
  return (
    <article
      data-status={event.status}
      className={`flex h-full flex-col rounded-xl border border-slate-200 p-5 dark:border-slate-800 ${past ? "" : "bg-white dark:bg-slate-900"} ${past ? "border-dashed bg-slate-50 grayscale dark:bg-slate-900/50" : ""}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>
          {t(`home.event.${event.status}`)}
        </span>
        <span className="text-slate-600 text-xs dark:text-slate-300">{t(`event.type.${event.type}`)}</span>
      </div>
      <h3 className="mt-3 font-semibold text-lg">{event.title}</h3>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        <time dateTime={event.date}>{formatDay(event.date, t.locale)}</time> · {formatHours(event, t.locale)}
      </p>
      <p className="text-slate-600 text-sm dark:text-slate-300">
        {event.location === "Online" ? t("home.event.online") : event.location} ·{" "}
        {t("home.event.attendees", { count: event.attendees })}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {event.status === "upcoming" ? (
          <Link
            to={page}
            reloadDocument={Boolean(event.href)}
            className={`${action} bg-blue-700 text-white hover:bg-blue-800`}
            aria-label={t("home.event.prepareFor", { title: event.title })}
          >
            {t("home.event.prepare")}
          </Link>
        ) : null}
        {event.status === "active" ? (
          <>
            {event.href ? (
              <a
                href={`${event.href}#join`}
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
                aria-label={t("home.event.joinTitle", { title: event.title })}
              >
                {t("home.event.join")}
              </a>
            ) : event.url ? (
              <a
                href={event.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
                aria-label={t("home.event.joinNewTab", { title: event.title })}
              >
                {t("home.event.join")}
              </a>
            ) : (
              <Link
                to={href("/events/:id", { id: String(event.id) })}
                className={`${action} bg-green-700 text-white hover:bg-green-800`}
                aria-label={t("home.event.activateTitle", { title: event.title })}
              >
                {t("home.event.activate")}
              </Link>
            )}
            <Link
              to={event.href ? href("/capture") : `${href("/events/:id", { id: String(event.id) })}#scan`}
              className={`${action} border border-green-700 text-green-800 hover:bg-green-50 dark:text-green-300 dark:hover:bg-green-950`}
              aria-label={t("home.event.scanAt", { title: event.title })}
            >
              {t("home.event.scan")}
            </Link>
          </>
        ) : null}
        {past ? (
          <Link
            to={page}
            reloadDocument={Boolean(event.href)}
            className={`${action} bg-slate-600 text-white hover:bg-slate-700`}
            aria-label={t("home.event.detailsOf", { title: event.title })}
          >
            {t("home.event.details")}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
