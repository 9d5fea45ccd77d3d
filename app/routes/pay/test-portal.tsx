import { Form, redirect } from "react-router";
import { z } from "zod";
import { formatMoney } from "~/lib/money";
import { staticPage } from "~/lib/platform/page-handle";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { pageMeta } from "~/lib/site";
import { readLocal } from "~/server/payments/local.server";
import {
  changeLocalSubscription,
  localSubscriptionsOf,
  renewLocalSubscription,
} from "~/server/payments/local-subscriptions.server";
import { PaymentsError } from "~/server/payments/types";
import { notFound } from "~/server/platform/http.server";
import { openLocal } from "./+shared/open-local.server";
import type { Route } from "./+types/test-portal";

export const meta = () => [...pageMeta("Test customer portal"), { name: "robots", content: "noindex" }];
export const handle = staticPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, found: customer } = await openLocal(context, params.id, "customer");
  const subs = await localSubscriptionsOf(app, customer.id);
  const back = new URL(request.url).searchParams.get("return_url") ?? "/";
  return {
    email: String(customer.email ?? ""),
    returnTo: safeRedirect(pathOf(back), "/"),
    subscriptions: subs.map((s) => {
      const price = (s.items as { data: { price: { unit_amount: number; recurring: { interval: string } } }[] }).data[0]
        ?.price;
      return {
        id: s.id,
        status: s.pause_collection && s.status !== "canceled" ? "paused" : String(s.status),
        amount: price?.unit_amount ?? 0,
        interval: price?.recurring.interval ?? "month",
        currency: String(s.currency).toUpperCase(),
      };
    }),
  };
}

function pathOf(address: string) {
  try {
    const u = new URL(address, "http://local");
    return `${u.pathname}${u.search}`;
  } catch {
    return "/";
  }
}

const form = z.object({
  intent: z.enum(["cancel", "pause", "resume", "renew", "fail"]),
  subscription: z.string().max(80),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const { app, found: customer } = await openLocal(context, params.id, "customer");
  const parsed = form.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const sub = await readLocal(app, parsed.data.subscription, "subscription");
  if (!sub || sub.customer !== customer.id) notFound();
  const { intent } = parsed.data;
  if (intent === "cancel" || intent === "pause" || intent === "resume")
    // Pressed twice (or after it was cancelled elsewhere): the page below shows where it stands.
    await changeLocalSubscription(app, sub.id, intent).catch((error) => {
      if (!(error instanceof PaymentsError)) throw error;
    });
  else await renewLocalSubscription(app, sub.id, intent === "renew");
  return redirect(new URL(request.url).pathname + new URL(request.url).search);
}

export default function TestPortal({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-lg px-4 py-10">
      <p className="rounded-md bg-amber-100 px-3 py-2 text-amber-950 text-sm">
        Test customer portal: stands in for Stripe's while no Stripe key is configured. The two "next payment" buttons
        do what Stripe's test clocks do.
      </p>
      <h1 className="mt-6 font-bold text-2xl tracking-tight">Your subscriptions</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{loaderData.email}</p>
      <ul className="mt-6 space-y-4">
        {loaderData.subscriptions.map((s) => (
          <li key={s.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <p className="font-semibold">
              {formatMoney(s.amount, s.currency)} / {s.interval} · <span data-testid="sub-status">{s.status}</span>
            </p>
            {s.status !== "canceled" ? (
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="subscription" value={s.id} />
                <button name="intent" value="renew" type="submit" className="rounded-md border px-3 py-2 text-sm">
                  Next payment succeeds
                </button>
                <button name="intent" value="fail" type="submit" className="rounded-md border px-3 py-2 text-sm">
                  Next payment fails
                </button>
                <button
                  name="intent"
                  value={s.status === "paused" ? "resume" : "pause"}
                  type="submit"
                  className="rounded-md border px-3 py-2 text-sm"
                >
                  {s.status === "paused" ? "Resume subscription" : "Pause subscription"}
                </button>
                <button name="intent" value="cancel" type="submit" className="rounded-md border px-3 py-2 text-sm">
                  Cancel subscription
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <a href={loaderData.returnTo} className="mt-6 inline-block font-semibold underline">
        Return
      </a>
    </section>
  );
}
