import { href, Link } from "react-router";
import type { PublicEvent } from "~/content/events";
import { type MarketingWords, marketingSay } from "~/lib/i18n/marketing";
import type { CampaignSummary } from "~/server/fundraising/campaigns.server";
import { BellIcon, CalendarIcon, CardIcon, HeartIcon, QrIcon, SparklesIcon, UsersIcon } from "../icons";
import { DemoTabs } from "./demo-tabs";
import { BusinessCards, ContactCards, EventHubsPreview, FeaturedCampaigns, UpcomingEvents } from "./landing-sections";
import { TestimonialsCarousel } from "./testimonials";

const BENEFITS = ["share", "keep", "follow"] as const;

const STEPS = [
  { icon: CardIcon, key: "create" },
  { icon: QrIcon, key: "share" },
  { icon: UsersIcon, key: "capture" },
  { icon: CalendarIcon, key: "hubs" },
  { icon: SparklesIcon, key: "plan" },
  { icon: BellIcon, key: "follow" },
] as const;

export function Landing({
  campaigns,
  today,
  events = [],
  words,
  sampleTitles,
}: {
  campaigns: CampaignSummary[] | null;
  today: string;
  events?: PublicEvent[];
  /** The sample events' titles in the visitor's language, by id, as their own pages show them. */
  sampleTitles?: Record<string, string>;
  /** The page's words in the visitor's language, from the loader (decision 0283). */
  words: MarketingWords;
}) {
  const t = marketingSay(words);
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
              <HeartIcon width={14} height={14} /> {t("home.hero.badge")}
            </p>
            <h1 className="mt-5 font-extrabold text-4xl tracking-tight sm:text-5xl">{t("home.hero.title")}</h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">{t("home.hero.lead")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={`${href("/auth")}?mode=signup`}
                className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                {t("home.hero.signUp")}
              </Link>
              <a
                href="/c/demo"
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
              >
                {t("home.hero.liveCard")}
              </a>
            </div>
            <p className="mt-4 text-slate-500 text-sm dark:text-slate-400">{t("home.hero.free")}</p>
          </div>
          <div aria-hidden="true" className="mx-auto w-full max-w-sm">
            <div className="rotate-1 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-700 p-6 text-white shadow-2xl">
              <div className="flex items-center gap-4">
                <div className="flex size-16 items-center justify-center rounded-full bg-white/20 font-bold text-2xl">
                  AR
                </div>
                <div>
                  <p className="font-bold text-xl">Amara Reyes</p>
                  <p className="text-white/80">{t("home.role.partnerships")}</p>
                  <p className="text-sm text-white/70">Open Futures Foundation</p>
                </div>
              </div>
              <p className="mt-6 font-medium text-sm text-white/80">{t("card.footer.tagline")}</p>
              <div className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <span className="rounded-md bg-white py-2 text-center font-semibold text-brand-700">
                  {t("card.save")}
                </span>
                <span className="rounded-md bg-white/15 py-2 text-center font-semibold">{t("card.share")}</span>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits" className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="benefits" className="sr-only">
          {t("home.benefits.title")}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <li
              key={b}
              className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold">{t(`home.benefit.${b}.title`)}</h3>
              <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t(`home.benefit.${b}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
        <h2 id="how-it-works" className="text-center font-bold text-3xl tracking-tight">
          {t("home.how.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">{t("home.how.lead")}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {STEPS.map(({ icon: StepIcon, key }) => (
            <li key={key} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                <StepIcon />
              </span>
              <h3 className="mt-4 font-semibold text-lg">{t(`home.step.${key}.title`)}</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`home.step.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <EventHubsPreview t={t} />
      <TestimonialsCarousel t={t} />
      <ContactCards t={t} />
      <UpcomingEvents today={today} published={events} t={t} sampleTitles={sampleTitles} />
      <BusinessCards t={t} />
      <DemoTabs t={t} />
      <FeaturedCampaigns campaigns={campaigns} t={t} />

      <section className="mx-auto mt-20 max-w-7xl px-4 sm:px-6">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="font-bold text-3xl tracking-tight">{t("home.cta.title")}</h2>
          <p className="mx-auto mt-3 max-w-xl text-white/85">{t("home.cta.text")}</p>
          <Link
            to={`${href("/auth")}?mode=signup`}
            className="mt-8 inline-flex rounded-md bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("home.cta.button")}
          </Link>
        </div>
      </section>
    </>
  );
}
