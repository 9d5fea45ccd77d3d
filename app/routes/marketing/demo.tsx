import { href, Link } from "react-router";
import { negotiateLocale } from "~/lib/i18n/locales";
import { sitePageWords } from "~/lib/i18n/sitepage-words";
import { sitePageSay } from "~/lib/i18n/sitepages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/demo";

// Static (only /site.js) and in the visitor's language: the loader sends the words.
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Product tour");
  const t = sitePageSay(loaderData.words);
  return pageMeta(t("demo.title"), t("demo.description", { site: SITE.name }));
};

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: sitePageWords(negotiateLocale(request).locale, "demo"),
});

const TOUR = ["card", "share", "back", "follow"] as const;

export default function Demo({ loaderData }: Route.ComponentProps) {
  const t = sitePageSay(loaderData.words);
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">{t("demo.title")}</h1>
      <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{t("demo.lead", { site: SITE.name })}</p>
      <ol className="mt-8 space-y-6">
        {TOUR.map((step) => (
          <li key={step} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
            <h2 className="font-semibold text-xl">{t(`demo.step.${step}.title`)}</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t(`demo.step.${step}.text`, { share: t("card.share") })}
            </p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <a href="/c/demo" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          {t("demo.open")}
        </a>
        <Link
          to={`${href("/auth")}?mode=signup`}
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold dark:border-slate-700"
        >
          {t("demo.create")}
        </Link>
      </div>
    </section>
  );
}
