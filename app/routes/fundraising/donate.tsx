import { redirect } from "react-router";
import { appContext } from "~/context";
import { chosenAmount, donateSchema } from "~/lib/donation";
import { getCampaign } from "~/server/fundraising/campaigns.server";
import { startDonation } from "~/server/fundraising/donations.server";
import { PaymentsError } from "~/server/payments/types";
import { allow, clientKey } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/donate";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/fundraising/${encodeURIComponent(params.id)}`);
}

/** The Donate form's post: validated here, then off to checkout on the nonprofit's own Stripe account. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const back = (error: string) =>
    redirect(`/fundraising/${encodeURIComponent(params.id)}?error=${error}#donate`, { status: 303 });
  const c = await getCampaign(app.db, params.id);
  if (!c) throw new Response("Not Found", { status: 404 });
  if (!(await allow(app.env, "forms", `donate:${clientKey(request)}`)))
    return new Response("Too many attempts. Please wait a minute and try again.", {
      status: 429,
      headers: { "retry-after": "60" },
    });
  const parsed = donateSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return back("amount");
  const chosen = chosenAmount(parsed.data, c.currency);
  if ("error" in chosen) return back("amount");
  try {
    const session = await startDonation(
      app,
      {
        campaignId: c.id,
        amount: chosen.amount,
        monthly: parsed.data.frequency === "monthly",
        publicName: parsed.data.publicName,
        source: parsed.data.src,
        cardId: parsed.data.card,
        eventId: parsed.data.event,
        mailingId: parsed.data.mailing,
      },
      new URL(request.url).origin,
    );
    if (!session) return back("closed");
    return redirect(session.url, { status: 303 });
  } catch (error) {
    if (error instanceof PaymentsError) {
      console.error("donate: checkout refused", error.status, error.message);
      return back("closed");
    }
    throw error;
  }
}
