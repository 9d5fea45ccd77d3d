import { href, Link, useNavigation } from "react-router";
import { pageMeta } from "~/lib/site";
import { loadCampaignEdit, runCampaignEdit } from "./+shared/campaign-edit.server";
import { CampaignForm, CampaignImage, CampaignNetworking, CampaignStatus } from "./+shared/campaign-edit-parts";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.c ? `Edit ${loaderData.c.title}` : "New campaign"),
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => loadCampaignEdit(args);

export const action = (args: Route.ActionArgs) => runCampaignEdit(args);

export default function CampaignEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { c, hasGifts, networking } = loaderData;
  const idle = useNavigation().state === "idle";
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to={c ? href("/campaigns/:id", { id: String(c.id) }) : href("/campaigns")}
        className="text-brand-700 text-sm underline dark:text-brand-200"
      >
        ← {c ? c.title : "Your campaigns"}
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{c ? "Edit campaign" : "New campaign"}</h1>
      {c ? <CampaignStatus c={c} /> : null}
      {c ? <CampaignImage c={c} serverError={actionData?.imageError ?? null} /> : null}
      {c && networking ? <CampaignNetworking c={c} networking={networking} /> : null}
      <CampaignForm c={c} hasGifts={hasGifts} lastResult={idle ? actionData?.reply : undefined} />
    </section>
  );
}
