import { Form, href, Link } from "react-router";
import { UnthankedGifts } from "~/components/fundraising/unthanked";
import { appContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/site";
import { ownersOf } from "~/server/account/app-shell.server";
import { getUser } from "~/server/account/user.server";
import { listOwnedCampaigns } from "~/server/fundraising/campaigns.server";
import { getConnection, stripeOwner, toOnboarding } from "~/server/fundraising/connect.server";
import { unacknowledgedGifts } from "~/server/fundraising/gifts.server";
import { getOrganisation } from "~/server/fundraising/organisation.server";
import { paymentsFor } from "~/server/payments/payments.server";
import type { Route } from "./+types/list";

export const meta = () => [...pageMeta("Your campaigns"), { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const [campaigns, connection, unthanked, organisation] = await Promise.all([
    listOwnedCampaigns(app.db, user.workspace.id),
    getConnection(app, user.workspace.id),
    unacknowledgedGifts(app.db, ownersOf(user)),
    getOrganisation(app.db, user.workspace.id),
  ]);
  // From a person's page: each campaign opens with the gift form already set to that person.
  const person = new URL(request.url).searchParams.get("person");
  return {
    person: person && /^\d{1,12}$/.test(person) ? person : null,
    campaigns,
    unthanked,
    legalName: organisation.legalName,
    payments: paymentsFor(app)?.kind ?? null,
    stripe: connection
      ? { chargesEnabled: connection.chargesEnabled, detailsSubmitted: connection.detailsSubmitted }
      : null,
  };
}

/** "Connect Stripe": Stripe's hosted onboarding for the owner's own account. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const intent = (await request.formData()).get("intent");
  if (intent !== "connect") return new Response("Bad Request", { status: 400 });
  return toOnboarding(app, stripeOwner(user), new URL(request.url).origin);
}

const STATUS = { draft: "Draft", active: "Active", past: "Past" } as const;

export default function CampaignList({ loaderData }: Route.ComponentProps) {
  const { campaigns, stripe, payments, unthanked, person, legalName } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-3xl tracking-tight">Your campaigns</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to={href("/campaigns/retention")}
            className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm dark:border-slate-600"
          >
            Donor retention
          </Link>
          <Link
            to={href("/campaigns/thank-you")}
            className="rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-sm dark:border-slate-600"
          >
            Thank-you message
          </Link>
          <Link
            to={href("/campaigns/new")}
            className="rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-brand-700"
          >
            New campaign
          </Link>
        </div>
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h2 className="font-semibold text-lg">Online giving</h2>
        {payments === null ? (
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
            Online giving is not set up on this server (no Stripe key). You can still record gifts by hand.
          </p>
        ) : stripe?.chargesEnabled ? (
          <p className="mt-1 text-sm" data-testid="stripe-status">
            Your Stripe account is connected: gifts go straight to it.
          </p>
        ) : (
          <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-slate-600 text-sm dark:text-slate-300">
              {stripe
                ? "Finish connecting your Stripe account to take gifts online."
                : "Connect your organisation's Stripe account: gifts go to it directly, never through us."}
              {payments === "local" ? " (Test mode: no Stripe account needed.)" : ""}
            </p>
            <button
              name="intent"
              value="connect"
              type="submit"
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-700"
            >
              {stripe ? "Continue Stripe setup" : "Connect Stripe"}
            </button>
          </Form>
        )}
        <p className="mt-3 text-sm" data-testid="receipt-issuer">
          {legalName
            ? `Receipts and year-end statements are issued by ${legalName}.`
            : "Receipts name each campaign's organisation until you give its legal name and tax id."}{" "}
          <Link to={href("/campaigns/organisation")} className="font-semibold underline">
            Organisation profile
          </Link>{" "}
          ·{" "}
          <Link to={href("/campaigns/statements")} className="font-semibold underline">
            Year-end statements
          </Link>
        </p>
      </div>
      {person ? (
        <p role="status" className="mt-6 rounded-lg bg-sky-50 px-4 py-3 text-sm dark:bg-sky-950">
          Choose the campaign the gift or pledge is for.
        </p>
      ) : null}
      <UnthankedGifts gifts={unthanked} back={href("/campaigns")} />
      {campaigns.length === 0 ? (
        <p className="mt-8 rounded-xl bg-slate-100 p-6 text-center dark:bg-slate-900">
          No campaigns yet.{" "}
          <Link to={href("/campaigns/new")} className="font-semibold underline">
            Start one
          </Link>
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {campaigns.map((c) => (
            <li key={c.id} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <p className="text-slate-600 text-xs uppercase tracking-wide dark:text-slate-300">
                {c.archivedAt ? "Archived" : STATUS[c.status]}
              </p>
              <h2 className="mt-1 font-semibold text-lg">
                <Link
                  to={`${href("/campaigns/:id", { id: String(c.id) })}${person ? `?person=${person}#hand-gift` : ""}`}
                  className="hover:underline"
                >
                  {c.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm">
                {formatMoney(c.amountRaised, c.currency, { compact: true })} of{" "}
                {formatMoney(c.goal, c.currency, { compact: true })} · {c.donorCount} donors
              </p>
              <Link
                to={href("/campaigns/:id/import", { id: String(c.id) })}
                className="mt-2 inline-block text-sm underline"
              >
                Import gifts<span className="sr-only"> into {c.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
