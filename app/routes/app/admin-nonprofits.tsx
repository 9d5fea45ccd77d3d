import { data, href } from "react-router";
import { z } from "zod";
import { DecisionButtons, OperatorQueue, queueItemClass } from "~/components/operator-queue";
import { countryName } from "~/lib/billing/nonprofit-form";
import { formatPlanDate } from "~/lib/billing/plans";
import { pageMeta } from "~/lib/site";
import { decideApplication, listApplications } from "~/server/billing/nonprofit.server";
import { readDecision, requireOperator } from "~/server/billing/operator.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-nonprofits";

export const meta = () => [...pageMeta("Nonprofit applications"), { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { app } = requireOperator(context);
  const rows = await listApplications(app.db);
  return {
    applications: rows.map((r) => ({
      ...r,
      countryName: countryName(r.country),
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app, user } = requireOperator(context);
  const decision = await readDecision(request, z.coerce.number().int().positive());
  if (!decision) return data({ error: "Choose an application and a decision" }, { status: 400 });
  const decided = await decideApplication(app.db, decision.id, decision.intent, user.email);
  if (!decided)
    return redirectWithToast(href("/admin/nonprofits"), {
      type: "info",
      title: "Already decided",
      description: "Someone decided this application before you; nothing changed.",
    });
  return redirectWithToast(href("/admin/nonprofits"), {
    type: "success",
    title: decided.status === "approved" ? "Approved" : "Declined",
    description: decided.endsAt
      ? `Card Pro until ${formatPlanDate(decided.endsAt)}; the owner was notified.`
      : "The owner was notified.",
  });
}

const term = "text-slate-600 dark:text-slate-300";

export default function NonprofitAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { applications } = loaderData;
  return (
    <OperatorQueue
      title="Nonprofit applications"
      intro="Check each organisation's registration before approving: approval gives the account 3 months of Card Pro."
      error={actionData?.error}
      empty={applications.length ? null : "No applications yet."}
    >
      {applications.map((a) => (
        <li key={a.id} className={queueItemClass} data-testid="application">
          <h2 className="font-semibold text-lg">{a.organisation}</h2>
          <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className={term}>Registered in</dt>
            <dd>{a.countryName}</dd>
            <dt className={term}>Registration number</dt>
            <dd>{a.registrationNumber}</dd>
            {a.website ? (
              <>
                <dt className={term}>Website</dt>
                <dd className="break-all">{a.website}</dd>
              </>
            ) : null}
            <dt className={term}>Account</dt>
            <dd className="break-all">
              {a.ownerName} ({a.ownerEmail}){a.team ? `, for the team ${a.team}` : null}
            </dd>
            <dt className={term}>Sent</dt>
            <dd>{formatPlanDate(a.createdAt)}</dd>
          </dl>
          {a.status === "pending" ? (
            <DecisionButtons id={a.id} name={a.organisation} />
          ) : (
            <p className="mt-2 font-semibold text-sm">
              {`${a.status === "approved" ? "Approved" : "Declined"}${a.decidedAt ? ` on ${formatPlanDate(a.decidedAt)}` : ""} by ${a.decidedBy ?? "an operator"}`}
            </p>
          )}
        </li>
      ))}
    </OperatorQueue>
  );
}
