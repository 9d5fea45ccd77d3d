import { data, Form, href } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { countryName } from "~/lib/nonprofit-form";
import { formatPlanDate } from "~/lib/plans";
import { pageMeta } from "~/lib/site";
import { getUser } from "~/server/account/user.server";
import { decideApplication, listApplications } from "~/server/billing/nonprofit.server";
import { isOperator } from "~/server/billing/plans.server";
import { notFound } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-nonprofits";

export const meta = () => [...pageMeta("Nonprofit applications"), { name: "robots", content: "noindex" }];

/** Only operators (OPERATOR_EMAILS) reach this page; to anyone else it does not exist. */
function requireOperator(context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  if (!isOperator(app.env, user)) notFound();
  return { app, user };
}

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

const decisionSchema = z.object({
  id: z.coerce.number().int().positive(),
  intent: z.enum(["approve", "decline"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { app, user } = requireOperator(context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose an application and a decision" }, { status: 400 });
  const decided = await decideApplication(app.db, parsed.data.id, parsed.data.intent, user.email);
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

const button = "rounded-md px-3 py-2 font-semibold text-sm";

export default function NonprofitAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { applications } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Nonprofit applications</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Check each organisation's registration before approving: approval gives the account 3 months of Card Pro.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}
      {applications.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">No applications yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {applications.map((a) => (
            <li
              key={a.id}
              className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
              data-testid="application"
            >
              <h2 className="font-semibold text-lg">{a.organisation}</h2>
              <dl className="mt-1 grid gap-x-4 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-slate-600 dark:text-slate-300">Registered in</dt>
                <dd>{a.countryName}</dd>
                <dt className="text-slate-600 dark:text-slate-300">Registration number</dt>
                <dd>{a.registrationNumber}</dd>
                {a.website ? (
                  <>
                    <dt className="text-slate-600 dark:text-slate-300">Website</dt>
                    <dd className="break-all">{a.website}</dd>
                  </>
                ) : null}
                <dt className="text-slate-600 dark:text-slate-300">Account</dt>
                <dd className="break-all">
                  {a.ownerName} ({a.ownerEmail})
                </dd>
                <dt className="text-slate-600 dark:text-slate-300">Sent</dt>
                <dd>{formatPlanDate(a.createdAt)}</dd>
              </dl>
              {a.status === "pending" ? (
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={a.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="approve"
                    className={`${button} bg-green-700 text-white hover:bg-green-800`}
                  >
                    Approve<span className="sr-only"> {a.organisation}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    className={`${button} border border-slate-300 dark:border-slate-700`}
                  >
                    Decline<span className="sr-only"> {a.organisation}</span>
                  </button>
                </Form>
              ) : (
                <p className="mt-2 font-semibold text-sm">
                  {`${a.status === "approved" ? "Approved" : "Declined"}${a.decidedAt ? ` on ${formatPlanDate(a.decidedAt)}` : ""} by ${a.decidedBy ?? "an operator"}`}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
