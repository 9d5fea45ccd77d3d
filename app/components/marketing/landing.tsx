import { href, Link } from "react-router";
import type { PublicEvent } from "~/content/events";
import { SITE } from "~/lib/site";
import type { CampaignSummary } from "~/server/fundraising/campaigns.server";
import { BellIcon, CalendarIcon, CardIcon, HeartIcon, QrIcon, SparklesIcon, UsersIcon } from "../icons";
import { DemoTabs } from "./demo-tabs";
import { BusinessCards, ContactCards, EventHubsPreview, FeaturedCampaigns, UpcomingEvents } from "./landing-sections";
import { TestimonialsCarousel } from "./testimonials";

const BENEFITS = [
  {
    title: "One tap to share",
    text: "A card that opens instantly from a QR code, NFC tag or link, even on venue Wi-Fi.",
  },
  {
    title: "Nobody slips away",
    text: "Everyone who shares back lands in your network, tagged with the event you met at.",
  },
  { title: "Follow up in 48 hours", text: "Reminders and suggested messages while the conversation is still fresh." },
];

const STEPS = [
  {
    icon: CardIcon,
    title: "Create your card",
    text: "Name, role, links and photo in a card you can keep for work and for your cause.",
  },
  {
    icon: QrIcon,
    title: "Share it anywhere",
    text: "QR code, NFC tag, link or email signature. No app needed on the other side.",
  },
  {
    icon: UsersIcon,
    title: "Capture contacts",
    text: "Visitors share their details back; scan badges and paper cards at the event.",
  },
  {
    icon: CalendarIcon,
    title: "Work in event hubs",
    text: "Group people by event, with notes, status and one active event at a time.",
  },
  {
    icon: SparklesIcon,
    title: "Get an assistant's plan",
    text: "Goals, target connections and talking points before you walk in.",
  },
  {
    icon: BellIcon,
    title: "Follow up on time",
    text: "Reminders inside the 48-hour window, and a report that ranks your best leads.",
  },
];

export function Landing({
  campaigns,
  today,
  events = [],
}: {
  campaigns: CampaignSummary[] | null;
  today: string;
  events?: PublicEvent[];
}) {
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="-z-10 absolute inset-0 bg-gradient-to-b from-brand-50 via-white to-white dark:from-brand-900/40 dark:via-slate-950 dark:to-slate-950"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-2 md:pt-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-700 text-xs dark:bg-brand-900 dark:text-brand-100">
              <HeartIcon width={14} height={14} /> Built for professionals and nonprofit leaders
            </p>
            <h1 className="mt-5 font-extrabold text-4xl tracking-tight sm:text-5xl">
              Your card opens in one tap. Your follow-ups actually happen.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">{SITE.description}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={`${href("/auth")}?mode=signup`}
                className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Create your free card
              </Link>
              <a
                href="/c/demo"
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                See a live card
              </a>
            </div>
            <p className="mt-4 text-slate-500 text-sm dark:text-slate-400">Free plan. No credit card required.</p>
          </div>
          <div aria-hidden="true" className="mx-auto w-full max-w-sm">
            <div className="rotate-1 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white shadow-2xl">
              <div className="flex items-center gap-4">
                <div className="flex size-16 items-center justify-center rounded-full bg-white/20 font-bold text-2xl">
                  AR
                </div>
                <div>
                  <p className="font-bold text-xl">Amara Reyes</p>
                  <p className="text-white/80">Director of Partnerships</p>
                  <p className="text-sm text-white/70">Open Futures Foundation</p>
                </div>
              </div>
              <p className="mt-6 font-medium text-sm text-white/80">{SITE.tagline}</p>
              <div className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <span className="rounded-md bg-white py-2 text-center font-semibold text-brand-700">Save Contact</span>
                <span className="rounded-md bg-white/15 py-2 text-center font-semibold">Share Your Info</span>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits" className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="benefits" className="sr-only">
          Benefits
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <li
              key={b.title}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold">{b.title}</h3>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
        <h2 id="how-it-works" className="text-center font-bold text-3xl tracking-tight">
          How It Works
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
          From the first handshake to the follow-up that turns into a partnership or a donation.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map(({ icon: StepIcon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                <StepIcon />
              </span>
              <h3 className="mt-4 font-semibold text-lg">{title}</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <EventHubsPreview />
      <TestimonialsCarousel />
      <ContactCards />
      <UpcomingEvents today={today} published={events} />
      <BusinessCards />
      <DemoTabs />
      <FeaturedCampaigns campaigns={campaigns} />

      <section className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="font-bold text-3xl tracking-tight">Make your next event count</h2>
          <p className="mx-auto mt-3 max-w-xl text-white/85">
            Create your card in two minutes. Nonprofit early adopters get three months of Card Pro free.
          </p>
          <Link
            to={`${href("/auth")}?mode=signup`}
            className="mt-8 inline-flex rounded-md bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Get Started
          </Link>
        </div>
      </section>
    </>
  );
}
