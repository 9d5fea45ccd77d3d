import { data, Link } from "react-router";
import { ProgressBar } from "~/components/marketing/campaign-card";
import { btnPrimary, card, formatDate, linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { CATEGORY_LABELS, daysLeft, usd } from "~/lib/campaign";
import { staticPage } from "~/lib/page-handle";
import { pageMeta } from "~/lib/site";
import { getCampaign } from "~/server/campaigns.server";
import type { Route } from "./+types/campaign";

export async function loader({ params, context }: Route.LoaderArgs) {
  const c = await getCampaign(context.get(appContext).db, params.id);
  if (!c) throw data("Campaign not found", { status: 404 });
  return { c, daysLeft: c.status === "active" ? daysLeft(c.endDate) : 0 };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta(loaderData.c.title, loaderData.c.description) : pageMeta("Campaign not found");

/** Reading only: no framework JavaScript. */
export const handle = staticPage;

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { c, daysLeft: left } = loaderData;
  const average = c.donorCount ? Math.round(c.amountRaised / c.donorCount) : 0;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Link to="/fundraising" className={linkClass}>
        ← All campaigns
      </Link>
      <p className="mt-6 font-semibold text-slate-600 text-sm uppercase tracking-wide dark:text-slate-300">
        {CATEGORY_LABELS[c.category]} · {c.location}
      </p>
      <h1 className="mt-2 font-extrabold text-3xl tracking-tight sm:text-4xl">{c.title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        by {c.organization}, organised by {c.organizerName}
      </p>
      <div className="mt-8 grid gap-8 md:grid-cols-3">
        <div className="space-y-6 md:col-span-2">
          <p className="text-lg text-slate-700 dark:text-slate-300">{c.description}</p>
          <p className="text-slate-700 leading-relaxed dark:text-slate-300">{c.extendedDescription}</p>
          <section>
            <h2 className="font-bold text-xl">Mission</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{c.mission}</p>
          </section>
          <section>
            <h2 className="font-bold text-xl">Impact</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{c.impact}</p>
          </section>
        </div>
        <aside className={`${card} h-fit space-y-4`}>
          <ProgressBar amountRaised={c.amountRaised} goal={c.goal} />
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Donors</dt>
              <dd className="font-semibold">{c.donorCount.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Average gift</dt>
              <dd className="font-semibold">{usd(average)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">{c.status === "active" ? "Days left" : "Ended"}</dt>
              <dd className="font-semibold">{c.status === "active" ? left : formatDate(c.endDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Started</dt>
              <dd className="font-semibold">{formatDate(c.startDate)}</dd>
            </div>
          </dl>
          {c.status === "active" ? (
            <Link to={`/contact`} className={`${btnPrimary} w-full`}>
              Contact the organiser to give
            </Link>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
