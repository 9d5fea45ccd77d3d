import { Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { formatPlanDate, PRO_PRICE } from "~/lib/billing/plans";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { previewChange } from "~/server/billing/billing.server";
import { PaymentsError } from "~/server/payments/types";
import { runBillingIntent } from "./+shared/intents.server";
import { box, muted, primary, secondary } from "./+shared/parts";
import type { Route } from "./+types/change";

export const meta = () => [
  ...pageMeta("Change billing period · Plan and billing"),
  { name: "robots", content: "noindex" },
];

/** What switching would charge and when, from Stripe's invoice preview; nothing is charged here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const interval = new URL(request.url).searchParams.get("interval") === "year" ? "year" : "month";
  const [preview, settings] = await Promise.all([
    previewChange(app, user.workspace.id, interval).catch((error) => {
      if (error instanceof PaymentsError) return "unavailable" as const;
      throw error;
    }),
    shellSettings(context, request),
  ]);
  // Said on the page, not by a redirect: a form posted here still gets its own answer (a 400 stays a 400).
  if (preview === "unavailable" || !preview) return { interval, preview: null, failed: preview === "unavailable" };
  return {
    interval,
    failed: false,
    preview: {
      amountDue: preview.amountDue,
      credit: preview.total < 0 ? -preview.total : 0,
      currency: preview.currency,
      at: preview.prorationDate,
      timeZone: settings.timeZone,
    },
  };
}

export const action = (args: Route.ActionArgs) => runBillingIntent(args);

export default function ChangePlan({ loaderData }: Route.ComponentProps) {
  const d = loaderData.preview;
  const yearly = loaderData.interval === "year";
  if (!d)
    return (
      <section className={`mt-6 ${box}`}>
        <p role="status">
          {loaderData.failed
            ? "We couldn't reach the payment provider. Nothing was charged or changed. Please try again in a minute."
            : `Nothing to change: you are not on a subscription billed ${yearly ? "monthly" : "yearly"}.`}
        </p>
        <Link to={href("/settings/billing")} className={`${secondary} mt-3`}>
          Back to Plan and billing
        </Link>
      </section>
    );
  const when = formatPlanDate(new Date(d.at * 1000).toISOString(), d.timeZone);
  return (
    <section aria-labelledby="change-title" className={`mt-6 ${box}`}>
      <h2 id="change-title" className="font-semibold text-lg">
        {yearly ? "Switch to yearly billing" : "Switch to monthly billing"}
      </h2>
      <p className="mt-3 text-lg" data-testid="change-amount">
        {d.amountDue > 0
          ? `${formatMoney(d.amountDue, d.currency)} will be charged on ${when}.`
          : `Nothing is charged on ${when}.`}
      </p>
      <p className={`mt-1 ${muted}`}>
        {d.amountDue > 0
          ? `That is ${yearly ? `a year of Card Pro (${PRO_PRICE.yearly} USD)` : `a month of Card Pro (${PRO_PRICE.monthly} USD)`} less the unused part of your current period.`
          : d.credit > 0
            ? `The unused part of your current period, ${formatMoney(d.credit, d.currency)}, is a credit towards your next bills.`
            : "Your next payment is at the end of your current period (or your trial)."}{" "}
        {yearly ? `Then ${PRO_PRICE.yearly} USD a year.` : `Then ${PRO_PRICE.monthly} USD a month.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="switch" />
          <input type="hidden" name="interval" value={loaderData.interval} />
          <input type="hidden" name="confirm" value={d.at} />
          <button type="submit" className={primary}>
            {d.amountDue > 0 ? `Pay ${formatMoney(d.amountDue, d.currency)} and switch` : "Switch"}
          </button>
        </Form>
        <Link to={href("/settings/billing")} className={secondary}>
          Keep my current billing
        </Link>
      </div>
    </section>
  );
}
