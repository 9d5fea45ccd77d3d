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
import { CARD_PRO } from "~/lib/billing/plans";
import { formatCount } from "~/lib/i18n/format";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/about";

// Static (only /site.js) and in the visitor's language: the loader sends the words (decision 0285).
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("About");
  const t = pageSay(loaderData.words);
  return pageMeta(t("about.title"), t("about.description", { site: SITE.name }));
};

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: pageWords(negotiateLocale(request).locale, "about"),
});

const STEPS = ["connections", "events", "cards", "ai"] as const;
const DIFFERENTIATORS = ["events", "missions", "keep"] as const;
const NONPROFITS = ["campaigns", "ai", "marketing"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const t = pageSay(loaderData.words);
  return (
    <>
      <PageHero eyebrow={t("about.eyebrow")} title={t("about.heading")} intro={t("about.intro", { site: SITE.name })} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <section aria-labelledby="mission">
          <h2 id="mission" className="font-bold text-2xl tracking-tight">
            {t("about.mission.title")}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700 leading-relaxed dark:text-slate-300">
            {/* Japanese and Chinese sentences follow each other without a space. */}
            {t("about.mission.text")}
            {t.locale === "ja" || t.locale === "zh-Hans" ? "" : " "}
            {t("card.footer.tagline")}
          </p>
        </section>

        <section aria-labelledby="different" className="mt-12">
          <h2 id="different" className="font-bold text-2xl tracking-tight">
            {t("about.different.title")}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {DIFFERENTIATORS.map((d) => (
              <li key={d} className={card}>
                <h3 className="font-semibold">{t(`about.different.${d}.title`)}</h3>
                <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t(`about.different.${d}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how" className="mt-12">
          <h2 id="how" className="font-bold text-2xl tracking-tight">
            {t("about.how.title")}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2">
            {STEPS.map((s, i) => (
              <li key={s} className={`${card} flex gap-4`}>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {formatCount(i + 1, t.locale)}
                </span>
                <div>
                  <h3 className="font-semibold">{t(`about.step.${s}.title`)}</h3>
                  <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">{t(`about.step.${s}.text`)}</p>
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
            {t("about.nonprofits.title")}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {NONPROFITS.map((n) => (
              <li key={n}>
                <h3 className="font-semibold">{t(`about.nonprofits.${n}.title`)}</h3>
                <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
                  {t(`about.nonprofits.${n}.text`)}
                  {n === "ai" ? (
                    <>
                      {" "}
                      <Link
                        to={href("/docs/:docId", { docId: "krystal-integration" })}
                        className="text-brand-700 underline dark:text-brand-200"
                      >
                        {t("about.nonprofits.ai.link")}
                      </Link>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-slate-700 text-sm dark:text-slate-300">
            {t("about.nonprofits.offer", { plan: CARD_PRO.name })}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={href("/fundraising")} className={btnPrimary}>
              {t("about.nonprofits.browse")}
            </Link>
            <Link to={`${href("/settings/integrations")}#krystal`} className={btnSecondary}>
              {t("about.nonprofits.sync")}
            </Link>
          </div>
        </section>
      </div>
      <CtaBanner
        title={t("about.cta.title")}
        text={t("about.cta.text")}
        to={`${href("/auth")}?mode=signup`}
        label={t("about.cta.title")}
      />
      <p className="mx-auto mt-6 flex max-w-5xl flex-wrap gap-6 px-4 sm:px-6">
        <ExternalLink href={SITE.demoPath} className={linkClass} newTab={t("about.newTab")}>
          {t("about.demo")}
        </ExternalLink>
        <Link to={href("/")} className={linkClass}>
          {t("about.home")}
        </Link>
      </p>
      <div className="h-16" />
    </>
  );
}
