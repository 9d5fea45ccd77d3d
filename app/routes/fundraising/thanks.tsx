import { data, href, Link } from "react-router";
import { linkClass } from "~/components/marketing/page";
import { appContext } from "~/context";
import { staticPage } from "~/lib/platform/page-handle";
import { campaignShareLinks, pageMeta } from "~/lib/site";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import type { Route } from "./+types/thanks";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const c = await getCampaign(context.get(appContext).db, params.id);
  if (!c) throw data("Campaign not found", { status: 404 });
  const url = `${new URL(request.url).origin}/fundraising/${encodeURIComponent(c.id)}?src=link`;
  return { title: c.title, organization: c.organization, id: c.id, url, share: campaignShareLinks(url, c.title) };
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
      <h2 className="mt-10 font-semibold text-lg">Ask a friend to give too</h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label="Share this campaign">
        {loaderData.share.map((s) => (
          <li key={s.network}>
            <a
              href={s.href}
              target={s.network === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="inline-block rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm dark:border-slate-600"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 break-all text-slate-600 text-sm dark:text-slate-300">
        Or copy the link: <span data-testid="share-url">{loaderData.url}</span>
      </p>
      <Link to={href("/fundraising/:id", { id: String(loaderData.id) })} className={`${linkClass} mt-8 inline-block`}>
        Back to the campaign
      </Link>
    </section>
  );
}
