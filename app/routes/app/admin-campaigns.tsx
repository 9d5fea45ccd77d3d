import { data, href } from "react-router";
import { z } from "zod";
import { DecisionButtons, OperatorQueue, queueItemClass } from "~/components/operator-queue";
import { formatPlanDate } from "~/lib/billing/plans";
import { pageMeta } from "~/lib/site";
import { readDecision, requireOperator } from "~/server/billing/operator.server";
import { decideFeatureRequest, featureRequests } from "~/server/fundraising/campaigns.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-campaigns";

export const meta = () => [...pageMeta("Home page feature requests"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { app } = requireOperator(context);
  const rows = await featureRequests(app.db);
  return { requests: rows.map((r) => ({ ...r, requestedAt: r.requestedAt?.toISOString() ?? null })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = requireOperator(context);
  const decision = await readDecision(request, z.string().trim().min(1).max(100));
  if (!decision) return data({ error: "Choose a request and a decision" }, { status: 400 });
  if (!(await decideFeatureRequest(app.env, app.db, decision.id, decision.approve)))
    return redirectWithToast(href("/admin/campaigns"), {
      type: "info",
      title: "Already decided",
      description: "Someone decided this request before you, or the owner withdrew it; nothing changed.",
    });
  return redirectWithToast(href("/admin/campaigns"), {
    type: "success",
    title: decision.approve ? "Featured on the home page" : "Declined",
  });
}

export default function CampaignFeatureAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <OperatorQueue
      title="Home page feature requests"
      intro="Read the campaign page before approving: an approved campaign appears on KnowWho's own home page."
      error={actionData?.error}
      empty={requests.length ? null : "No requests waiting."}
    >
      {requests.map((r) => (
        <li key={r.id} className={queueItemClass} data-testid="request">
          <h2 className="break-words font-semibold text-lg">
            <a href={`/fundraising/${r.id}`} className="underline">
              {r.title}
            </a>
          </h2>
          <p className="break-words text-sm">
            {r.organization} · {r.status === "active" ? "published" : r.status} · {r.ownerEmail ?? "no owner"}
            {r.requestedAt ? ` · asked ${formatPlanDate(r.requestedAt)}` : ""}
          </p>
          <DecisionButtons id={r.id} name={r.title} />
        </li>
      ))}
    </OperatorQueue>
  );
}
