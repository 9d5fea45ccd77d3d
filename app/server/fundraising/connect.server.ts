import { eq } from "drizzle-orm";
import { href, redirect } from "react-router";
import type { AppContext } from "~/context";
import { stripeConnection } from "~db/schema";
import { paymentsFor } from "../payments/payments.server";
import { PaymentsError } from "../payments/types";
import { redirectWithToast } from "../platform/toast.server";
import { purgeOwnerCampaignPages } from "./campaigns.server";

/** The owner's connected Stripe account, as last reported by Stripe. */
export function getConnection(app: Pick<AppContext, "db">, userId: string) {
  return app.db.select().from(stripeConnection).where(eq(stripeConnection.userId, userId)).get();
}

/** The Stripe account's owner: the current workspace (decision 0207), reached at its signed-in user's address. */
export const stripeOwner = (user: { email: string; workspace: { id: string } }) => ({
  id: user.workspace.id,
  email: user.email,
});

/**
 * Starts (or resumes) Stripe's hosted onboarding for the owner: one connected account per owner, made
 * once (the user id is the primary key, so a double click cannot make two), then a fresh link.
 */
export async function onboardingUrl(app: AppContext, user: { id: string; email: string }, origin: string) {
  const payments = paymentsFor(app);
  if (!payments) return null;
  let row = await getConnection(app, user.id);
  if (!row) {
    const { id } = await payments.createAccount({ email: user.email, type: "express" });
    await app.db
      .insert(stripeConnection)
      .values({ userId: user.id, accountId: id, updatedAt: new Date() })
      .onConflictDoNothing();
    row = await getConnection(app, user.id);
  }
  if (!row) return null;
  const { url } = await payments.onboardingLink({
    accountId: row.accountId,
    refreshUrl: `${origin}${href("/campaigns/connect")}`,
    returnUrl: `${origin}${href("/campaigns/connect/return")}`,
  });
  return url;
}

/**
 * The owner's way to Stripe's onboarding: a fresh link, or Campaigns with why not. Stripe's refresh_url (a
 * link expired or already used) comes here by GET, so `resume` only continues an account already made.
 */
export async function toOnboarding(
  app: AppContext,
  user: { id: string; email: string },
  origin: string,
  { resume = false } = {},
): Promise<Response> {
  try {
    if (resume && !(await getConnection(app, user.id))) return redirect(href("/campaigns"));
    const url = await onboardingUrl(app, user, origin);
    if (!url)
      return redirectWithToast(href("/campaigns"), {
        type: "error",
        title: "Online giving is not set up on this server",
      });
    return redirect(url);
  } catch (error) {
    if (error instanceof PaymentsError)
      return redirectWithToast(href("/campaigns"), {
        type: "error",
        title: "Stripe could not start onboarding",
        description: error.message,
      });
    throw error;
  }
}

/** After onboarding: asks Stripe for the account's state rather than trusting the return address. */
export async function refreshConnection(app: AppContext, userId: string) {
  const payments = paymentsFor(app);
  const row = await getConnection(app, userId);
  if (!payments || !row) return row ?? null;
  const status = await payments.accountStatus(row.accountId);
  const changed = status.chargesEnabled !== row.chargesEnabled;
  await app.db
    .update(stripeConnection)
    .set({ chargesEnabled: status.chargesEnabled, detailsSubmitted: status.detailsSubmitted, updatedAt: new Date() })
    .where(eq(stripeConnection.userId, userId));
  // Stripe may report the change here before its webhook arrives; strangers must see it either way.
  if (changed) await purgeOwnerCampaignPages(app.env, app.db, userId);
  return { ...row, chargesEnabled: status.chargesEnabled, detailsSubmitted: status.detailsSubmitted };
}
