import { data, href, Link } from "react-router";
import { linkClass } from "~/components/marketing/page";
import { UpdateMeta } from "~/components/marketing/update-meta";
import { findUpdate } from "~/content/updates";
import { negotiateLocale } from "~/lib/i18n/locales";
import { pageWords } from "~/lib/i18n/page-words";
import { pageSay } from "~/lib/i18n/pages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/update";

export function loader({ params, request }: Route.LoaderArgs) {
  const update = findUpdate(params.id);
  if (!update) throw data("Update not found", { status: 404 });
  return { update, words: pageWords(negotiateLocale(request).locale, "updates") };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.update.title, loaderData.update.content) : pageMeta("Update not found");

/** Reading only: no framework JavaScript. The frame in the visitor's language, the update in English (0285). */
export const handle = localizedPage;

export default function UpdatePage({ loaderData }: Route.ComponentProps) {
  const { update } = loaderData;
  const t = pageSay(loaderData.words);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/updates")} className={linkClass}>
        {t("updates.all")}
      </Link>
      <UpdateMeta update={update} t={t} className="mt-6" />
      {t.locale === "en" ? null : (
        <p className="mt-4 text-slate-600 text-sm dark:text-slate-300">{t("updates.english")}</p>
      )}
      <div lang="en" dir="ltr">
        <h1 className="mt-3 font-extrabold text-3xl tracking-tight sm:text-4xl">{update.title}</h1>
        {update.body.map((p) => (
          <p key={p} className="mt-4 text-lg text-slate-700 leading-relaxed dark:text-slate-300">
            {p}
          </p>
        ))}
      </div>
    </article>
  );
}
