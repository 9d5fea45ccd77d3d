import { href, Link, Outlet } from "react-router";
import { SectionNav } from "~/components/section-nav";
import { appContext } from "~/context";
import { getUser } from "~/server/account/user.server";
import { isOperator } from "~/server/billing/plans.server";
import { runBillingIntent } from "./+shared/intents.server";
import { muted } from "./+shared/parts";
import type { Route } from "./+types/_layout";

/** What every plan page shows around its sections: the heading, the sections' links, the operator's links. */
export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { operator: isOperator(app.env, getUser(context)) };
}

/**
 * A form posted to /settings/billing itself (the trial button on locked pages, scripts) runs like one
 * posted from the overview, which shows the answer.
 */
export const action = (args: Route.ActionArgs) => runBillingIntent(args);

const SECTIONS = [
  [href("/settings/billing"), "All"],
  [href("/settings/billing/subscription"), "Subscription and invoices"],
  [href("/settings/billing/nonprofit"), "Nonprofit offer"],
] as const;

export default function BillingLayout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={href("/settings")} className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Plan and billing</h1>
      <SectionNav label="Plan and billing" sections={SECTIONS} />
      <Outlet context={actionData} />
      {loaderData.operator ? (
        <p className={`mt-6 ${muted}`}>
          You are an operator.{" "}
          <Link to={href("/admin/nonprofits")} className="font-medium text-brand-700 underline dark:text-brand-200">
            Review nonprofit applications
          </Link>{" "}
          ·{" "}
          <Link to={href("/admin/campaigns")} className="font-medium text-brand-700 underline dark:text-brand-200">
            Review home page feature requests
          </Link>
        </p>
      ) : null}
    </section>
  );
}
