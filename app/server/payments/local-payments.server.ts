import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { hex as bytesToHex } from "~/lib/text/hex";
import { paymentLocalObject } from "~db/schema";
import { type LocalSession, now, type Obj, rand, readLocal, save, sendLocalEvent } from "./local.server";
import {
  changeLocalSubscription,
  invoiceObject,
  itemOf,
  type LocalItem,
  localProration,
  payerOf,
  pendingOf,
  quantityOf,
  setLocalSeats,
} from "./local-subscriptions.server";
import { type Payments, PaymentsError } from "./types";

/** The built-in test checkout as a Payments adapter: accounts, sessions, refunds and subscriptions kept locally. */
export function localPayments(app: AppContext): Payments {
  return {
    kind: "local",
    async createAccount({ email, type, country }) {
      const id = `acct_local_${rand()}`;
      await save(app, "account", {
        id,
        object: "account",
        type,
        email: email ?? null,
        country: country ?? "US",
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      });
      return { id };
    },
    async onboardingLink({ accountId, refreshUrl, returnUrl }) {
      if (!(await readLocal(app, accountId, "account")))
        throw new PaymentsError(`No such account: '${accountId}'`, 404);
      const q = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `/pay/test/onboard/${accountId}?${q}` };
    },
    async accountStatus(accountId) {
      const a = await readLocal(app, accountId, "account");
      if (!a) throw new PaymentsError(`No such account: '${accountId}'`, 404);
      return {
        id: a.id,
        chargesEnabled: a.charges_enabled === true,
        payoutsEnabled: a.payouts_enabled === true,
        detailsSubmitted: a.details_submitted === true,
        currentlyDue: a.details_submitted ? [] : ["business_profile.url", "external_account"],
      };
    },
    async createCheckout(input) {
      if (input.stripeAccount) {
        const a = await readLocal(app, input.stripeAccount, "account");
        if (!a?.charges_enabled)
          throw new PaymentsError("This account cannot take payments yet", 400, "account_invalid");
      }
      const line = input.lines[0];
      if (!line || "price" in line || input.lines.length !== 1)
        throw new PaymentsError("The test checkout takes one line with a named amount", 400, "parameter_invalid");
      const id = `cs_test_local_${rand()}`;
      const session: LocalSession = {
        id,
        object: "checkout.session",
        mode: input.mode,
        status: "open",
        amount_total: line.amount * (line.quantity ?? 1),
        currency: line.currency.toLowerCase(),
        line_name: line.name,
        unit_amount: line.amount,
        quantity: line.quantity ?? 1,
        interval: input.mode === "subscription" ? (line.interval ?? "month") : null,
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        account: input.stripeAccount ?? null,
        customer_email: input.customerEmail ?? null,
        client_reference_id: input.clientReferenceId ?? null,
        submit_type: input.submitType ?? null,
        locale: input.locale ?? null,
        trial_end: input.mode === "subscription" ? (input.trialEnd ?? null) : null,
      };
      await save(app, "checkout_session", session);
      return { id, url: `/pay/test/checkout/${id}` };
    },
    async portalSession({ customerId, returnUrl }) {
      if (!(await readLocal(app, customerId, "customer")))
        throw new PaymentsError(`No such customer: '${customerId}'`, 404);
      return { url: `/pay/test/portal/${customerId}?${new URLSearchParams({ return_url: returnUrl })}` };
    },
    async previewSubscriptionChange({ subscriptionId, price, prorationDate }) {
      const sub = await readLocal(app, subscriptionId, "subscription");
      if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
      const { amount: change } = localProration(itemOf(sub), price, prorationDate, sub.status === "trialing");
      const amount = change + pendingOf(sub);
      return {
        amountDue: Math.max(0, amount),
        total: amount,
        currency: String(sub.currency).toUpperCase(),
        prorationDate,
      };
    },
    async updateSeats({ subscriptionId, quantity, idempotencyKey, prorationDate }) {
      const sub = await setLocalSeats(app, subscriptionId, quantity, idempotencyKey, prorationDate ?? now());
      await sendLocalEvent(app, "customer.subscription.updated", sub, (sub.account as string | null) ?? null);
      return { id: sub.id, quantity: quantityOf(itemOf(sub)) };
    },
    async previewNextInvoice({ subscriptionId }) {
      const sub = await readLocal(app, subscriptionId, "subscription");
      if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
      const item = itemOf(sub);
      const prorations = pendingOf(sub);
      return {
        total: item.price.unit_amount * quantityOf(item) + prorations,
        prorations,
        quantity: quantityOf(item),
        currency: String(sub.currency).toUpperCase(),
        at: item.current_period_end,
      };
    },
    async updateSubscription({ subscriptionId, cancelAtPeriodEnd, price, prorationDate }) {
      const sub = await readLocal(app, subscriptionId, "subscription");
      if (!sub) throw new PaymentsError(`No such subscription: '${subscriptionId}'`, 404, "resource_missing");
      if (sub.status === "canceled")
        throw new PaymentsError("A canceled subscription can no longer be updated", 400, "subscription_canceled");
      const account = (sub.account as string | null) ?? null;
      let updated: Obj = {
        ...sub,
        ...(cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: cancelAtPeriodEnd }),
      };
      let invoice: Obj | null = null;
      if (price) {
        const item = itemOf(sub);
        const { amount, period } = localProration(item, price, prorationDate ?? now(), sub.status === "trialing");
        const newItem: LocalItem = {
          ...item,
          price: {
            unit_amount: price.amount,
            currency: price.currency.toLowerCase(),
            recurring: { interval: price.interval },
          },
          current_period_start: period.start,
          current_period_end: period.end,
        };
        // The interval's change invoices the prorations kept so far with it, as Stripe's always_invoice does.
        updated = { ...updated, items: { data: [newItem] }, pending_prorations: 0 };
        const piId = `pi_local_${rand()}`;
        invoice = invoiceObject(
          {
            currency: String(sub.currency),
            metadata: sub.metadata as Record<string, string>,
            amount_total: amount + pendingOf(sub),
          },
          `in_local_${rand()}`,
          sub.id,
          String(sub.customer),
          piId,
          `ch_local_${rand()}`,
          "subscription_update",
          true,
          await payerOf(app, String(sub.customer)),
          period,
        );
      }
      await save(app, "subscription", updated);
      await sendLocalEvent(app, "customer.subscription.updated", updated, account);
      if (invoice) await sendLocalEvent(app, "invoice.paid", invoice, account);
      return { id: sub.id };
    },
    async setSubscriptionState({ subscriptionId, state }) {
      return { id: (await changeLocalSubscription(app, subscriptionId, state)).id };
    },
    async refund({ paymentIntentId, amount, idempotencyKey }) {
      const pi = await readLocal(app, paymentIntentId, "payment_intent");
      if (!pi) throw new PaymentsError(`No such payment_intent: '${paymentIntentId}'`, 404);
      // As Stripe keeps idempotency keys: the key is claimed by the refund's own row, so a replay refunds nothing.
      const refundId = idempotencyKey ? `re_local_${await keyDigest(idempotencyKey)}` : `re_local_${rand()}`;
      if (idempotencyKey) {
        const claimed = await app.db
          .insert(paymentLocalObject)
          .values({ id: refundId, kind: "refund", data: { id: refundId, object: "refund", payment_intent: pi.id } })
          .onConflictDoNothing()
          .returning({ id: paymentLocalObject.id });
        if (!claimed.length) return { id: refundId };
      }
      try {
        await moveLocalRefund(app, pi, amount);
      } catch (error) {
        if (idempotencyKey) await app.db.delete(paymentLocalObject).where(eq(paymentLocalObject.id, refundId));
        throw error;
      }
      return { id: refundId };
    },
  };
}

/** Moves money back on a test payment: all that is left, or the amount asked, refused past what is left. */
async function moveLocalRefund(app: AppContext, pi: Obj, amount: number | undefined) {
  const total = Number(pi.amount);
  const already = Number(pi.amount_refunded ?? 0);
  if (amount !== undefined && amount > total - already && total > already)
    throw new PaymentsError("The refund is larger than what is left of this payment", 400, "amount_too_large");
  const more = Math.min(amount ?? total - already, total - already);
  if (more <= 0) throw new PaymentsError("This payment has already been refunded", 400, "charge_already_refunded");
  const refunded = already + more;
  // Conditional on what was read: of two refunds pressed at once, the second is refused as Stripe would.
  const moved = await app.db
    .update(paymentLocalObject)
    .set({ data: sql`json_set(${paymentLocalObject.data}, '$.amount_refunded', ${refunded})` })
    .where(
      and(
        eq(paymentLocalObject.id, String(pi.id)),
        sql`coalesce(json_extract(${paymentLocalObject.data}, '$.amount_refunded'), 0) = ${already}`,
      ),
    )
    .returning({ id: paymentLocalObject.id });
  if (!moved.length) throw new PaymentsError("This payment has already been refunded", 400, "charge_already_refunded");
  await sendLocalEvent(
    app,
    "charge.refunded",
    {
      id: String(pi.latest_charge),
      object: "charge",
      amount: total,
      amount_refunded: refunded,
      refunded: refunded >= total,
      currency: pi.currency,
      payment_intent: pi.id,
      invoice: pi.invoice ?? null,
      metadata: pi.metadata ?? {},
    },
    (pi.account as string | null) ?? null,
  );
}

/** A short stable digest of an idempotency key, for the refund's id. */
async function keyDigest(key: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return bytesToHex(new Uint8Array(digest).subarray(0, 12));
}
