import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { staticPage } from "~/lib/platform/page-handle";
import { pageMeta } from "~/lib/site";
import { readDonorToken } from "~/server/fundraising/donor-link.server";
import {
  CHANGE_MESSAGE,
  changeRecurringGift,
  DONE_MESSAGE,
  donorPortal,
  donorRecurringGifts,
} from "~/server/fundraising/recurring.server";
import { PaymentsError } from "~/server/payments/types";
import type { Route } from "./+types/manage";

export const meta = () => [...pageMeta("Your monthly gifts"), { name: "robots", content: "noindex" }];
// Plain forms: a donor on an old phone from a mail app manages their gift without our JavaScript.
export const handle = staticPage;

async function donorOf(context: Route.LoaderArgs["context"], token: string) {
  const app = context.get(appContext);
  const donor = await readDonorToken(app.env, token);
  if (!donor) throw data("This link is not valid. Use the link in your most recent receipt.", { status: 404 });
  return { app, donor };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, donor } = await donorOf(context, params.token);
  const { gifts, charity } = await donorRecurringGifts(app.db, donor.ownerId, donor.email);
  return { email: donor.email, charity, gifts };
}

const schema = z.object({
  intent: z.enum(["pause", "resume", "cancel", "portal"]),
  gift: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const { app, donor } = await donorOf(context, params.token);
  const formData = await request.formData().catch(() => null);
  const parsed = schema.safeParse(formData ? Object.fromEntries(formData) : {});
  if (!parsed.success) return data({ ok: false, message: "Choose a monthly gift and what to do with it." }, 400);
  const { intent, gift } = parsed.data;
  if (intent === "portal") {
    const portal = await donorPortal(app, donor.ownerId, gift, donor, request.url).catch((error) => {
      if (error instanceof PaymentsError) return null;
      throw error;
    });
    if (!portal) return data({ ok: false, message: CHANGE_MESSAGE.unavailable.text }, 409);
    return redirect(portal.url);
  }
  const result = await changeRecurringGift(app, donor.ownerId, gift, intent, donor);
  if (result === "missing") return data({ ok: false, message: CHANGE_MESSAGE.missing.text }, 404);
  if (result !== "done") return data({ ok: false, message: CHANGE_MESSAGE[result].text }, 409);
  return { ok: true, message: DONE_MESSAGE[intent] };
}

const STATUS: Record<string, string> = {
  active: "Active",
  past_due: "Last payment failed",
  paused: "Paused",
  canceled: "Cancelled",
};
const button =
  "rounded-md border border-slate-300 px-3 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

export default function ManageGifts({ loaderData, actionData }: Route.ComponentProps) {
  const { gifts, charity, email } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-bold text-3xl tracking-tight">Your monthly gifts</h1>
      <p className="mt-2 break-words text-slate-700 dark:text-slate-300">
        {charity ? `To ${charity}, ` : ""}given as {email}.
      </p>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-4 rounded-md p-3 text-sm ${actionData.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      {gifts.length ? (
        <ul className="mt-6 space-y-4">
          {gifts.map((g) => (
            <li
              key={g.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-testid="donor-gift"
            >
              <p className="font-semibold">
                {formatMoney(g.amount, g.currency)} a {g.interval}
                {g.campaign ? ` to ${g.campaign}` : ""}
              </p>
              <p className="mt-1 text-sm" data-testid="donor-gift-status">
                {STATUS[g.status] ?? g.status}
              </p>
              {g.status === "canceled" ? null : (
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="gift" value={g.id} />
                  {g.status === "paused" ? (
                    <button type="submit" name="intent" value="resume" className={button}>
                      Resume monthly gift
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="pause" className={button}>
                      Pause monthly gift
                    </button>
                  )}
                  <button type="submit" name="intent" value="cancel" className={button}>
                    Cancel monthly gift
                  </button>
                  <button type="submit" name="intent" value="portal" className={button}>
                    Update card or see payments
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">There are no monthly gifts for this email address.</p>
      )}
    </section>
  );
}
