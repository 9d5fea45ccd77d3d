import { useRouteLoaderData } from "react-router";
import { JsonLd } from "~/components/marketing/json-ld";
import { Landing } from "~/components/marketing/landing";
import { appContext } from "~/context";
import { negotiateLocale } from "~/lib/i18n/locales";
import { marketingWords } from "~/lib/i18n/marketing-words";
import { sampleTitles } from "~/lib/i18n/sitepage-words";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta, SITE } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import type { RootData } from "~/root";
import { featuredCampaigns } from "~/server/fundraising/campaigns.server";
import { asPublicEvent, upcomingOrgEvents } from "~/server/organiser-events/events.server";
import type { Route } from "./+types/home";

// Static (only /site.js) and in the visitor's language: the loader sends the words (decision 0283).
export const handle = localizedPage;

export const meta = () => pageMeta(SITE.name);

/**
 * Campaigns are awaited: a page without framework JavaScript has nothing to fill in a streamed placeholder,
 * and anonymous visitors get the whole page from the edge cache anyway. null when they cannot be read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = negotiateLocale(request);
  return {
    words: marketingWords(locale),
    sampleTitles: sampleTitles(locale),
    campaigns: await featuredCampaigns(context.get(appContext).db).catch(() => null),
    events: await upcomingOrgEvents(context.get(appContext).db)
      .then((list) => list.map(asPublicEvent))
      .catch(() => []),
    today: dayInZone(new Date(), "UTC"),
  };
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
      <Landing
        campaigns={loaderData.campaigns}
        today={loaderData.today}
        events={loaderData.events}
        words={loaderData.words}
        sampleTitles={loaderData.sampleTitles}
      />
    </>
  );
}
