import { href, Link } from "react-router";
import { BellIcon, CalendarIcon, CardIcon, QrIcon, SparklesIcon, UsersIcon } from "~/components/icons";
import { btnPrimary, card, PageHero } from "~/components/marketing/page";
import { PLANS } from "~/lib/billing/plans";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";

export const handle = staticPage;

export const meta = () =>
  pageMeta("Features", "Digital business cards, event hubs, smart capture, AI plans and follow-up reminders.");

const FEATURES = [
  {
    icon: CardIcon,
    title: "Digital business cards",
    text: "A card with your photo, role and links that saves as a vCard in one tap.",
  },
  {
    icon: QrIcon,
    title: "QR, NFC and link sharing",
    text: "Share from your phone, a badge sticker or an NFC tag; visitors need no app.",
  },
  {
    icon: UsersIcon,
    title: "Smart contact capture",
    text: "Visitors share their details back; scan paper cards and badges into the same list.",
  },
  {
    icon: CalendarIcon,
    title: "Event hubs",
    text: "Group people by event with notes, filters and status; one active hub at a time.",
  },
  {
    icon: SparklesIcon,
    title: "AI strategy and reports",
    text: "Goals and target connections before, top leads and connection types after.",
  },
  {
    icon: BellIcon,
    title: "Follow-up reminders",
    text: "Calls, emails and meetings scheduled inside the 48-hour follow-up window.",
  },
];

export default function Features() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything you need to network with purpose"
        intro="From the first scan to the follow-up that becomes a partnership or a donation."
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={card}>
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                <Icon />
              </span>
              <h2 className="mt-4 font-semibold text-lg">{title}</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{text}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="plans" className="mt-16">
          <h2 id="plans" className="text-center font-bold text-3xl tracking-tight">
            Plans
          </h2>
          <div className="mx-auto mt-8 grid max-w-4xl gap-6 md:grid-cols-2">
            {PLANS.map((plan) => (
              <div key={plan.name} className={card}>
                <h3 className="font-bold text-xl">{plan.name}</h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{plan.description}</p>
                <p className="mt-4 font-extrabold text-3xl">
                  {plan.monthly === 0 ? "Free" : `$${plan.monthly}`}
                  {plan.monthly ? (
                    <span className="font-medium text-base text-slate-500 dark:text-slate-400"> / month</span>
                  ) : null}
                </p>
                <ul className="mt-4 space-y-1.5 text-sm">
                  {plan.features
                    .filter((f) => f.included)
                    .map((f) => (
                      <li key={f.name}>✓ {f.name}</li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <div className="mt-12 text-center">
          <Link to={href("/card")} className={btnPrimary}>
            Create Your {SITE.name} Card Now
          </Link>
        </div>
      </div>
    </>
  );
}
