import { useRef } from "react";
import { href, Link } from "react-router";
import { type PublicEvent, sampleEvents } from "~/content/events";
import { formatCount } from "~/lib/i18n/format";
import { localeDir } from "~/lib/i18n/locales";
import type { SayMarketing } from "~/lib/i18n/marketing";
import type { CampaignSummary } from "~/server/fundraising/campaigns.server";
import { CampaignCard } from "./campaign-card";
import { EventCard } from "./event-card";

export function EventHubsPreview({ t }: { t: SayMarketing }) {
  return (
    <section
      aria-labelledby="hubs"
      className="mx-auto mt-20 grid max-w-7xl items-center gap-10 px-4 sm:px-6 md:grid-cols-2"
    >
      <div>
        <h2 id="hubs" className="font-bold text-3xl tracking-tight">
          {t("home.hubs.title")}
        </h2>
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t("home.hubs.text")}</p>
        <ul className="mt-6 space-y-2 text-slate-700 dark:text-slate-300">
          <li>✓ {t("home.hubs.point.active")}</li>
          <li>✓ {t("home.hubs.point.ranked")}</li>
          <li>✓ {t("home.hubs.point.report")}</li>
        </ul>
        <Link
          to={href("/guides/:slug", { slug: "event-hubs" })}
          className="mt-6 inline-flex font-semibold text-brand-700 hover:underline dark:text-brand-200"
        >
          {t("home.hubs.guide")}
        </Link>
      </div>
      <div
        aria-hidden="true"
        className="rounded-2xl border border-slate-200 bg-slate-50 p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between rounded-lg bg-white p-3 dark:bg-slate-950">
          <span className="font-semibold">★ Community Partners Mixer</span>
          <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800 text-xs dark:bg-green-950 dark:text-green-200">
            {t("home.hubs.active")}
          </span>
        </div>
        <div className="mt-3 grid grid-cols-3 gap-3 text-center">
          {[
            [14, t("home.hubs.contacts")],
            [5, t("home.hubs.highPriority")],
            [9, t("home.hubs.toFollowUp")],
          ].map(([n, l]) => (
            <div key={l} className="rounded-lg bg-white p-3 dark:bg-slate-950">
              <p className="font-extrabold text-2xl text-brand-700 dark:text-brand-200">
                {formatCount(Number(n), t.locale)}
              </p>
              <p className="text-slate-600 text-xs dark:text-slate-300">{l}</p>
            </div>
          ))}
        </div>
        <ul className="mt-3 space-y-2">
          {[
            ["Jordan Blake", "Lakeside Foundation", "high"],
            ["Mei Tanaka", "Northwind Bank", "medium"],
            ["Ana Costa", "City Arts Council", "high"],
          ].map(([n, o, p]) => (
            <li key={n} className="flex items-center justify-between rounded-lg bg-white p-3 text-sm dark:bg-slate-950">
              <span>
                <span className="font-semibold">{n}</span> · {o}
              </span>
              <span className={p === "high" ? "text-red-700 dark:text-red-300" : "text-amber-700 dark:text-amber-300"}>
                ★ {t(p === "high" ? "home.priority.high" : "home.priority.medium")}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const CONTACT_FEATURES = ["tags", "notes", "reminders", "export"] as const;

export function ContactCards({ t }: { t: SayMarketing }) {
  return (
    <section aria-labelledby="on-top" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
      <h2 id="on-top" className="text-center font-bold text-3xl tracking-tight">
        {t("home.network.title")}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CONTACT_FEATURES.map((f) => (
          <li
            key={f}
            className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="font-semibold">{t(`home.network.${f}.title`)}</h3>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t(`home.network.${f}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Published organiser events first (soonest first), then samples so the row is never empty. */
export function UpcomingEvents({
  today,
  published = [],
  t,
  sampleTitles = {},
}: {
  today: string;
  published?: PublicEvent[];
  t: SayMarketing;
  sampleTitles?: Record<string, string>;
}) {
  const samples = sampleEvents(today).map((e) => ({ ...e, title: sampleTitles[e.id] ?? e.title }));
  const events = [...published, ...samples].slice(0, 4);
  return (
    <section id="events" aria-labelledby="events-title" className="mx-auto mt-20 max-w-7xl scroll-mt-24 px-4 sm:px-6">
      <h2 id="events-title" className="text-center font-bold text-3xl tracking-tight">
        {t("home.events.title")}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {events.map((e) => (
          <li key={e.id}>
            <EventCard event={e} t={t} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const SAMPLE_CARDS = [
  {
    initials: "AR",
    name: "Amara Reyes",
    role: "home.role.partnerships",
    org: "Open Futures Foundation",
    tone: "from-brand-600 to-violet-700",
  },
  {
    initials: "DK",
    name: "David Kim",
    role: "home.role.majorGifts",
    org: "Harbor Arts Collective",
    tone: "from-emerald-600 to-teal-700",
  },
  {
    initials: "LS",
    name: "Lucia Santos",
    role: "home.role.founder",
    org: "GreenRoute Logistics",
    tone: "from-rose-500 to-orange-600",
  },
] as const;

/** Three-column grid from 768 px; below it, a swipeable carousel whose buttons wrap around at either end. */
export function BusinessCards({ t }: { t: SayMarketing }) {
  // The cards lie left to right in every language, so scrolling by steps works; each card reads in the page's direction.
  const dir = localeDir(t.locale);
  const track = useRef<HTMLUListElement>(null);
  function go(step: number) {
    const el = track.current;
    if (!el) return;
    const width = el.clientWidth;
    const current = Math.round(el.scrollLeft / width);
    const next = (current + step + SAMPLE_CARDS.length) % SAMPLE_CARDS.length;
    el.scrollTo({ left: next * width, behavior: "smooth" });
  }
  return (
    <section aria-labelledby="cards" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
      <h2 id="cards" className="text-center font-bold text-3xl tracking-tight">
        {t("home.cards.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
        {t("home.cards.lead")} {t("card.footer.tagline")}
      </p>
      <ul
        ref={track}
        id="sample-cards"
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the phone carousel scrolls, so keyboard users must reach it
        tabIndex={0}
        aria-label={t("home.cards.label")}
        className="mt-8 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-3 md:overflow-visible"
      >
        {SAMPLE_CARDS.map((c) => (
          <li key={c.name} dir={dir} className="w-full shrink-0 snap-center md:w-auto">
            <div className={`rounded-2xl bg-gradient-to-br ${c.tone} p-6 text-white shadow-lg`}>
              <div className="flex items-center gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-14 items-center justify-center rounded-full bg-white/20 font-bold text-xl"
                >
                  {c.initials}
                </span>
                <div>
                  <h3 className="font-bold text-lg">{c.name}</h3>
                  <p className="text-sm text-white/85">{t(c.role)}</p>
                  <p className="text-sm text-white/85">{c.org}</p>
                </div>
              </div>
              <div aria-hidden="true" className="mt-6 grid grid-cols-2 gap-2 text-sm">
                <span className="rounded-md bg-white py-2 text-center font-semibold text-slate-900">
                  {t("home.cards.qr")}
                </span>
                <span className="rounded-md bg-white/20 py-2 text-center font-semibold">{t("home.cards.share")}</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-center gap-3 md:hidden">
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label={t("home.cards.previous")}
          aria-controls="sample-cards"
          data-scroll-step="-1"
          className="rounded-full border border-slate-300 px-4 py-2 dark:border-slate-700"
        >
          {dir === "rtl" ? "→" : "←"}
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label={t("home.cards.next")}
          aria-controls="sample-cards"
          data-scroll-step="1"
          className="rounded-full border border-slate-300 px-4 py-2 dark:border-slate-700"
        >
          {dir === "rtl" ? "←" : "→"}
        </button>
      </div>
    </section>
  );
}

export function FeaturedCampaigns({ campaigns, t }: { campaigns: CampaignSummary[] | null; t: SayMarketing }) {
  return (
    <section aria-labelledby="campaigns" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="campaigns" className="font-bold text-3xl tracking-tight">
          {t("home.campaigns.title")}
        </h2>
        <Link to={href("/fundraising")} className="font-semibold text-brand-700 hover:underline dark:text-brand-200">
          {t("home.campaigns.all")}
        </Link>
      </div>
      {campaigns ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {campaigns.map((c) => (
            <li key={c.id}>
              <CampaignCard c={c} t={t} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-slate-600 dark:text-slate-300">{t("home.campaigns.unavailable")}</p>
      )}
    </section>
  );
}
