import { Form, href, Link } from "react-router";
import { CampaignCard } from "~/components/marketing/campaign-card";
import { PageHero } from "~/components/marketing/page";
import { appContext } from "~/context";
import { CAMPAIGN_CATEGORIES, CAMPAIGN_STATUSES, CATEGORY_LABELS } from "~/lib/fundraising/campaign";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { listCampaigns } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/campaigns";

const pick = <T extends string>(value: string | null, allowed: readonly T[]) =>
  allowed.includes(value as T) ? (value as T) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = pick(url.searchParams.get("category"), CAMPAIGN_CATEGORIES);
  const status = pick(url.searchParams.get("status"), CAMPAIGN_STATUSES);
  const campaigns = await listCampaigns(context.get(appContext).db, { category, status });
  return { campaigns, category, status };
}

export const meta = () =>
  pageMeta(
    "Fundraising campaigns",
    "Campaigns from nonprofits using KnowWho: environment, education, animals, community and the arts.",
  );

// Strangers' phones get the server's HTML and /site.js, not React (at most 60 KB of script).
export const handle = staticPage;

const select = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, category, status } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Fundraising"
        title="Campaigns that start with a conversation"
        intro="Causes championed by the nonprofits and fundraisers who network with KnowWho."
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        {/* A GET form: filters work without JavaScript and the URL can be shared. */}
        {/* Keyed on the filters, so the selects follow the URL after "Show all" or Back. */}
        <Form
          key={`${category ?? ""}:${status ?? ""}`}
          method="get"
          className="flex flex-wrap items-end gap-4"
          onChange={(e) => e.currentTarget.requestSubmit()}
          data-autosubmit=""
        >
          <label className="text-sm">
            <span className="mb-1 block font-medium">Category</span>
            <select name="category" defaultValue={category ?? ""} className={select}>
              <option value="">All categories</option>
              {CAMPAIGN_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium">Status</span>
            <select name="status" defaultValue={status ?? ""} className={select}>
              <option value="">All statuses</option>
              <option value="active">Active</option>
              <option value="past">Past</option>
            </select>
          </label>
          <noscript>
            <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white">
              Apply
            </button>
          </noscript>
        </Form>
        <p role="status" className="mt-6 text-slate-600 text-sm dark:text-slate-300">
          {campaigns.length} {campaigns.length === 1 ? "campaign" : "campaigns"}
        </p>
        {/* The cards' titles are h3s: a heading of their own level first, so the outline has no gap (axe). */}
        <h2 className="sr-only">Campaigns</h2>
        {campaigns.length ? (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {campaigns.map((c) => (
              <li key={c.id}>
                <CampaignCard c={c} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-xl bg-slate-100 p-6 text-center dark:bg-slate-900">
            No campaigns match these filters.{" "}
            <Link to={href("/fundraising")} className="font-semibold underline">
              Show all campaigns
            </Link>
          </p>
        )}
      </div>
    </>
  );
}
