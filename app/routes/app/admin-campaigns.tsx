import { data, Form, href } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { formatPlanDate } from "~/lib/plans";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { isOperator } from "~/server/billing/plans.server";
import { decideFeatureRequest, featureRequests } from "~/server/fundraising/campaigns.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-campaigns";

export const meta = () => [...pageMeta("Home page feature requests"), { name: "robots", content: "noindex" }];

/** Only operators (OPERATOR_EMAILS) reach this page; to anyone else it does not exist. */
function requireOperator(context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (!isOperator(app.env, user)) notFound();
  return app;
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireOperator(context);
  const rows = await featureRequests(app.db);
  return { requests: rows.map((r) => ({ ...r, requestedAt: r.requestedAt?.toISOString() ?? null })) };
}

const decisionSchema = z.object({
  id: z.string().trim().min(1).max(100),
  intent: z.enum(["approve", "decline"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireOperator(context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose a request and a decision" }, { status: 400 });
  const approve = parsed.data.intent === "approve";
  if (!(await decideFeatureRequest(app.env, app.db, parsed.data.id, approve)))
    return redirectWithToast(href("/admin/campaigns"), {
      type: "info",
      title: "Already decided",
      description: "Someone decided this request before you, or the owner withdrew it; nothing changed.",
    });
  return redirectWithToast(href("/admin/campaigns"), {
    type: "success",
    title: approve ? "Featured on the home page" : "Declined",
  });
}

const button = "rounded-md px-3 py-2 font-semibold text-sm";

export default function CampaignFeatureAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Home page feature requests</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Read the campaign page before approving: an approved campaign appears on KnowWho's own home page.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}
      {requests.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">No requests waiting.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {requests.map((r) => (
            <li
              key={r.id}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              data-testid="request"
            >
              <h2 className="break-words font-semibold text-lg">
                <a href={`/fundraising/${r.id}`} className="underline">
                  {r.title}
                </a>
              </h2>
              <p className="break-words text-sm">
                {r.organization} · {r.status === "active" ? "published" : r.status} · {r.ownerEmail ?? "no owner"}
                {r.requestedAt ? ` · asked ${formatPlanDate(r.requestedAt)}` : ""}
              </p>
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={r.id} />
                <button
                  type="submit"
                  name="intent"
                  value="approve"
                  className={`${button} bg-green-700 text-white hover:bg-green-800`}
                >
                  Approve<span className="sr-only"> {r.title}</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  className={`${button} border border-slate-300 dark:border-slate-700`}
                >
                  Decline<span className="sr-only"> {r.title}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
