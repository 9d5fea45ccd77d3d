import { href, Link } from "react-router";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { btnPrimary, card, linkClass } from "~/components/marketing/page";
import type { PublicEvent } from "~/content/events";
import { formatCount, formatDay, formatHours } from "~/lib/i18n/format";
import type { SaySitePage, SitePageKey } from "~/lib/i18n/sitepages";

/** A sample event's title, description or tip in the page's language; the English it was written in if none. */
export function sampleText(t: SaySitePage, event: PublicEvent, part: "title" | "description" | "tip"): string {
  const said = t(`sample.${event.id}.${part}` as SitePageKey);
  return said || (part === "tip" ? event.aiRecommendation : event[part]);
}

/** A public sample event from the landing page, with the way in to an event hub of one's own. */
export function SampleEvent({ event, t }: { event: PublicEvent; t: SaySitePage }) {
  const badge = STATUS_BADGE[event.status];
  const title = sampleText(t, event, "title");
  // City names are names; "Online" is a word of ours.
  const place = event.location === "Online" ? t("home.event.online") : event.location;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={`${href("/")}#events`} className={linkClass}>
        {t("sample.back")}
      </Link>
      <div className="mt-6 flex items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>
          {t(`home.event.${event.status}`)}
        </span>
        <span className="text-slate-600 text-sm dark:text-slate-300">{t(`event.type.${event.type}`)}</span>
      </div>
      <h1 className="mt-3 font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{sampleText(t, event, "description")}</p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">{t("sample.when")}</dt>
          <dd className="font-semibold">
            {t("sample.whenValue", { date: formatDay(event.date, t.locale), hours: formatHours(event, t.locale) })}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">{t("sample.where")}</dt>
          <dd className="font-semibold">
            {place}
            {event.platform ? ` (${event.platform})` : ""}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">{t("sample.attendees")}</dt>
          <dd className="font-semibold">{formatCount(event.attendees, t.locale)}</dd>
        </div>
        <div className={card}>
          <dt className="text-slate-500 text-sm dark:text-slate-400">{t("sample.tip")}</dt>
          <dd className="font-semibold">{sampleText(t, event, "tip")}</dd>
        </div>
      </dl>
      <section
        id="scan"
        aria-labelledby="hub"
        className="mt-10 scroll-mt-24 rounded-2xl bg-brand-50 p-6 dark:bg-brand-900/30"
      >
        <h2 id="hub" className="font-bold text-xl">
          {t("sample.hub.title")}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("sample.hub.text", { title })}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={`${href("/auth")}?mode=signup`} className={btnPrimary}>
            {t("home.hero.signUp")}
          </Link>
          <Link to={href("/guides/:slug", { slug: "event-preparation" })} className={`${linkClass} self-center`}>
            {t("sample.prepare")}
          </Link>
        </div>
      </section>
    </article>
  );
}
