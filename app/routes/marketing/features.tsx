import { href, Link } from "react-router";
import { BellIcon, CalendarIcon, CardIcon, QrIcon, SparklesIcon, UsersIcon } from "~/components/icons";
import { btnPrimary, card, PageHero } from "~/components/marketing/page";
import { PLANS, PRO_PRICE } from "~/lib/billing/plans";
import { negotiateLocale } from "~/lib/i18n/locales";
import { marketingSay } from "~/lib/i18n/marketing";
import { marketingWords } from "~/lib/i18n/marketing-words";
import { formatMoney } from "~/lib/money";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/features";

// Static (only /site.js) and in the visitor's language: the loader sends the words (decision 0283).
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Features");
  const t = marketingSay(loaderData.words);
  return pageMeta(t("site.link.features"), t("features.description"));
};

export const loader = ({ request }: Route.LoaderArgs) => ({ words: marketingWords(negotiateLocale(request).locale) });

const FEATURES = [
  { icon: CardIcon, key: "card" },
  { icon: QrIcon, key: "sharing" },
  { icon: UsersIcon, key: "capture" },
  { icon: CalendarIcon, key: "hubs" },
  { icon: SparklesIcon, key: "ai" },
  { icon: BellIcon, key: "reminders" },
] as const;

export default function Features({ loaderData }: Route.ComponentProps) {
  const t = marketingSay(loaderData.words);
  return (
    <>
      <PageHero eyebrow={t("site.link.features")} title={t("features.title")} intro={t("features.intro")} />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, key }) => (
            <li key={key} className={card}>
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                <Icon />
              </span>
              <h2 className="mt-4 font-semibold text-lg">{t(`features.${key}.title`)}</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="plans" className="mt-16">
          <h2 id="plans" className="text-center font-bold text-3xl tracking-tight">
            {t("features.plans")}
          </h2>
          <div className="mx-auto mt-8 grid max-w-4xl gap-6 md:grid-cols-2">
            {PLANS.map((plan) => (
              <div key={plan.name} className={card}>
                <h3 className="font-bold text-xl">{plan.name}</h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{t(`plan.${plan.tier}.description`)}</p>
                <p className="mt-4 font-extrabold text-3xl">
                  {plan.monthly === 0
                    ? t("features.free")
                    : formatMoney(Math.round(plan.monthly * 100), PRO_PRICE.currency, { locale: t.locale })}
                  {plan.monthly ? (
                    <span className="font-medium text-base text-slate-500 dark:text-slate-400">
                      {" "}
                      {t("features.month")}
                    </span>
                  ) : null}
                </p>
                <ul className="mt-4 space-y-1.5 text-sm">
                  {plan.features
                    .filter((f) => f.included)
                    .map((f) => (
                      <li key={f.key}>✓ {t(`plan.feature.${f.key}`)}</li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        </section>

        <div className="mt-12 text-center">
          <Link to={href("/card")} className={btnPrimary}>
            {t("features.cta", { site: SITE.name })}
          </Link>
        </div>
      </div>
    </>
  );
}
