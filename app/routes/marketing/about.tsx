import { href, Link } from "react-router";
import {
  btnPrimary,
  btnSecondary,
  CtaBanner,
  card,
  ExternalLink,
  linkClass,
  PageHero,
} from "~/components/marketing/page";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";

export const handle = staticPage;

export const meta = () =>
  pageMeta(
    "About",
    "Why we built KnowWho: a digital business card and networking assistant for people with a mission.",
  );

const STEPS = [
  {
    title: "Manage connections",
    text: "Everyone you meet, with tags, priority, notes and the event where you met, in one network you can search.",
  },
  { title: "Track events", text: "An event hub per conference or gala, with one active hub tagging new contacts." },
  {
    title: "Digital business cards",
    text: "A card that opens from a QR code, NFC tag or link, saves as a vCard and lets visitors share back.",
  },
  {
    title: "AI insights",
    text: "Strategy plans before the event, reports after it, and follow-up reminders inside the 48-hour window.",
  },
];

const DIFFERENTIATORS = [
  {
    title: "Built for events",
    text: "Works on a phone in a crowded hall on weak Wi-Fi, and for visitors with no app.",
  },
  { title: "Made for missions", text: "Campaigns and donor follow-up sit next to your contacts, not in another tool." },
  { title: "Yours to keep", text: "Export to vCard, CSV or your CRM at any time. Your network is never locked in." },
];

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Every handshake should lead somewhere"
        intro={`${SITE.name} turns the people you meet at events into relationships you follow up on, for professionals, nonprofit leaders and fundraisers.`}
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="mission">
          <h2 id="mission" className="font-bold text-2xl tracking-tight">
            Our mission
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700 leading-relaxed dark:text-slate-300">
            Most conversations at conferences end with a paper card in a pocket and a good intention. We build the tools
            that make the follow-up happen: a card people save in one tap, a network organised by the events where you
            met, and an assistant that tells you who to call first. {SITE.tagline}
          </p>
        </section>

        <section aria-labelledby="different" className="mt-12">
          <h2 id="different" className="font-bold text-2xl tracking-tight">
            What makes us different
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {DIFFERENTIATORS.map((d) => (
              <li key={d.title} className={card}>
                <h3 className="font-semibold">{d.title}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{d.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how" className="mt-12">
          <h2 id="how" className="font-bold text-2xl tracking-tight">
            How it works
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2">
            {STEPS.map((s, i) => (
              <li key={s.title} className={`${card} flex gap-4`}>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{s.title}</h3>
                  <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="nonprofits"
          className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-10 dark:bg-brand-900/30"
        >
          <h2 id="nonprofits" className="font-bold text-2xl tracking-tight">
            For nonprofits and fundraisers
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            <li>
              <h3 className="font-semibold">Fundraising campaigns</h3>
              <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
                Publish campaigns with goals and progress, and see which events brought in donors.
              </p>
            </li>
            <li>
              <h3 className="font-semibold">AI integration</h3>
              <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
                Send the people in your network to your Krystal AI workspace hourly, daily or when you press Sync now,
                signed so Krystal AI can verify them.{" "}
                <Link
                  to={href("/docs/:docId", { docId: "krystal-integration" })}
                  className="text-brand-700 underline dark:text-brand-200"
                >
                  How the Krystal AI sync works
                </Link>
              </p>
            </li>
            <li>
              <h3 className="font-semibold">Marketing campaigns</h3>
              <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
                Turn event connections into newsletter audiences with consent recorded at share time.
              </p>
            </li>
          </ul>
          <p className="mt-6 text-slate-700 text-sm dark:text-slate-300">
            Nonprofit early adopters get three months of Card Pro free.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={href("/fundraising")} className={btnPrimary}>
              Browse campaigns
            </Link>
            <Link to={`${href("/settings/integrations")}#krystal`} className={btnSecondary}>
              Sync with Krystal AI
            </Link>
          </div>
        </section>
      </div>
      <CtaBanner
        title="Get Started Free"
        text="Create your card in two minutes. No credit card required."
        to={`${href("/auth")}?mode=signup`}
        label="Get Started Free"
      />
      <p className="mx-auto mt-6 flex max-w-5xl flex-wrap gap-6 px-4 sm:px-6">
        <ExternalLink href={SITE.demoPath} className={linkClass}>
          Watch Demo
        </ExternalLink>
        <Link to={href("/")} className={linkClass}>
          Back to the home page
        </Link>
      </p>
      <div className="h-16" />
    </>
  );
}
