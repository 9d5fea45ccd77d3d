import { href, Link } from "react-router";
import { card, linkClass, PageHero } from "~/components/marketing/page";
import { UpdateMeta } from "~/components/marketing/update-meta";
import { UPDATES } from "~/content/updates";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import type { Route } from "./+types/updates";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Product updates");
  const t = pageSay(loaderData.words);
  return pageMeta(t("updates.title"), t("updates.description", { site: SITE.name }));
};

export const loader = ({ request }: Route.LoaderArgs) => ({
  words: pageWords(negotiateLocale(request).locale, "updates"),
});

/**
 * Reading only: no framework JavaScript. The page's frame is in the visitor's language; each update is written
 * in English, and says so (decision 0285).
 */
export const handle = localizedPage;

export default function Updates({ loaderData }: Route.ComponentProps) {
  const t = pageSay(loaderData.words);
  return (
    <>
      <PageHero eyebrow={t("updates.eyebrow")} title={t("updates.title")} intro={t("updates.intro")} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-slate-100 p-4 dark:bg-slate-900">
          <p className="text-slate-700 text-sm dark:text-slate-300">{t("updates.notify.text")}</p>
          <Link to={href("/settings")} className={linkClass}>
            {t("updates.notify.link")}
          </Link>
        </div>
        {t.locale === "en" ? null : (
          <p className="mb-6 text-slate-600 text-sm dark:text-slate-300">{t("updates.english")}</p>
        )}
        <ol className="space-y-6">
          {UPDATES.map((u) => (
            <li key={u.id} className={card}>
              <UpdateMeta update={u} t={t}>
                {u.isNew ? (
                  <span className="rounded-full bg-rose-600 px-2 py-0.5 font-bold text-white text-xs">
                    {t("updates.new")}
                  </span>
                ) : null}
              </UpdateMeta>
              <h2 lang="en" dir="ltr" className="mt-3 font-bold text-xl">
                {u.title}
              </h2>
              <p lang="en" dir="ltr" className="mt-2 text-slate-700 dark:text-slate-300">
                {u.content}
              </p>
              <div className="mt-4 flex flex-wrap gap-4 text-sm">
                <Link
                  to={href("/updates/:id", { id: u.id })}
                  className={linkClass}
                  aria-label={t("updates.readMoreLabel", { title: u.title })}
                >
                  {t("updates.readMore")}
                </Link>
                <Link
                  to={`${href("/help")}#contact-form`}
                  className={linkClass}
                  aria-label={t("updates.feedbackLabel", { title: u.title })}
                >
                  {t("updates.feedback")}
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
