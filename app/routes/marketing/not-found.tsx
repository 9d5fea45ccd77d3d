import { data } from "react-router";
import { Landing } from "~/components/marketing/landing";
import { appContext } from "~/context";
import { marketingWords } from "~/lib/i18n/marketing-words";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { featuredCampaigns } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(
    {
      path: new URL(request.url).pathname,
      campaigns: await featuredCampaigns(context.get(appContext).db).catch(() => null),
      today: dayInZone(new Date(), "UTC"),
      // Its notice is English, so the landing below it is too: one language per page.
      words: marketingWords("en"),
    },
    { status: 404 },
  );
}

export const handle = staticPage;

export const meta = () => [...pageMeta("Page not found"), { name: "robots", content: "noindex" }];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div
        role="status"
        className="border-amber-200 border-b bg-amber-50 px-4 py-3 text-center text-amber-950 text-sm dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        We couldn't find <code className="break-all font-mono">{loaderData.path}</code>. Here's our home page instead.
      </div>
      <Landing campaigns={loaderData.campaigns} today={loaderData.today} words={loaderData.words} />
    </>
  );
}
