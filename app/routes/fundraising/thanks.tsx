import { data, href, Link } from "react-router";
import { LanguageSwitch } from "~/components/language-switch";
import { linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { translator, withCatalog } from "~/lib/i18n/translate";
import { localizedPageWithSwitch } from "~/lib/platform/page-handle";
import { campaignShareLinks, pageMeta } from "~/lib/site";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/thanks";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const c = await getCampaign(context.get(appContext).db, params.id);
  const { locale } = negotiateLocale(request);
  const t = translator(locale);
  if (!c) throw data(t("giving.notFound"), { status: 404 });
  const url = `${new URL(request.url).origin}/fundraising/${encodeURIComponent(c.id)}?src=link`;
  const share = campaignShareLinks(url, c.title, {
    words: t("thanks.shareWords", { campaign: c.title }),
    email: t("thanks.shareEmail"),
  });
  return { title: c.title, organization: c.organization, id: c.id, url, share, locale };
}

/** A client navigation here renders in the page's language: its catalog is loaded first (decision 0270). */
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalog(args);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(translator(loaderData?.locale ?? "en")("thanks.pageTitle")),
  { name: "robots", content: "noindex" },
];
export const handle = localizedPageWithSwitch;

export default function Thanks({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.locale);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <LanguageSwitch locale={loaderData.locale} label={t("lang.label")} className="mb-6 text-start" />
      <h1 className="font-bold text-3xl tracking-tight">{t("thanks.title")}</h1>
      <p className="mt-4 text-lg">
        {t("thanks.body", { campaign: loaderData.title, organization: loaderData.organization })}
      </p>
      <h2 className="mt-10 font-semibold text-lg">{t("thanks.ask")}</h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label={t("thanks.shareLabel")}>
        {loaderData.share.map((s) => (
          <li key={s.network}>
            <a
              href={s.href}
              target={s.network === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="inline-block rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-600"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 break-all text-slate-600 text-sm dark:text-slate-300">
        {t("thanks.copy")}{" "}
        <span data-testid="share-url" dir="ltr">
          {loaderData.url}
        </span>
      </p>
      <Link to={href("/fundraising/:id", { id: String(loaderData.id) })} className={`${linkClass} mt-8 inline-block`}>
        {t("thanks.back")}
      </Link>
    </section>
  );
}
