import { Form, href, Link } from "react-router";
import { FEATURES, type Feature, formatPlanDate, NONPROFIT_MONTHS, PRO_PRICE, TRIAL_DAYS } from "~/lib/billing/plans";

const primary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-brand-700";
const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

/** The trial button: a plain form, so it works without JavaScript. */
export function StartTrialForm({ className = primary, redirectTo }: { className?: string; redirectTo?: string }) {
  return (
    <Form method="post" action={href("/settings/billing")}>
      <input type="hidden" name="intent" value="start-trial" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className={className}>
        Start Free Trial
      </button>
    </Form>
  );
}

/**
 * What a Pro feature does and how to get it, where a Basic account would otherwise meet a refusal.
 * Never a dead end: the trial (when unused), the plan page and the nonprofit offer are one tap away.
 */
export function FeatureLocked({
  feature,
  trialAvailable,
  headingLevel = 2,
  redirectTo,
  children,
}: {
  feature: Feature;
  trialAvailable: boolean;
  headingLevel?: 1 | 2 | 3;
  redirectTo?: string;
  children?: React.ReactNode;
}) {
  const info = FEATURES[feature];
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={`locked-${feature}`}
      data-testid="feature-locked"
      className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-slate-900 dark:border-brand-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="font-semibold text-brand-800 text-xs uppercase tracking-wide dark:text-brand-200">
        Card Pro feature
      </p>
      <Heading id={`locked-${feature}`} className="mt-1 font-bold text-xl">
        {info.name}
      </Heading>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{info.description}</p>
      {children}
      <p className="mt-3 text-slate-700 text-sm dark:text-slate-300">
        {trialAvailable
          ? `Try it free for ${TRIAL_DAYS} days, no credit card required. After that, Card Pro is ${PRO_PRICE.monthly} USD a month or ${PRO_PRICE.yearly} a year.`
          : `Card Pro is ${PRO_PRICE.monthly} USD a month or ${PRO_PRICE.yearly} a year. Nothing you made is lost on Basic.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {trialAvailable ? <StartTrialForm redirectTo={redirectTo} /> : null}
        <Link to={href("/settings/billing")} className={trialAvailable ? secondary : primary}>
          {trialAvailable ? "See plans" : "Upgrade to Card Pro"}
        </Link>
        <Link to={`${href("/settings/billing")}#nonprofit`} className={secondary}>
          Nonprofit? {NONPROFIT_MONTHS} months free
        </Link>
      </div>
    </section>
  );
}

/** What the signed-in layout says about the plan on every page (decided on the server). */
export type PlanNotice = { kind: "grace" | "trial-ending"; endsAt: string } | null;

/** The app-wide line about the plan: a failed payment's grace period, or a trial about to end. */
export function PlanBanner({ notice }: { notice: PlanNotice }) {
  if (!notice) return null;
  const ends = formatPlanDate(notice.endsAt);
  if (notice.kind === "grace")
    return (
      <div role="alert" className="bg-red-700 px-4 py-2 text-center text-sm text-white print:hidden">
        {`Your last Card Pro payment failed. Update your payment method by ${ends} to keep Card Pro. `}
        <Link to={href("/settings/billing")} className="font-semibold underline">
          Plan and billing
        </Link>
      </div>
    );
  return (
    <div className="bg-amber-100 px-4 py-2 text-center text-amber-950 text-sm print:hidden dark:bg-amber-900 dark:text-amber-50">
      {`Your Card Pro trial ends on ${ends}. `}
      <Link to={href("/settings/billing")} className="font-semibold underline">
        Keep Card Pro
      </Link>
    </div>
  );
}
