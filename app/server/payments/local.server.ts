import { eq } from "drizzle-orm";
import type { AppContext } from "~/context";
import { hex as bytesToHex } from "~/lib/text/hex";
import { paymentLocalObject } from "~db/schema";
import type { AppEnv } from "../platform/env.server";
import { loadStripe } from "./stripe.server";
import type { CheckoutInput } from "./types";

/**
 * The built-in test checkout, used when no Stripe key is configured (never in production). It keeps its
 * accounts, sessions, customers and subscriptions as Stripe describes them, serves its own pages under
 * /pay/test/, and tells us what happened exactly as Stripe does: events signed with the Stripe-Signature
 * scheme, delivered to the same webhook handler, so the code that records a payment is the production one.
 */
export type Kind = (typeof paymentLocalObject.$inferSelect)["kind"];
export type Obj = Record<string, unknown> & { id: string };

export const rand = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);
export const now = () => Math.floor(Date.now() / 1000);

export async function readLocal<T extends Obj = Obj>(app: AppContext, id: string, kind: Kind): Promise<T | undefined> {
  const row = await app.db
    .select({ kind: paymentLocalObject.kind, data: paymentLocalObject.data })
    .from(paymentLocalObject)
    .where(eq(paymentLocalObject.id, id))
    .get();
  return row && row.kind === kind ? (row.data as T) : undefined;
}

export async function save(app: AppContext, kind: Kind, data: Obj) {
  await app.db
    .insert(paymentLocalObject)
    .values({ id: data.id, kind, data })
    .onConflictDoUpdate({ target: paymentLocalObject.id, set: { data } });
}

/** The built-in checkout's signing secret: configured, or derived from AUTH_SECRET so it needs no setup. */
export async function localWebhookSecret(env: Pick<AppEnv, "AUTH_SECRET" | "STRIPE_WEBHOOK_SECRET">) {
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.AUTH_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("payments:local-webhook")));
  return `whsec_${bytesToHex(mac)}`;
}

/** Signs an event as Stripe would and hands it to the handlers the context was wired with; answers its status. */
export async function sendLocalEvent(
  app: AppContext,
  type: string,
  object: Obj,
  account?: string | null,
  origin = "http://localhost",
) {
  const { Stripe, cryptoProvider } = await loadStripe();
  const event = {
    id: `evt_local_${rand()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    type,
    livemode: false,
    account: account ?? undefined,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  const payload = JSON.stringify(event);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: await localWebhookSecret(app.env),
    cryptoProvider,
  });
  // Delivered as if to the site the checkout came from, so links in the mail it sends point there.
  const request = new Request(`${origin}/api/payments/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  // Delivered through the context: the handlers it reaches start payments through this checkout.
  const response = await app.deliverPaymentEvent(app, request);
  return { event, status: response.status };
}

export type LocalSession = Obj & {
  object: "checkout.session";
  mode: CheckoutInput["mode"];
  status: "open" | "complete" | "expired";
  amount_total: number;
  currency: string;
  line_name: string;
  /** The line's price for one and how many (a team's seats); sessions from before hold only the total. */
  unit_amount?: number;
  quantity?: number;
  interval: "month" | "year" | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  account: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  submit_type: string | null;
  /** The payer's language, as Stripe's session keeps it. */
  locale?: string | null;
  /** Subscription mode: free until then (Stripe's subscription_data.trial_end), first charge then. */
  trial_end?: number | null;
};
