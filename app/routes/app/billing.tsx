import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { StartTrialForm } from "~/components/plan-gate";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { COUNTRY_OPTIONS, countryName, nonprofitSchema } from "~/lib/nonprofit-form";
import {
  can,
  FEATURE_KEYS,
  FEATURES,
  formatPlanDate,
  NONPROFIT_MONTHS,
  PLAN_LABEL,
  PRO_PRICE,
  TRIAL_DAYS,
} from "~/lib/plans";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/site";
import { requireUser } from "~/server/account/auth.server";
import { getSettings } from "~/server/account/settings.server";
import {
  changeSubscription,
  type Interval,
  listInvoices,
  portalFor,
  startCheckout,
  subscriptionOf,
} from "~/server/billing/billing.server";
import { applyForNonprofit, myApplications } from "~/server/billing/nonprofit.server";
import { getEntitlements, getPlanState, isOperator, startTrial } from "~/server/billing/plans.server";
import { paymentsFor } from "~/server/payments/payments.server";
import { PaymentsError } from "~/server/payments/types";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/billing";

export const meta = () => [...pageMeta("Plan and billing"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const now = new Date();
  const [state, settings, applications, invoices, subscription] = await Promise.all([
    getPlanState(app.db, user.id),
    getSettings(app.db, user.id),
    myApplications(app.db, user.id),
    listInvoices(app.db, user.id),
    subscriptionOf(app.db, user.id),
  ]);
  const plan = await getEntitlements(app.db, user.id, now);
  return {
    plan: {
      tier: plan.tier,
      source: plan.source,
      label: PLAN_LABEL[plan.source],
      endsAt: plan.endsAt?.toISOString() ?? null,
      renewsAt: plan.renewsAt?.toISOString() ?? null,
      trialAvailable: plan.trialAvailable,
      publishedCardLimit: plan.publishedCardLimit,
      interval: state.billingInterval,
      // A trial that ended is said plainly, so "Basic" is never a surprise.
      trialEndedAt: plan.tier === "basic" && state.trialEndsAt ? state.trialEndsAt.toISOString() : null,
    },
    applications: applications.map((a) => ({
      ...a,
      countryName: countryName(a.country),
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
    })),
    subscription: {
      // Billing is offered when a payments adapter is configured (Stripe, or the test checkout locally).
      available: paymentsFor(app) !== null,
      live: Boolean(subscription?.subscriptionId && subscription.status && subscription.status !== "canceled"),
      customer: Boolean(subscription?.customerId),
      interval: subscription?.interval ?? null,
      cancelAtPeriodEnd: Boolean(subscription?.cancelAtPeriodEnd),
      status: subscription?.status ?? null,
    },
    invoices: invoices.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString() })),
    checkout: new URL(request.url).searchParams.get("checkout"),
    timeZone: settings.timeZone,
    operator: isOperator(app.env, user),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUser(app, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "start-trial") {
    const back = safeRedirect(formData.get("redirectTo"), "/settings/billing");
    const ends = await startTrial(app.db, user.id);
    if (!ends)
      return redirectWithToast("/settings/billing", {
        type: "info",
        title: "Your free trial was already used",
        description: "Subscribe to Card Pro to use its features again.",
      });
    return redirectWithToast(back, {
      type: "success",
      title: "Your Card Pro trial has started",
      description: `Every Card Pro feature is yours until ${formatPlanDate(ends)}. No card needed.`,
    });
  }
  if (
    intent === "checkout" ||
    intent === "portal" ||
    intent === "cancel" ||
    intent === "resume" ||
    intent === "switch"
  ) {
    const origin = new URL(request.url).origin;
    const interval: Interval = formData.get("interval") === "year" ? "year" : "month";
    try {
      if (intent === "checkout") {
        const session = await startCheckout(app, user, interval, origin);
        if (!session) throw new PaymentsError("Payments are not configured", 503);
        if (session === "subscribed")
          return redirectWithToast("/settings/billing", { type: "info", title: "You already subscribe to Card Pro" });
        return redirect(session.url);
      }
      if (intent === "portal") {
        const portal = await portalFor(app, user.id, origin);
        if (!portal) return redirectWithToast("/settings/billing", { type: "info", title: "No subscription yet" });
        return redirect(portal.url);
      }
      const change = intent === "switch" ? { interval } : intent;
      const done = await changeSubscription(app, user.id, change);
      if (!done) return redirectWithToast("/settings/billing", { type: "info", title: "Nothing to change" });
      return redirectWithToast("/settings/billing", {
        type: "success",
        title:
          intent === "cancel"
            ? "Subscription cancelled"
            : intent === "resume"
              ? "Subscription resumed"
              : interval === "year"
                ? "Switched to yearly billing"
                : "Switched to monthly billing",
        description:
          intent === "cancel"
            ? "You keep Card Pro until the end of the billing cycle you paid for."
            : intent === "switch"
              ? interval === "year"
                ? "You were charged the prorated difference."
                : "The unused part of your year is a credit towards your next bills."
              : undefined,
      });
    } catch (error) {
      if (!(error instanceof PaymentsError)) throw error;
      console.error("billing", intent, error.message);
      return redirectWithToast("/settings/billing", {
        type: "error",
        title: "We couldn't reach the payment provider",
        description: "Nothing was charged or changed. Please try again in a minute.",
      });
    }
  }
  if (intent === "apply-nonprofit") {
    const submission = parseWithZod(formData, { schema: nonprofitSchema });
    if (submission.status !== "success") return data({ nonprofit: submission.reply() }, { status: 400 });
    const { intent: _intent, ...input } = submission.value;
    const applied = await applyForNonprofit(app.db, user.id, input);
    if (!applied.ok) return data({ nonprofit: submission.reply({ formErrors: [applied.error] }) }, { status: 409 });
    return redirectWithToast("/settings/billing#nonprofit", {
      type: "success",
      title: "Application sent",
      description: "We will email you when it is decided, usually within a few days.",
    });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const box = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const muted = "text-slate-600 text-sm dark:text-slate-300";
const primary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-brand-700";

type LoaderData = Route.ComponentProps["loaderData"];

function CurrentPlan({ plan, timeZone }: { plan: LoaderData["plan"]; timeZone: string }) {
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
          <Link to="/welcome" className="font-medium text-brand-700 underline dark:text-brand-200">
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
        <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-200">
          Compare plans
        </Link>
      </p>
    </section>
  );
}

function Subscription({
  sub,
  tier,
  source,
}: {
  sub: LoaderData["subscription"];
  tier: "basic" | "pro";
  source: string;
}) {
  if (!sub.available) return null;
  const secondary =
    "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <section aria-labelledby="subscription-title" className={`mt-6 ${box}`}>
      <h2 id="subscription-title" className="font-semibold text-lg">
        {sub.live ? "Change or cancel" : "Subscribe to Card Pro"}
      </h2>
      {sub.live ? (
        <>
          <p className={`mt-1 ${muted}`}>
            {sub.cancelAtPeriodEnd
              ? "Cancelled: nothing more is charged. Resume before the end date to keep Card Pro renewing."
              : sub.interval === "year"
                ? `Billed yearly (${PRO_PRICE.yearly} USD). Switching to monthly applies now and leaves a prorated credit for your next bills.`
                : `Billed monthly (${PRO_PRICE.monthly} USD). Switching to yearly applies now; you are charged the prorated difference.`}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {sub.cancelAtPeriodEnd ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="interval" value={sub.interval === "year" ? "month" : "year"} />
                <button type="submit" className={primary}>
                  {sub.interval === "year" ? "Switch to monthly" : "Switch to yearly"}
                </button>
              </Form>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <button type="submit" className={secondary}>
                Update payment method
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value={sub.cancelAtPeriodEnd ? "resume" : "cancel"} />
              <button type="submit" className={secondary}>
                {sub.cancelAtPeriodEnd ? "Resume subscription" : "Cancel subscription"}
              </button>
            </Form>
          </div>
          {sub.cancelAtPeriodEnd ? null : (
            <p className={`mt-3 ${muted}`}>
              Cancelling keeps Card Pro until the end of the billing cycle you paid for.
            </p>
          )}
        </>
      ) : (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="checkout" />
          <fieldset>
            <legend className={muted}>
              {tier === "pro" && source !== "basic"
                ? "Keep Card Pro after your current plan ends. Choose how to pay:"
                : "Choose how to pay:"}
            </legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {(
                [
                  ["month", `${PRO_PRICE.monthly} USD a month`],
                  ["year", `${PRO_PRICE.yearly} USD a year`],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 dark:border-slate-700"
                >
                  <input type="radio" name="interval" value={value} defaultChecked={value === "month"} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={`${primary} mt-4`}>
            Subscribe to Card Pro
          </button>
          <p className={`mt-2 ${muted}`}>
            On Stripe's secure checkout: Visa, Mastercard, American Express, or PayPal where Stripe offers it. We never
            see your card number.
          </p>
        </Form>
      )}
      {!sub.live && sub.customer ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="portal" />
          <button type="submit" className="font-medium text-brand-700 text-sm underline dark:text-brand-200">
            Payment methods and past invoices
          </button>
        </Form>
      ) : null}
    </section>
  );
}

const REASON: Record<string, string> = {
  subscription_create: "Card Pro, first payment",
  subscription_cycle: "Card Pro renewal",
  subscription_update: "Change of billing period (prorated)",
};

function Invoices({ invoices, timeZone }: { invoices: LoaderData["invoices"]; timeZone: string }) {
  if (!invoices.length) return null;
  return (
    <section aria-labelledby="invoices-title" className={`mt-6 ${box}`}>
      <h2 id="invoices-title" className="font-semibold text-lg">
        Invoices
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {invoices.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="invoice">
            <span>
              {formatPlanDate(i.issuedAt, timeZone)} · {REASON[i.reason ?? ""] ?? "Card Pro"}
            </span>
            <span className="font-medium">
              {i.amountDue < 0
                ? `Credit ${formatMoney(-i.amountDue, i.currency.toUpperCase())}`
                : formatMoney(i.amountDue, i.currency.toUpperCase())}{" "}
              <span
                className={
                  i.status === "paid" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-300"
                }
              >
                {i.status === "paid" ? "Paid" : "Payment failed"}
              </span>
              {i.hostedUrl ? (
                <>
                  {" "}
                  <a href={i.hostedUrl} target="_blank" rel="noopener noreferrer" className="underline">
                    View
                    <span className="sr-only">
                      {" "}
                      invoice of {formatPlanDate(i.issuedAt, timeZone)} (opens in a new tab)
                    </span>
                  </a>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS_TEXT = { pending: "Waiting for a decision", approved: "Approved", declined: "Declined" } as const;

function Nonprofit({
  applications,
  reply,
  timeZone,
}: {
  applications: LoaderData["applications"];
  reply: SubmissionResult<string[]> | undefined;
  timeZone: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "nonprofit-form",
    lastResult: navigation.state === "idle" ? reply : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nonprofitSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = applications.find((a) => a.status === "pending");
  const approved = applications.find((a) => a.status === "approved");
  return (
    <section id="nonprofit" aria-labelledby="nonprofit-title" className={`mt-6 scroll-mt-24 ${box}`}>
      <h2 id="nonprofit-title" className="font-semibold text-lg">
        Nonprofit offer
      </h2>
      <p className={`mt-1 ${muted}`}>
        {`Nonprofit early adopters get ${NONPROFIT_MONTHS} months of Card Pro free. Tell us who you work for; an operator checks the registration and replies by email.`}
      </p>
      {applications.length ? (
        <ul className="mt-3 space-y-2 text-sm" aria-label="Your applications">
          {applications.map((a) => (
            <li key={a.id} className="rounded-md bg-slate-50 p-3 dark:bg-slate-900" data-testid="nonprofit-application">
              <span className="font-medium">{a.organisation}</span> ({a.countryName}, {a.registrationNumber}):{" "}
              <span className="font-semibold">{STATUS_TEXT[a.status]}</span>
              <span className="block text-slate-600 dark:text-slate-400">
                {`Sent ${formatPlanDate(a.createdAt, timeZone)}${a.decidedAt ? `, decided ${formatPlanDate(a.decidedAt, timeZone)}` : ""}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pending || approved ? null : (
        <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="apply-nonprofit" />
          {form.errors?.length ? (
            <p role="alert" className="font-medium text-red-700 text-sm dark:text-red-300">
              {form.errors[0]}
            </p>
          ) : null}
          <Field id={fields.organisation.id} label="Organisation name" errors={fields.organisation.errors}>
            <input
              {...getInputProps(fields.organisation, { type: "text" })}
              autoComplete="organization"
              maxLength={160}
              className={inputClass}
            />
          </Field>
          <Field id={fields.country.id} label="Country of registration" errors={fields.country.errors}>
            <select {...getSelectProps(fields.country)} className={inputClass}>
              <option value="">Choose a country</option>
              {COUNTRY_OPTIONS.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={fields.registrationNumber.id}
            label="Registration number"
            hint="For example an EIN (12-3456789) or a charity number"
            errors={fields.registrationNumber.errors}
          >
            <input
              {...getInputProps(fields.registrationNumber, { type: "text" })}
              maxLength={60}
              className={inputClass}
            />
          </Field>
          <Field id={fields.website.id} label="Website (optional)" errors={fields.website.errors}>
            <input
              {...getInputProps(fields.website, { type: "text" })}
              inputMode="url"
              maxLength={300}
              className={inputClass}
            />
          </Field>
          <button type="submit" className={primary}>
            Apply for the nonprofit offer
          </button>
        </Form>
      )}
    </section>
  );
}

export default function BillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData && "nonprofit" in actionData ? actionData.nonprofit : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/settings" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← Settings
      </Link>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">Plan and billing</h1>
      {loaderData.checkout === "done" && !loaderData.subscription.live ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900 text-sm dark:bg-emerald-950 dark:text-emerald-100"
        >
          Payment received. Card Pro turns on as soon as Stripe confirms it, usually within a minute.
        </p>
      ) : null}
      <CurrentPlan plan={loaderData.plan} timeZone={loaderData.timeZone} />
      <Subscription sub={loaderData.subscription} tier={loaderData.plan.tier} source={loaderData.plan.source} />
      <Invoices invoices={loaderData.invoices} timeZone={loaderData.timeZone} />
      <WhatsIncluded tier={loaderData.plan.tier} />
      <Nonprofit applications={loaderData.applications} reply={reply} timeZone={loaderData.timeZone} />
      {loaderData.operator ? (
        <p className={`mt-6 ${muted}`}>
          You are an operator.{" "}
          <Link to="/admin/nonprofits" className="font-medium text-brand-700 underline dark:text-brand-200">
            Review nonprofit applications
          </Link>{" "}
          ·{" "}
          <Link to="/admin/campaigns" className="font-medium text-brand-700 underline dark:text-brand-200">
            Review home page feature requests
          </Link>
        </p>
      ) : null}
    </section>
  );
}
