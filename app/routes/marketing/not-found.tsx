import { data } from "react-router";
import { Landing } from "~/components/marketing/landing";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { marketingWords } from "~/lib/i18n/marketing-words";
import { sampleTitles, sitePageWords } from "~/lib/i18n/sitepage-words";
import { around, sitePageSay } from "~/lib/i18n/sitepages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { featuredCampaigns } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = negotiateLocale(request);
  return data(
    {
      path: new URL(request.url).pathname,
      campaigns: await featuredCampaigns(context.get(appContext).db).catch(() => null),
      today: dayInZone(new Date(), "UTC"),
      // The notice and the landing below it in one language, the visitor's.
      words: marketingWords(locale),
      notice: sitePageWords(locale, "notFound"),
      sampleTitles: sampleTitles(locale),
    },
    { status: 404 },
  );
}

export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? sitePageSay(loaderData.notice)("notFound.title") : "Page not found"),
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const [before, after] = around(sitePageSay(loaderData.notice), "notFound.notice", "path");
  return (
    <>
      <div
        role="status"
        className="border-amber-200 border-b bg-amber-50 px-4 py-3 text-center text-amber-950 text-sm dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        {before}
        <code dir="ltr" className="break-all font-mono">
          {loaderData.path}
        </code>
        {after}
      </div>
      <Landing
        campaigns={loaderData.campaigns}
        today={loaderData.today}
        words={loaderData.words}
        sampleTitles={loaderData.sampleTitles}
      />
    </>
  );
}
