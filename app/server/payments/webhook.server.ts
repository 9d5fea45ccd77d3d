import type { AppContext } from "~/context";
import { paymentEvent } from "~db/schema";
import { failedWith, type Statement, writeBatch } from "../db/write.server";
import { type PaymentEvent, paymentEventSchema } from "./events";
import { webhookSecrets } from "./payments.server";
import { loadStripe } from "./stripe.server";

/**
 * What a domain's handler answers for an event it takes: the statements to write (committed in one
 * batch with the event's id, so the event and its effects land together or not at all) and work to do
 * after the commit (mail, cache purges). `retry` refuses the event for now (Stripe sends it again later),
 * for an event that arrived before the one it depends on.
 */
export type HandlerResult = { statements: Statement[]; after?: () => Promise<void> } | { retry: string };

export type PaymentHandler = {
  /** Recorded on the event row: which domain took it ("donations", "plans"). */
  domain: string;
  types: readonly string[];
  /**
   * Null when the event is not this domain's (another domain's checkout, an unknown payment). `origin` is
   * the site the event was delivered to, for links in the mail it sends.
   */
  handle(app: AppContext, event: PaymentEvent, site: { origin: string }): Promise<HandlerResult | null>;
};

/** Stripe sends again for up to three days on any answer but 2xx; 400 for what will never verify. */
const reply = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Signatures older or newer than this are refused (Stripe's library checks only age). */
const TOLERANCE_SECONDS = 300;

/** The signed timestamp within five minutes of now either way, as Standard Webhooks checks it. */
function withinTolerance(signature: string, now = Date.now()) {
  const t = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  return Number.isFinite(t) && Math.abs(now / 1000 - t) <= TOLERANCE_SECONDS;
}

/**
 * The one webhook route's work: verify Stripe's signature (any configured secret; the timestamp within
 * five minutes, before or after now), parse, hand the event to the domain that claims it, and record its id in the same
 * batch as the domain's writes. A replayed event hits the primary key and changes nothing.
 */
export async function receiveStripeWebhook(
  app: AppContext,
  request: Request,
  handlers: readonly PaymentHandler[],
): Promise<Response> {
  const signature = request.headers.get("stripe-signature");
  if (!signature) return reply(400, { error: "Missing Stripe-Signature header" });
  const body = await request.text();
  let verified: unknown;
  const { Stripe, cryptoProvider } = await loadStripe();
  for (const secret of await webhookSecrets(app.env)) {
    try {
      verified = await Stripe.webhooks.constructEventAsync(body, signature, secret, TOLERANCE_SECONDS, cryptoProvider);
      break;
    } catch {
      // Tried with the next secret (platform and Connect endpoints sign with their own).
    }
  }
  if (!verified || !withinTolerance(signature)) return reply(400, { error: "Invalid signature" });
  const parsed = paymentEventSchema.safeParse(verified);
  if (!parsed.success) return reply(400, { error: "Not a Stripe event" });
  const event = parsed.data;

  let taken: { domain: string; result: HandlerResult } | undefined;
  const site = { origin: new URL(request.url).origin };
  for (const handler of handlers) {
    if (!handler.types.includes(event.type)) continue;
    const result = await handler.handle(app, event, site);
    if (result) {
      taken = { domain: handler.domain, result };
      break;
    }
  }
  if (taken && "retry" in taken.result) return reply(409, { error: taken.result.retry, retry: true });

  const record = app.db.insert(paymentEvent).values({
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    domain: taken?.domain ?? null,
    created: event.created,
  });
  try {
    await writeBatch(app.db, [record, ...(taken && "statements" in taken.result ? taken.result.statements : [])]);
  } catch (error) {
    if (failedWith(error, /UNIQUE constraint failed: payment_event\.id/))
      return reply(200, { received: true, duplicate: true });
    throw error;
  }
  // Mail and cache purges, awaited (they take milliseconds) so the answer means "done"; their failure
  // never undoes the committed event.
  const after = taken && "after" in taken.result ? taken.result.after : undefined;
  if (after) await after().catch((e) => console.error("payments: after-event work failed", e));
  return reply(200, { received: true, domain: taken?.domain ?? null });
}
