import { href, Link } from "react-router";
import { Accordion } from "~/components/marketing/accordion";
import { JsonLd } from "~/components/marketing/json-ld";
import { btnPrimary, PageHero } from "~/components/marketing/page";
import { PRICING_FAQ } from "~/content/faq";
import { CARD_PRO, NONPROFIT_MONTHS, TRIAL_DAYS } from "~/lib/billing/plans";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";

export const handle = staticPage;

/** The billing period is a pair of radios; CSS shows the chosen period's figures, with or without JavaScript. */
const monthlyOnly = "group-has-[[name=period][value=yearly]:checked]/period:hidden";
const yearlyOnly = "hidden group-has-[[name=period][value=yearly]:checked]/period:inline";

export const meta = () =>
  pageMeta(
    "Pricing",
    "Card Pro is 7.99 USD a month or 79 a year, with a 7-day free trial and no credit card required.",
  );

const TRIAL_HREF = `${href("/auth")}?${new URLSearchParams({ mode: "signup", redirectTo: href("/settings/billing") })}`;
const NONPROFIT_HREF = `${href("/auth")}?${new URLSearchParams({ mode: "signup", redirectTo: `${href("/settings/billing")}#nonprofit` })}`;

export default function Pricing() {
  const saving = Math.round((1 - CARD_PRO.yearly / (CARD_PRO.monthly * 12)) * 100);
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Product",
          name: `${SITE.name} ${CARD_PRO.name}`,
          description: CARD_PRO.description,
          offers: [
            ["Monthly", CARD_PRO.monthly, "MON", "P1M"] as const,
            ["Yearly", CARD_PRO.yearly, "ANN", "P1Y"] as const,
          ].map(([name, price, unitCode, billingDuration]) => ({
            "@type": "Offer",
            name,
            price: price.toFixed(2),
            priceCurrency: "USD",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: price.toFixed(2),
              priceCurrency: "USD",
              unitCode,
              billingDuration,
            },
          })),
        }}
      />
      <PageHero
        eyebrow="Pricing"
        title="Simple pricing for serious networkers"
        intro={`Start free. Upgrade to ${CARD_PRO.name} when you are ready: ${TRIAL_DAYS}-day free trial, no credit card required.`}
      />
      <div className="group/period mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <fieldset className="mx-auto flex w-fit rounded-full border border-slate-300 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">Billing period</legend>
          {(["monthly", "yearly"] as const).map((p) => (
            <label
              key={p}
              className="cursor-pointer rounded-full px-5 py-2 font-semibold text-sm has-[:checked]:bg-white has-[:checked]:text-brand-700 has-[:checked]:shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:has-[:checked]:bg-slate-800 dark:has-[:checked]:text-brand-100"
            >
              <input type="radio" name="period" value={p} defaultChecked={p === "monthly"} className="sr-only" />
              {p === "monthly" ? "Monthly" : `Yearly (save ${saving}%)`}
            </label>
          ))}
        </fieldset>

        <div className="mx-auto mt-10 max-w-md rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg dark:bg-slate-900">
          <h2 className="font-bold text-2xl">{CARD_PRO.name}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{CARD_PRO.description}</p>
          <p className="mt-6">
            <span className="font-extrabold text-5xl tracking-tight">
              <span className={monthlyOnly} data-testid="price">
                ${CARD_PRO.monthly}
              </span>
              <span className={yearlyOnly} data-testid="price">
                ${CARD_PRO.yearly}
              </span>
            </span>
            <span className="text-slate-600 dark:text-slate-300">
              {" "}
              USD / <span className={monthlyOnly}>month</span>
              <span className={yearlyOnly}>year</span>
            </span>
          </p>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            <span className={monthlyOnly}>Billed monthly. Cancel any time.</span>
            <span
              className={yearlyOnly}
            >{`That is $${(CARD_PRO.yearly / 12).toFixed(2)} a month, billed yearly.`}</span>
          </p>
          {/* Sign-up starts the trial; a signed-in owner lands on Plan and billing, where an unused trial starts. */}
          <Link to={TRIAL_HREF} className={`${btnPrimary} mt-6 w-full`}>
            Start Free Trial
          </Link>
          <p className="mt-2 text-center text-slate-600 text-sm dark:text-slate-300">
            {TRIAL_DAYS} days of every feature below, no credit card required.
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            {CARD_PRO.features.map((f) => (
              <li key={f.name} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
                  ✓
                </span>
                {f.name}
              </li>
            ))}
          </ul>
          <p className="mt-6 rounded-md bg-brand-50 p-3 text-brand-900 text-sm dark:bg-brand-900/40 dark:text-brand-100">
            Nonprofit early adopters get {NONPROFIT_MONTHS} months of Pro free.{" "}
            <Link to={NONPROFIT_HREF} className="font-semibold underline">
              Apply for the nonprofit offer
            </Link>
          </p>
        </div>

        <section aria-labelledby="faq" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq" className="mb-6 text-center font-bold text-3xl tracking-tight">
            Frequently asked questions
          </h2>
          <Accordion items={PRICING_FAQ} />
        </section>

        <section className="mx-auto mt-16 max-w-3xl rounded-2xl bg-slate-100 p-8 text-center dark:bg-slate-900">
          <h2 className="font-bold text-2xl">Need a custom solution?</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Teams, chapters and event organisers: we will set up cards, hubs and CRM sync for your whole organisation.
          </p>
          <Link to={href("/contact")} className={`${btnPrimary} mt-6`}>
            Contact Sales
          </Link>
        </section>
      </div>
    </>
  );
}
