import { data, Link } from "react-router";
import { linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { staticPage } from "~/lib/page-handle";
import { pageMeta } from "~/lib/site";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/thanks";

export async function loader({ params, context }: Route.LoaderArgs) {
  const c = await getCampaign(context.get(appContext).db, params.id);
  if (!c) throw data("Campaign not found", { status: 404 });
  return { title: c.title, organization: c.organization, id: c.id };
}

export const meta = () => [...pageMeta("Thank you"), { name: "robots", content: "noindex" }];
export const handle = staticPage;

export default function Thanks({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Thank you!</h1>
      <p className="mt-4 text-lg">
        Your gift to {loaderData.title} is on its way to {loaderData.organization}. A receipt follows by email.
      </p>
      <Link to={`/fundraising/${loaderData.id}`} className={`${linkClass} mt-8 inline-block`}>
        Back to the campaign
      </Link>
    </section>
  );
}
