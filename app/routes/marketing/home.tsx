import { useRouteLoaderData } from "react-router";
import { JsonLd } from "~/components/marketing/json-ld";
import { Landing } from "~/components/marketing/landing";
import { appContext } from "~/context";
import { dayInZone } from "~/lib/events";
import { pageMeta, SITE } from "~/lib/site";
import type { RootData } from "~/root";
import { featuredCampaigns } from "~/server/campaigns.server";
import type { Route } from "./+types/home";

export const meta = () => pageMeta(SITE.name);

/** Campaigns are not awaited: the page streams and shows placeholders until they arrive. */
export function loader({ context }: Route.LoaderArgs) {
  return { campaigns: featuredCampaigns(context.get(appContext).db), today: dayInZone(new Date(), "UTC") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const origin = useRouteLoaderData<RootData>("root")?.origin ?? "";
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Organization",
          name: SITE.name,
          slogan: SITE.tagline,
          description: SITE.description,
          url: `${origin}/`,
          logo: `${origin}/favicon.svg`,
          email: SITE.supportEmail,
          contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: SITE.supportEmail },
        }}
      />
      <Landing campaigns={loaderData.campaigns} today={loaderData.today} />
    </>
  );
}
