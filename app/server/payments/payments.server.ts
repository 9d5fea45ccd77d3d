import type { AppContext } from "~/context";
import type { AppEnv } from "../platform/env.server";
import { localWebhookSecret } from "./local.server";
import { localPayments } from "./local-payments.server";
import { stripePayments } from "./stripe.server";
import type { Payments } from "./types";

/**
 * Stripe when a key is configured; otherwise the built-in test checkout, but only outside production:
 * a production Worker without a key takes no payments at all (null), rather than pretending to.
 */
export function paymentsFor(app: AppContext): Payments | null {
  const { env } = app;
  if (env.STRIPE_SECRET_KEY) return stripePayments({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
  if (env.APP_ENV === "production") return null;
  return localPayments(app);
}

/** The secrets an incoming event may be signed with: Stripe's endpoints', or the local checkout's. */
export async function webhookSecrets(env: AppEnv): Promise<string[]> {
  if (env.STRIPE_SECRET_KEY)
    return [env.STRIPE_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  if (env.APP_ENV === "production") return [];
  return [await localWebhookSecret(env)];
}
