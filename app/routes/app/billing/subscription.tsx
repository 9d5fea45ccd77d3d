import { Form, href, Link } from "react-router";
import { appContext } from "~/context";
import { formatPlanDate, PRO_PRICE } from "~/lib/billing/plans";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { shellSettings } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { runBillingIntent } from "./+shared/intents.server";
import { loadPlan, loadSubscription, type SubscriptionData } from "./+shared/load.server";
import { box, muted, primary, secondary } from "./+shared/parts";
import type { Route } from "./+types/subscription";

export const meta = () => [...pageMeta("Subscription · Plan and billing"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [sub, plan, settings] = await Promise.all([
    loadSubscription(app, user.workspace.id),
    loadPlan(app, user.workspace.id),
    shellSettings(context, request),
  ]);
  return { ...sub, plan, timeZone: settings.timeZone };
}

export const action = (args: Route.ActionArgs) => runBillingIntent(args);

export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionAndInvoices data={loaderData} />;
}

/** The subscription and its invoices, from what `loadSubscription` read: this page and the overview show the same. */
export function SubscriptionAndInvoices({
  data,
}: {
  data: SubscriptionData & { plan: { tier: "basic" | "pro"; source: string }; timeZone: string };
}) {
  return (
    <>
      <Subscription
        seats={data.seats}
        sub={data.subscription}
        tier={data.plan.tier}
        source={data.plan.source}
        paidFrom={data.paidFrom}
        timeZone={data.timeZone}
      />
      <Invoices invoices={data.invoices} timeZone={data.timeZone} />
    </>
  );
}

/** A price for `seats` members, as the checkout will charge it: cents times seats, never a float's sum. */
const priceFor = (each: number, seats: number) => ((Math.round(each * 100) * seats) / 100).toFixed(2);

function Subscription({
  seats = 1,
  sub,
  tier,
  source,
  paidFrom,
  timeZone,
}: {
  seats?: number;
  sub: SubscriptionData["subscription"];
  tier: "basic" | "pro";
  source: string;
  /** When a subscription started now would first charge (the end of the trial or nonprofit offer). */
  paidFrom: string | null;
  timeZone: string;
}) {
  if (!sub.available) return null;
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
              <Link
                to={`${href("/settings/billing/change")}?interval=${sub.interval === "year" ? "month" : "year"}`}
                className={primary}
              >
                {sub.interval === "year" ? "Switch to monthly" : "Switch to yearly"}
              </Link>
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
                  [
                    "month",
                    seats > 1
                      ? `${seats} members × ${PRO_PRICE.monthly} USD = ${priceFor(PRO_PRICE.monthly, seats)} USD a month`
                      : `${PRO_PRICE.monthly} USD a month`,
                  ],
                  [
                    "year",
                    seats > 1
                      ? `${seats} members × ${PRO_PRICE.yearly} USD = ${priceFor(PRO_PRICE.yearly, seats)} USD a year`
                      : `${PRO_PRICE.yearly} USD a year`,
                  ],
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
          {paidFrom ? (
            <p className={`mt-3 ${muted}`} data-testid="first-charge">
              {`Nothing is charged until ${formatPlanDate(paidFrom, timeZone)}; your first payment is on that day.`}
            </p>
          ) : null}
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

function Invoices({ invoices, timeZone }: { invoices: SubscriptionData["invoices"]; timeZone: string }) {
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
