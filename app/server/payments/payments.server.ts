import type { AppContext } from "~/context";
import { hex } from "~/lib/hex";
import type { AppEnv } from "../platform/env.server";
import { localPayments } from "./local.server";
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

const encoder = new TextEncoder();

/** The built-in checkout's signing secret: configured, or derived from AUTH_SECRET so it needs no setup. */
export async function localWebhookSecret(env: Pick<AppEnv, "AUTH_SECRET" | "STRIPE_WEBHOOK_SECRET">) {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(env.AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode("payments:local-webhook")));
  return `whsec_${hex(mac)}`;
}

/** The secrets an incoming event may be signed with: Stripe's endpoints', or the local checkout's. */
export async function webhookSecrets(env: AppEnv): Promise<string[]> {
  if (env.STRIPE_SECRET_KEY)
    return [env.STRIPE_WEBHOOK_SECRET, env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
  if (env.APP_ENV === "production") return [];
  return [await localWebhookSecret(env)];
}
