import type Stripe from "stripe";
import type { Locale } from "~/lib/i18n/locales";
import {
  type AccountStatus,
  type CheckoutInput,
  type CheckoutLine,
  type Payments,
  PaymentsError,
  type SubscriptionUpdate,
} from "./types";

/**
 * Checkout's language for ours: Stripe names Chinese and Portuguese its own way, and Checkout has no
 * Arabic, so an Arabic reader gets "auto" (Stripe's pick from the browser) rather than a forced English.
 */
const CHECKOUT_LOCALE: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  es: "es",
  fr: "fr",
  de: "de",
  "pt-BR": "pt-BR",
  it: "it",
  nl: "nl",
  ja: "ja",
  "zh-Hans": "zh",
  ar: "auto",
};

const checkoutLocale = (locale: Locale) => CHECKOUT_LOCALE[locale];

export type StripeConfig = { secretKey: string; apiBase?: string };

type StripeLibrary = typeof import("stripe").default;
let library:
  | Promise<{ Stripe: StripeLibrary; cryptoProvider: ReturnType<StripeLibrary["createSubtleCryptoProvider"]> }>
  | undefined;

/**
 * The Stripe library, imported on the first payment call rather than at start-up (its module is the
 * largest we ship and most requests never pay; decision 0204). Fetch for HTTP and SubtleCrypto for
 * signatures: the library's Workers mode, no Node built-ins needed.
 */
export function loadStripe() {
  library ??= import("stripe").then(({ default: Stripe }) => ({
    Stripe,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  }));
  return library;
}

const clients = new Map<string, Stripe>();

/** One client per key and base per isolate; `apiBase` points the library at a stand-in in tests. */
export async function stripeClient({ secretKey, apiBase }: StripeConfig): Promise<Stripe> {
  const cacheKey = `${secretKey}\n${apiBase ?? ""}`;
  const hit = clients.get(cacheKey);
  if (hit) return hit;
  const { Stripe } = await loadStripe();
  const base = apiBase ? new URL(apiBase) : undefined;
  const client = new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: "KnowWho" },
    ...(base
      ? {
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
        }
      : {}),
  });
  clients.set(cacheKey, client);
  return client;
}

function lineItem(line: CheckoutLine, mode: CheckoutInput["mode"]) {
  if ("price" in line) return { price: line.price, quantity: line.quantity ?? 1 };
  return {
    quantity: line.quantity ?? 1,
    price_data: {
      currency: line.currency.toLowerCase(),
      unit_amount: line.amount,
      product_data: { name: line.name },
      ...(mode === "subscription" ? { recurring: { interval: line.interval ?? "month" } } : {}),
    },
  };
}

/** The subscription's one item moved to a new price, made on the subscription's own product (no Price ids to configure). */
async function itemsFor(
  stripe: Stripe,
  subscriptionId: string,
  price: NonNullable<SubscriptionUpdate["price"]>,
  options: { stripeAccount: string } | undefined,
) {
  const current = await stripe.subscriptions.retrieve(subscriptionId, {}, options);
  const item = current.items.data[0];
  if (!item) throw new PaymentsError("This subscription has no item to change", 400);
  const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  return [
    {
      id: item.id,
      // A new price sets the quantity to 1 unless it is given: a team's seats stay as they are.
      quantity: item.quantity ?? 1,
      price_data: {
        currency: price.currency.toLowerCase(),
        product,
        unit_amount: price.amount,
        recurring: { interval: price.interval },
      },
    },
  ];
}

/** Stripe's error, kept as its own message and status so the caller can show or log it. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { Stripe } = await loadStripe();
    if (error instanceof Stripe.errors.StripeError)
      throw new PaymentsError(error.message, error.statusCode ?? 502, error.code ?? error.type);
    throw new PaymentsError("Stripe could not be reached", 502);
  }
}

export function stripePayments(config: StripeConfig): Payments {
  const client = () => stripeClient(config);
  return {
    kind: "stripe",
    createAccount: ({ email, type, country }) =>
      call(async () => {
        const stripe = await client();
        const account = await stripe.accounts.create({
          type,
          ...(email ? { email } : {}),
          ...(country ? { country } : {}),
          ...(type === "express"
            ? { capabilities: { card_payments: { requested: true }, transfers: { requested: true } } }
            : {}),
        });
        return { id: account.id };
      }),
    onboardingLink: ({ accountId, refreshUrl, returnUrl }) =>
      call(async () => {
        const stripe = await client();
        const link = await stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: "account_onboarding",
        });
        return { url: link.url };
      }),
    accountStatus: (accountId) =>
      call(async (): Promise<AccountStatus> => {
        const stripe = await client();
        const account = await stripe.accounts.retrieve(accountId);
        return {
          id: account.id,
          chargesEnabled: Boolean(account.charges_enabled),
          payoutsEnabled: Boolean(account.payouts_enabled),
          detailsSubmitted: Boolean(account.details_submitted),
          currentlyDue: account.requirements?.currently_due ?? [],
        };
      }),
    createCheckout: (input) =>
      call(async () => {
        const stripe = await client();
        const session = await stripe.checkout.sessions.create(
          {
            mode: input.mode,
            line_items: input.lines.map((l) => lineItem(l, input.mode)),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            ...(input.locale ? { locale: checkoutLocale(input.locale) } : {}),
            ...(input.clientReferenceId ? { client_reference_id: input.clientReferenceId } : {}),
            ...(input.customerId
              ? { customer: input.customerId }
              : input.customerEmail
                ? { customer_email: input.customerEmail }
                : {}),
            ...(input.mode === "payment"
              ? {
                  submit_type: input.submitType ?? "pay",
                  // The charge carries the same metadata, so refunds route back to the same domain.
                  payment_intent_data: { metadata: input.metadata },
                }
              : {
                  subscription_data: {
                    metadata: input.metadata,
                    ...(input.trialEnd
                      ? { trial_end: input.trialEnd }
                      : input.trialDays
                        ? { trial_period_days: input.trialDays }
                        : {}),
                  },
                }),
          },
          {
            ...(input.stripeAccount ? { stripeAccount: input.stripeAccount } : {}),
            ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
          },
        );
        if (!session.url) throw new PaymentsError("Stripe returned a session without a checkout address", 502);
        return { id: session.id, url: session.url };
      }),
    portalSession: ({ customerId, returnUrl, stripeAccount }) =>
      call(async () => {
        const stripe = await client();
        const session = await stripe.billingPortal.sessions.create(
          { customer: customerId, return_url: returnUrl },
          stripeAccount ? { stripeAccount } : undefined,
        );
        return { url: session.url };
      }),
    updateSubscription: ({ subscriptionId, cancelAtPeriodEnd, price, stripeAccount, prorationDate }) =>
      call(async () => {
        const stripe = await client();
        const options = stripeAccount ? { stripeAccount } : undefined;
        const items = price ? await itemsFor(stripe, subscriptionId, price, options) : undefined;
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          {
            ...(cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: cancelAtPeriodEnd }),
            ...(items ? { items, proration_behavior: "always_invoice" as const } : {}),
            ...(items && prorationDate ? { proration_date: prorationDate } : {}),
          },
          options,
        );
        return { id: updated.id };
      }),
    updateSeats: ({ subscriptionId, quantity, idempotencyKey, prorationDate }) =>
      call(async () => {
        const stripe = await client();
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new PaymentsError("This subscription has no item to change", 400);
        const updated = await stripe.subscriptionItems.update(
          item.id,
          {
            quantity,
            proration_behavior: "create_prorations",
            ...(prorationDate ? { proration_date: prorationDate } : {}),
          },
          { idempotencyKey },
        );
        return { id: subscriptionId, quantity: updated.quantity ?? quantity };
      }),
    previewNextInvoice: ({ subscriptionId }) =>
      call(async () => {
        const stripe = await client();
        const preview = await stripe.invoices.createPreview({ subscription: subscriptionId });
        const proration = (line: Stripe.InvoiceLineItem) =>
          Boolean(line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration);
        const lines = preview.lines.data;
        const period = lines.find((l) => !proration(l));
        return {
          total: preview.total,
          prorations: lines.filter(proration).reduce((sum, l) => sum + l.amount, 0),
          quantity: period?.quantity ?? 1,
          currency: preview.currency.toUpperCase(),
          at: preview.next_payment_attempt ?? period?.period.start ?? null,
        };
      }),
    previewSubscriptionChange: ({ subscriptionId, price, stripeAccount, prorationDate }) =>
      call(async () => {
        const stripe = await client();
        const options = stripeAccount ? { stripeAccount } : undefined;
        const items = await itemsFor(stripe, subscriptionId, price, options);
        const preview = await stripe.invoices.createPreview(
          {
            subscription: subscriptionId,
            subscription_details: { items, proration_behavior: "always_invoice", proration_date: prorationDate },
          },
          options,
        );
        return {
          amountDue: preview.amount_due,
          total: preview.total,
          currency: preview.currency.toUpperCase(),
          prorationDate,
        };
      }),
    setSubscriptionState: ({ subscriptionId, state, stripeAccount }) =>
      call(async () => {
        const stripe = await client();
        const options = stripeAccount ? { stripeAccount } : undefined;
        const done =
          state === "cancel"
            ? await stripe.subscriptions.cancel(subscriptionId, {}, options)
            : await stripe.subscriptions.update(
                subscriptionId,
                // An empty value unsets pause_collection: invoices are charged again from the next period.
                { pause_collection: state === "pause" ? { behavior: "void" } : "" },
                options,
              );
        return { id: done.id };
      }),
    refund: ({ paymentIntentId, stripeAccount, amount, idempotencyKey }) =>
      call(async () => {
        const stripe = await client();
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, ...(amount ? { amount } : {}) },
          { ...(stripeAccount ? { stripeAccount } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) },
        );
        return { id: refund.id };
      }),
  };
}
