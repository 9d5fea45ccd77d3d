import { SampleEvent, sampleText } from "~/components/marketing/sample-event";
import { findEvent } from "~/content/events";
import { negotiateLocale } from "~/lib/i18n/locales";
import { sitePageWords } from "~/lib/i18n/sitepage-words";
import { sitePageSay } from "~/lib/i18n/sitepages";
import { localizedPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { notFound } from "~/server/platform/http.server";
import type { Route } from "./+types/sample-event";

// Static (only /site.js) and in the visitor's language: the loader sends the words.
export const handle = localizedPage;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Event");
  const t = sitePageSay(loaderData.words);
  return pageMeta(sampleText(t, loaderData.sample, "title"), sampleText(t, loaderData.sample, "description"));
};

/** One of the landing page's sample events: its address is fixed in the route table, its dates move with today. */
export function loader({ request }: Route.LoaderArgs) {
  const id =
    new URL(request.url).pathname
      .replace(/\.data$/, "")
      .split("/")
      .pop() ?? "";
  const sample = findEvent(id, dayInZone(new Date(), "UTC"));
  if (!sample) notFound();
  return { sample, words: sitePageWords(negotiateLocale(request).locale, "sample") };
}

export default function SampleEventPage({ loaderData }: Route.ComponentProps) {
  return <SampleEvent event={loaderData.sample} t={sitePageSay(loaderData.words)} />;
}
