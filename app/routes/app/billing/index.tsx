import { href, Link, useOutletContext } from "react-router";
import { StartTrialForm } from "~/components/plan-gate";
import { SentNote } from "~/components/ui/field";
import { appContext } from "~/context";
import { can, FEATURE_KEYS, FEATURES, formatPlanDate, PRO_PRICE, TRIAL_DAYS } from "~/lib/billing/plans";
import { pageMeta } from "~/lib/site";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { runBillingIntent } from "./+shared/intents.server";
import { loadApplications, loadPlan, loadSubscription, nonprofitPrefill, type PlanData } from "./+shared/load.server";
import { box, muted } from "./+shared/parts";
import type { Route } from "./+types/index";
import { Nonprofit } from "./nonprofit";
import { SubscriptionAndInvoices } from "./subscription";

export const meta = () => [...pageMeta("Plan and billing"), { name: "robots", content: "noindex" }];

/** Every section on one page, as /settings/billing has always been; each also has its own page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [plan, sub, applications, prefill, settings] = await Promise.all([
    loadPlan(app, user.workspace.id),
    loadSubscription(app, user.workspace.id),
    loadApplications(app, user.workspace.id),
    nonprofitPrefill(app, user.workspace.id),
    shellSettings(context, request),
  ]);
  return {
    plan,
    ...sub,
    applications,
    prefill,
    checkout: new URL(request.url).searchParams.get("checkout"),
    timeZone: settings.timeZone,
  };
}

export const action = (args: Route.ActionArgs) => runBillingIntent(args);

export default function BillingOverview({ loaderData, actionData }: Route.ComponentProps) {
  // A post to the page's address without ?index (the trial button elsewhere, a script) is answered by the layout.
  const layoutAnswer = useOutletContext<unknown>();
  const answer = (actionData ?? layoutAnswer) as { nonprofit?: unknown } | undefined;
  const reply = answer && typeof answer === "object" && "nonprofit" in answer ? answer.nonprofit : undefined;
  return (
    <>
      {loaderData.checkout === "done" && !loaderData.subscription.live ? (
        <SentNote className="mt-4">
          Payment received. Card Pro turns on as soon as Stripe confirms it, usually within a minute.
        </SentNote>
      ) : null}
      <CurrentPlan plan={loaderData.plan} timeZone={loaderData.timeZone} />
      <SubscriptionAndInvoices data={loaderData} />
      <WhatsIncluded tier={loaderData.plan.tier} />
      <Nonprofit
        applications={loaderData.applications}
        prefill={loaderData.prefill}
        reply={reply as Parameters<typeof Nonprofit>[0]["reply"]}
        timeZone={loaderData.timeZone}
      />
    </>
  );
}

function CurrentPlan({ plan, timeZone }: { plan: PlanData; timeZone: string }) {
  const date = (iso: string) => formatPlanDate(iso, timeZone);
  const line =
    plan.source === "trial" && plan.endsAt
      ? `Your free trial ends on ${date(plan.endsAt)}. No card is on file, so nothing is charged; after that you are on Basic unless you subscribe.`
      : plan.source === "nonprofit" && plan.endsAt
        ? `The nonprofit offer gives you Card Pro free until ${date(plan.endsAt)}. We remind you two weeks before it ends.`
        : plan.source === "complimentary"
          ? "Card Pro is on the house for this account."
          : plan.source === "grace" && plan.endsAt
            ? `Your last payment failed. Card Pro stays on until ${date(plan.endsAt)} while you update your payment method.`
            : plan.source === "subscription" && plan.renewsAt
              ? `Renews on ${date(plan.renewsAt)}, ${plan.interval === "year" ? `${PRO_PRICE.yearly} USD a year` : `${PRO_PRICE.monthly} USD a month`}.`
              : plan.source === "subscription" && plan.endsAt
                ? `Cancelled: Card Pro stays on until ${date(plan.endsAt)}, the end of the billing cycle you paid for.`
                : plan.trialEndedAt
                  ? `Your Card Pro trial ended on ${date(plan.trialEndedAt)}. Everything you made is kept; Card Pro features are read-only until you subscribe.`
                  : "The free plan: your digital card, QR and link sharing, basic event tagging, connections and capture.";
  return (
    <section aria-labelledby="current-title" className={`mt-6 ${box}`}>
      <h2 id="current-title" className="font-semibold text-lg">
        Current plan
      </h2>
      <p className="mt-2 font-bold text-2xl" data-testid="current-plan">
        {plan.label}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="plan-line">
        {line}
      </p>
      {plan.trialAvailable ? (
        <div className="mt-4">
          <p className={muted}>
            {`Try every Card Pro feature free for ${TRIAL_DAYS} days. No credit card required, nothing to cancel.`}
          </p>
          <div className="mt-3">
            <StartTrialForm />
          </div>
        </div>
      ) : null}
      {plan.source === "trial" ? (
        <p className={`mt-3 ${muted}`}>
          New here?{" "}
          <Link to={href("/welcome")} className="font-medium text-brand-700 underline dark:text-brand-200">
            Make your card
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function WhatsIncluded({ tier }: { tier: "basic" | "pro" }) {
  return (
    <section aria-labelledby="included-title" className={`mt-6 ${box}`}>
      <h2 id="included-title" className="font-semibold text-lg">
        What your plan includes
      </h2>
      <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {FEATURE_KEYS.map((key) => {
          const on = can({ tier }, key);
          return (
            <li key={key} className="flex gap-2">
              <span
                aria-hidden="true"
                className={on ? "text-emerald-700 dark:text-emerald-400" : "text-slate-500 dark:text-slate-400"}
              >
                {on ? "✓" : "–"}
              </span>
              <span className={on ? "" : "text-slate-600 dark:text-slate-400"}>
                {FEATURES[key].name}
                <span className="sr-only">{on ? " (included)" : " (Card Pro)"}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className={`mt-3 ${muted}`}>
        {`Card Pro is ${PRO_PRICE.monthly} USD a month or ${PRO_PRICE.yearly} a year. `}
        <Link to={href("/pricing")} className="font-medium text-brand-700 underline dark:text-brand-200">
          Compare plans
        </Link>
      </p>
    </section>
  );
}
