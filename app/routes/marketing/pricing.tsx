import { href, Link } from "react-router";
import { Accordion } from "~/components/marketing/accordion";
import { JsonLd } from "~/components/marketing/json-ld";
import { btnPrimary, PageHero } from "~/components/marketing/page";
import { CARD_PRO, NONPROFIT_MONTHS, PRO_PRICE, TRIAL_DAYS } from "~/lib/billing/plans";
import { localeDir, negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay, type SayPage } from "~/lib/i18n/pages";
import { formatMoney } from "~/lib/money";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/pricing";

// Static (only /site.js) and in the visitor's language: the loader sends the words (decision 0285).
export const handle = localizedPage;

/** The billing period is a pair of radios; CSS shows the chosen period's figures, with or without JavaScript. */
const monthlyOnly = "group-has-[[name=period][value=yearly]:checked]/period:hidden";
const yearlyOnly = "hidden group-has-[[name=period][value=yearly]:checked]/period:inline";

/**
 * A price in the page's language and the plan's currency: $7.99, 7,99 $US, US$7.99. In Arabic a left-to-right
 * mark after "US$" keeps the "$" beside "US" (else the browser's bidi moves it to the far side: "$US 7.99").
 */
const price = (t: SayPage, amount: number) =>
  `${formatMoney(Math.round(amount * 100), PRO_PRICE.currency, { compact: true, locale: t.locale })}${localeDir(t.locale) === "rtl" ? "\u200e" : ""}`;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Pricing");
  const t = pageSay(loaderData.words);
  return pageMeta(
    t("pricing.title"),
    t("pricing.description", {
      plan: CARD_PRO.name,
      monthly: price(t, CARD_PRO.monthly),
      yearly: price(t, CARD_PRO.yearly),
      days: TRIAL_DAYS,
    }),
  );
};

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: pageWords(negotiateLocale(request).locale, "pricing"),
});

const TRIAL_HREF = `${href("/auth")}?${new URLSearchParams({ mode: "signup", redirectTo: href("/settings/billing") })}`;
const NONPROFIT_HREF = `${href("/auth")}?${new URLSearchParams({ mode: "signup", redirectTo: `${href("/settings/billing")}#nonprofit` })}`;

const FAQ = ["trial", "upgrade", "downgrade", "cancel", "payment", "nonprofit"] as const;

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const t = pageSay(loaderData.words);
  const saving = Math.round((1 - CARD_PRO.yearly / (CARD_PRO.monthly * 12)) * 100) / 100;
  const values = { plan: CARD_PRO.name, days: TRIAL_DAYS, months: NONPROFIT_MONTHS };
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
      <PageHero eyebrow={t("pricing.title")} title={t("pricing.heading")} intro={t("pricing.intro", values)} />
      <div className="group/period mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <fieldset className="mx-auto flex w-fit rounded-full border border-slate-300 bg-slate-100 p-1 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">{t("pricing.period")}</legend>
          {(["monthly", "yearly"] as const).map((p) => (
            <label
              key={p}
              className="cursor-pointer rounded-full px-5 py-2 font-semibold text-sm has-[:checked]:bg-white has-[:checked]:text-brand-700 has-[:checked]:shadow has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 dark:has-[:checked]:bg-slate-800 dark:has-[:checked]:text-brand-100"
            >
              <input type="radio" name="period" value={p} defaultChecked={p === "monthly"} className="sr-only" />
              {p === "monthly" ? t("pricing.monthly") : t("pricing.yearly", { saving })}
            </label>
          ))}
        </fieldset>

        <div className="mx-auto mt-10 max-w-md rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg dark:bg-slate-900">
          <h2 className="font-bold text-2xl">{CARD_PRO.name}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("plan.pro.description")}</p>
          <p className="mt-6">
            <span className="font-extrabold text-5xl tracking-tight">
              <span className={monthlyOnly} data-testid="price">
                {price(t, CARD_PRO.monthly)}
              </span>
              <span className={yearlyOnly} data-testid="price">
                {price(t, CARD_PRO.yearly)}
              </span>
            </span>
            <span className="text-slate-600 dark:text-slate-300">
              {" "}
              <span className={monthlyOnly}>{t("pricing.perMonth")}</span>
              <span className={yearlyOnly}>{t("pricing.perYear")}</span>
            </span>
          </p>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            <span className={monthlyOnly}>{t("pricing.billedMonthly")}</span>
            <span className={yearlyOnly}>{t("pricing.billedYearly", { price: price(t, CARD_PRO.yearly / 12) })}</span>
          </p>
          {/* Sign-up starts the trial; a signed-in owner lands on Plan and billing, where an unused trial starts. */}
          <Link to={TRIAL_HREF} className={`${btnPrimary} mt-6 w-full`}>
            {t("pricing.trial")}
          </Link>
          <p className="mt-2 text-center text-slate-600 text-sm dark:text-slate-300">
            {t("pricing.trialNote", values)}
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            {CARD_PRO.features.map((f) => (
              <li key={f.key} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
                  ✓
                </span>
                {t(`plan.feature.${f.key}`)}
              </li>
            ))}
          </ul>
          <p className="mt-6 rounded-md bg-brand-50 p-3 text-brand-900 text-sm dark:bg-brand-900/40 dark:text-brand-100">
            {t("pricing.nonprofit", values)}{" "}
            <Link to={NONPROFIT_HREF} className="font-semibold underline">
              {t("pricing.nonprofitApply")}
            </Link>
          </p>
        </div>

        <section aria-labelledby="faq" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq" className="mb-6 text-center font-bold text-3xl tracking-tight">
            {t("pricing.faq")}
          </h2>
          <Accordion
            items={FAQ.map((q) => ({
              question: t(`pricing.faq.${q}.q`),
              answer: t(`pricing.faq.${q}.a`, values),
            }))}
          />
        </section>

        <section className="mx-auto mt-16 max-w-3xl rounded-2xl bg-slate-100 p-8 text-center dark:bg-slate-900">
          <h2 className="font-bold text-2xl">{t("pricing.custom.title")}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("pricing.custom.text")}</p>
          <Link to={href("/contact")} className={`${btnPrimary} mt-6`}>
            {t("pricing.custom.button")}
          </Link>
        </section>
      </div>
    </>
  );
}
