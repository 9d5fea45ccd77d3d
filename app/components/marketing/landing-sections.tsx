import { useRef } from "react";
import { href, Link } from "react-router";
import { type PublicEvent, sampleEvents } from "~/content/events";
import { SITE } from "~/lib/site";
import type { CampaignSummary } from "~/server/fundraising/campaigns.server";
import { CampaignCard } from "./campaign-card";
import { EventCard } from "./event-card";

export function EventHubsPreview() {
  return (
    <section
      aria-labelledby="hubs"
      className="mx-auto mt-20 grid max-w-7xl items-center gap-10 px-4 sm:px-6 md:grid-cols-2"
    >
      <div>
        <h2 id="hubs" className="font-bold text-3xl tracking-tight">
          Event hubs keep every conversation in context
        </h2>
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          One hub per event. Set it active when you arrive and everyone who scans your card or shares back is tagged
          with it. Filter by priority, add notes, and see who still needs a follow-up.
        </p>
        <ul className="mt-6 space-y-2 text-slate-700 dark:text-slate-300">
          <li>✓ One active hub at a time, marked with a star</li>
          <li>✓ Follow-ups ranked inside the 48-hour window</li>
          <li>✓ A post-event report with your top leads</li>
        </ul>
        <Link
          to={href("/guides/:slug", { slug: "event-hubs" })}
          className="mt-6 inline-flex font-semibold text-brand-700 hover:underline dark:text-brand-200"
        >
          Read the Event Hubs guide →
        </Link>
      </div>
      <div
        aria-hidden="true"
        className="rounded-2xl border border-slate-200 bg-slate-50 p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between rounded-lg bg-white p-3 dark:bg-slate-950">
          <span className="font-semibold">★ Community Partners Mixer</span>
          <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800 text-xs dark:bg-green-950 dark:text-green-200">
            Active
          </span>
        </div>
        <div className="mt-3 grid grid-cols-3 gap-3 text-center">
          {[
            ["14", "Contacts"],
            ["5", "High priority"],
            ["9", "To follow up"],
          ].map(([n, l]) => (
            <div key={l} className="rounded-lg bg-white p-3 dark:bg-slate-950">
              <p className="font-extrabold text-2xl text-brand-700 dark:text-brand-200">{n}</p>
              <p className="text-slate-600 text-xs dark:text-slate-300">{l}</p>
            </div>
          ))}
        </div>
        <ul className="mt-3 space-y-2">
          {[
            ["Jordan Blake", "Lakeside Foundation", "High"],
            ["Mei Tanaka", "Northwind Bank", "Medium"],
            ["Ana Costa", "City Arts Council", "High"],
          ].map(([n, o, p]) => (
            <li key={n} className="flex items-center justify-between rounded-lg bg-white p-3 text-sm dark:bg-slate-950">
              <span>
                <span className="font-semibold">{n}</span> · {o}
              </span>
              <span className={p === "High" ? "text-red-700 dark:text-red-300" : "text-amber-700 dark:text-amber-300"}>
                ★ {p}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const CONTACT_FEATURES = [
  { title: "Tags and priorities", text: "High, Medium or Low priority with tags you filter by later." },
  { title: "Notes that stick", text: "What you talked about and the next step, right on the contact." },
  { title: "Reminders", text: "Calls, emails and meetings scheduled before the moment passes." },
  { title: "vCard and CSV", text: "Download any contact or export your network. No lock-in." },
];

export function ContactCards() {
  return (
    <section aria-labelledby="on-top" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
      <h2 id="on-top" className="text-center font-bold text-3xl tracking-tight">
        Stay On Top of Your Network
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CONTACT_FEATURES.map((f) => (
          <li
            key={f.title}
            className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="font-semibold">{f.title}</h3>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Published organiser events first (soonest first), then samples so the row is never empty. */
export function UpcomingEvents({ today, published = [] }: { today: string; published?: PublicEvent[] }) {
  const events = [...published, ...sampleEvents(today)].slice(0, 4);
  return (
    <section id="events" aria-labelledby="events-title" className="mx-auto mt-20 max-w-7xl scroll-mt-24 px-4 sm:px-6">
      <h2 id="events-title" className="text-center font-bold text-3xl tracking-tight">
        Events you can network at
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {events.map((e) => (
          <li key={e.id}>
            <EventCard event={e} />
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
    role: "Director of Partnerships",
    org: "Open Futures Foundation",
    tone: "from-brand-600 to-violet-700",
  },
  {
    initials: "DK",
    name: "David Kim",
    role: "Major Gifts Officer",
    org: "Harbor Arts Collective",
    tone: "from-emerald-600 to-teal-700",
  },
  {
    initials: "LS",
    name: "Lucia Santos",
    role: "Founder and CEO",
    org: "GreenRoute Logistics",
    tone: "from-rose-500 to-orange-600",
  },
];

/** Three-column grid from 768 px; below it, a swipeable carousel whose buttons wrap around at either end. */
export function BusinessCards() {
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
        Digital business cards people actually keep
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
        Opens from a QR code, NFC tag or link. Saves as a contact in one tap. {SITE.tagline}
      </p>
      <ul
        ref={track}
        id="sample-cards"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the phone carousel scrolls, so keyboard users must reach it
        tabIndex={0}
        aria-label="Sample business cards"
        className="mt-8 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-3 md:overflow-visible"
      >
        {SAMPLE_CARDS.map((c) => (
          <li key={c.name} className="w-full shrink-0 snap-center md:w-auto">
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
                  <p className="text-sm text-white/85">{c.role}</p>
                  <p className="text-sm text-white/85">{c.org}</p>
                </div>
              </div>
              <div aria-hidden="true" className="mt-6 grid grid-cols-2 gap-2 text-sm">
                <span className="rounded-md bg-white py-2 text-center font-semibold text-slate-900">QR Code</span>
                <span className="rounded-md bg-white/20 py-2 text-center font-semibold">Share</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-center gap-3 md:hidden">
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label="Previous card"
          aria-controls="sample-cards"
          data-scroll-step="-1"
          className="rounded-full border border-slate-300 px-4 py-2 dark:border-slate-700"
        >
          ←
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label="Next card"
          aria-controls="sample-cards"
          data-scroll-step="1"
          className="rounded-full border border-slate-300 px-4 py-2 dark:border-slate-700"
        >
          →
        </button>
      </div>
    </section>
  );
}

export function FeaturedCampaigns({ campaigns }: { campaigns: CampaignSummary[] | null }) {
  return (
    <section aria-labelledby="campaigns" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="campaigns" className="font-bold text-3xl tracking-tight">
          Featured campaigns
        </h2>
        <Link to={href("/fundraising")} className="font-semibold text-brand-700 hover:underline dark:text-brand-200">
          See all campaigns →
        </Link>
      </div>
      {campaigns ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {campaigns.map((c) => (
            <li key={c.id}>
              <CampaignCard c={c} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-slate-600 dark:text-slate-300">Campaigns are unavailable right now.</p>
      )}
    </section>
  );
}
