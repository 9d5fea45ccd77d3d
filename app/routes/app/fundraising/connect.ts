import { appContext } from "~/context";
import { getUser } from "~/server/account/user.server";
import { stripeOwner, toOnboarding } from "~/server/fundraising/connect.server";
import type { Route } from "./+types/connect";

/** Stripe's refresh_url: an onboarding link expired or was used, so a fresh one is made and followed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return toOnboarding(context.get(appContext), stripeOwner(getUser(context)), new URL(request.url).origin, {
    resume: true,
  });
}
