import { href } from "react-router";
import { appContext } from "~/context";
import { getUser } from "~/server/account/user.server";
import { refreshConnection } from "~/server/fundraising/connect.server";
import { PaymentsError } from "~/server/payments/types";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/connect-return";

/** Stripe sends the owner back here; the account's state is asked of Stripe, not read from the address. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  try {
    const row = await refreshConnection(app, user.workspace.id);
    if (row?.chargesEnabled)
      return redirectWithToast(href("/campaigns"), {
        type: "success",
        title: "Stripe connected: you can take gifts online",
      });
    return redirectWithToast(href("/campaigns"), {
      type: "info",
      title: "Stripe needs a few more details before gifts can be taken",
    });
  } catch (error) {
    if (error instanceof PaymentsError)
      return redirectWithToast(href("/campaigns"), {
        type: "error",
        title: "Stripe could not be reached",
        description: error.message,
      });
    throw error;
  }
}
