import type { Locale } from "~/lib/i18n/locales";
/**
 * The payments adapter's one interface, shared by every domain that takes money (donations now, plans
 * next). Two implementations: Stripe's official library (stripe.server.ts) and the built-in test
 * checkout (local.server.ts) used when no Stripe key is configured. Amounts are integers in the
 * currency's minor units; card numbers never reach us (Stripe's hosted pages collect them).
 */
export type CheckoutMode = "payment" | "subscription";

/** One line of a Checkout Session: an amount we name (price_data) or a Stripe Price id. */
export type CheckoutLine =
  | { name: string; amount: number; currency: string; quantity?: number; interval?: "month" | "year" }
  | { price: string; quantity?: number };

export type CheckoutInput = {
  mode: CheckoutMode;
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session and (subscription mode) the subscription, so every later event routes back. */
  metadata: { domain: string } & Record<string, string>;
  /** A connected account (Connect): the session, the charge and the money are that account's. */
  stripeAccount?: string;
  customerEmail?: string;
  customerId?: string;
  clientReferenceId?: string;
  /** Checkout's button reads "Donate" instead of "Pay" (payment mode only). */
  submitType?: "donate" | "pay";
  /** The payer's language (decision 0194): Checkout's own words follow it where Stripe has them. */
  locale?: Locale;
  trialDays?: number;
  /** Unix seconds: the subscription is free until then and its first charge falls then (Stripe's trial_end). */
  trialEnd?: number;
  /** Stripe's Idempotency-Key: the same key never creates a second session. */
  idempotencyKey?: string;
};

export type CheckoutSession = { id: string; url: string };

export type SubscriptionUpdate = {
  subscriptionId: string;
  cancelAtPeriodEnd?: boolean;
  price?: { amount: number; currency: string; interval: "month" | "year" };
  stripeAccount?: string;
  /** Unix seconds the proration is counted from: the preview's, so the charge is the amount shown. */
  prorationDate?: number;
};

/**
 * A team's seats: the subscription's one item set to `quantity`, the difference prorated onto the next invoice
 * (Stripe's create_prorations). The quantity is absolute and the key is the caller's, so a replay or a late
 * second call never adds a seat twice.
 */
export type SeatsUpdate = { subscriptionId: string; quantity: number; idempotencyKey: string; prorationDate?: number };

/** The subscription's next invoice as it stands now: its seats and the prorations pending from seat changes. */
export type NextInvoice = { total: number; prorations: number; quantity: number; currency: string; at: number | null };

/** What a change of price would invoice at once: negative `total` is a credit kept for the next invoices. */
export type ChangePreview = { amountDue: number; total: number; currency: string; prorationDate: number };

export type AccountStatus = {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Requirements Stripe still wants before charges are enabled. */
  currentlyDue: string[];
};

export interface Payments {
  readonly kind: "stripe" | "local";
  /** A connected account for an owner; `standard` keeps the owner's own full Stripe dashboard. */
  createAccount(input: { email?: string; type: "express" | "standard"; country?: string }): Promise<{ id: string }>;
  /** Stripe's hosted onboarding for that account; single-use, expires within minutes. */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  accountStatus(accountId: string): Promise<AccountStatus>;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Stripe's customer portal (manage or cancel a subscription, update the card). */
  portalSession(input: { customerId: string; returnUrl: string; stripeAccount?: string }): Promise<{ url: string }>;
  /**
   * Changes a subscription (plans): cancel at the period's end or undo that, or move it to another
   * amount and interval with prorations invoiced at once (an upgrade is charged the difference, a
   * downgrade leaves a credit for the next invoices). The plan changes only when the events arrive.
   */
  updateSubscription(input: SubscriptionUpdate): Promise<{ id: string }>;
  /** Sets a subscription's seats (its item's quantity), prorated onto the next invoice; the plan's events follow. */
  updateSeats(input: SeatsUpdate): Promise<{ id: string; quantity: number }>;
  /** The next invoice of a subscription as it stands (Stripe's invoice preview), charging nothing. */
  previewNextInvoice(input: { subscriptionId: string }): Promise<NextInvoice>;
  /** The invoice a change of price would make now (Stripe's invoice preview), charging nothing. */
  previewSubscriptionChange(
    input: Required<Pick<SubscriptionUpdate, "price" | "prorationDate">> & SubscriptionUpdate,
  ): Promise<ChangePreview>;
  /**
   * A donor's recurring gift, held or stopped now: pause voids the invoices until resumed (Stripe's
   * pause_collection), cancel ends it at once. The gift changes only when the subscription's event arrives.
   */
  setSubscriptionState(input: {
    subscriptionId: string;
    state: "pause" | "resume" | "cancel";
    stripeAccount?: string;
  }): Promise<{ id: string }>;
  /**
   * Asks for a refund (the amount, else all that is left); the gift changes only when the
   * `charge.refunded` event arrives. The same idempotency key twice refunds once (Stripe's own rule).
   */
  refund(input: {
    paymentIntentId: string;
    stripeAccount?: string;
    amount?: number;
    idempotencyKey?: string;
  }): Promise<{ id: string }>;
}

/** What an adapter call failed with, in words an owner can act on; the message is Stripe's when it has one. */
export class PaymentsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "PaymentsError";
  }
}
