import { SampleEvent } from "~/components/marketing/sample-event";
import { findEvent } from "~/content/events";
import { pageMeta } from "~/lib/site";
import { dayInZone } from "~/lib/time/time";
import { notFound } from "~/server/platform/http.server";
import type { Route } from "./+types/sample-event";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.sample.title, loaderData.sample.description) : pageMeta("Event");

/** One of the landing page's sample events: its address is fixed in the route table, its dates move with today. */
export function loader({ request }: Route.LoaderArgs) {
  const id =
    new URL(request.url).pathname
      .replace(/\.data$/, "")
      .split("/")
      .pop() ?? "";
  const sample = findEvent(id, dayInZone(new Date(), "UTC"));
  if (!sample) notFound();
  return { sample };
}

export default function SampleEventPage({ loaderData }: Route.ComponentProps) {
  return <SampleEvent event={loaderData.sample} />;
}
