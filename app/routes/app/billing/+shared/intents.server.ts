import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { nonprofitSchema } from "~/lib/billing/nonprofit-form";
import { formatPlanDate } from "~/lib/billing/plans";
import { safeRedirect } from "~/lib/platform/safe-redirect";
import { getUser } from "~/server/account/user.server";
import {
  type BillingAction,
  changeSubscription,
  type Interval,
  portalFor,
  seatsOf,
  startCheckout,
} from "~/server/billing/billing.server";
import { applyForNonprofit } from "~/server/billing/nonprofit.server";
import { startTrial } from "~/server/billing/plans.server";
import { PaymentsError } from "~/server/payments/types";
import { redirectWithToast } from "~/server/platform/toast.server";

const BILLING = href("/settings/billing");

// A confirmation is good for half an hour: Stripe prorates from the moment the preview was made.
const confirmed = z.coerce
  .number()
  .int()
  .refine((s) => Math.abs(Date.now() / 1000 - s) < 30 * 60);

/**
 * Every plan page's forms, by intent: /settings/billing itself answers them all (the trial button on
 * locked pages and older scripts post there), and each section's page answers its own.
 */
export async function runBillingIntent({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const app = context.get(appContext);
  const user = getUser(context);
  const formData = await request.formData().catch(() => null);
  if (!formData) return data({ error: "Unreadable form" }, { status: 400 });
  const intent = formData.get("intent");
  // The plan is the workspace's (decision 0237): in a team, its owners and admins alone start, buy or change it.
  const plan = user.workspace.id;
  // The nonprofit offer too (decision 0254): a member applies for their own workspace, from there.
  if (user.workspace.team !== null && user.workspace.role === "member")
    return data({ error: "Only the team's owners and admins change its plan." }, { status: 403 });
  if (intent === "start-trial") {
    const back = safeRedirect(formData.get("redirectTo"), BILLING);
    const ends = await startTrial(app.db, plan);
    if (!ends)
      return redirectWithToast(BILLING, {
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
        const session = await startCheckout(
          app,
          { id: plan, email: user.email, seats: await seatsOf(app.db, plan) },
          interval,
          origin,
        );
        if (!session) throw new PaymentsError("Payments are not configured", 503);
        if (session === "subscribed")
          return redirectWithToast(BILLING, { type: "info", title: "You already subscribe to Card Pro" });
        return redirect(session.url);
      }
      if (intent === "portal") {
        const portal = await portalFor(app, plan, origin);
        if (!portal) return redirectWithToast(BILLING, { type: "info", title: "No subscription yet" });
        return redirect(portal.url);
      }
      let change: BillingAction;
      if (intent === "switch") {
        // A change of price is charged only after its amount and date were shown (the change page).
        const at = confirmed.safeParse(formData.get("confirm"));
        if (!at.success) return redirect(`${href("/settings/billing/change")}?interval=${interval}`);
        change = { interval, prorationDate: at.data };
      } else change = intent;
      const done = await changeSubscription(app, plan, change);
      if (!done) return redirectWithToast(BILLING, { type: "info", title: "Nothing to change" });
      return redirectWithToast(BILLING, {
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
      return redirectWithToast(BILLING, {
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
    const applied = await applyForNonprofit(app.db, { userId: user.id, workspaceId: plan }, input);
    if (!applied.ok) return data({ nonprofit: submission.reply({ formErrors: [applied.error] }) }, { status: 409 });
    return redirectWithToast(`${BILLING}#nonprofit`, {
      type: "success",
      title: "Application sent",
      description: "We will email you when it is decided, usually within a few days.",
    });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}
