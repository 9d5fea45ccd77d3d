import { plansHandler } from "../billing/billing.server";
import { donationHandler } from "../fundraising/donations.server";
import type { PaymentHandler } from "./webhook.server";

/**
 * Every domain that takes money registers its webhook handler here, one line each; the webhook route
 * offers each event to them in order and the first that claims it records it.
 */
export const paymentHandlers: PaymentHandler[] = [donationHandler, plansHandler];
