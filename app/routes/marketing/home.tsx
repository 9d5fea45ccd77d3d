import { Landing } from "~/components/marketing/landing";
import { appContext } from "~/context";
import { pageMeta, SITE } from "~/lib/site";
import { featuredCampaigns } from "~/server/campaigns.server";
import type { Route } from "./+types/home";

export const meta = () => pageMeta(SITE.name);

/** Campaigns are not awaited: the page streams and shows placeholders until they arrive. */
export function loader({ context }: Route.LoaderArgs) {
  return { campaigns: featuredCampaigns(context.get(appContext).db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <Landing campaigns={loaderData.campaigns} />;
}
