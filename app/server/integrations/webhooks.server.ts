import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { AppContext } from "~/context";
import {
  backoffSeconds,
  type DeliveryEvent,
  MAX_ATTEMPTS,
  PAUSE_AFTER_FAILURES,
  type WebhookEvent,
} from "~/lib/integrations/rules";
import { webhookDelivery, webhookEndpoint } from "~db/schema";
import { hasFeature } from "../billing/plans.server";
import { chunk, D1_MAX_PARAMS } from "../db/budget.server";
import type { Database } from "../db/db.server";
import type { AppEnv, WebhookMessage } from "../platform/env.server";
import { randomToken } from "../platform/tokens.server";
import { decryptSecret, encryptSecret } from "./crypto.server";
import { outboundAddressProblem } from "./resolve.server";

/** What emitting and delivering needs: the environment and the database (a request's or the cron's). */
export type SyncContext = Pick<AppContext, "env" | "db">;

export const isProduction = (env: AppEnv) => env.APP_ENV === "production";

/** A fresh Standard Webhooks secret: whsec_ and 24 random bytes in base64. */
export function newSigningSecret(): string {
  const raw = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...raw))}`;
}

const newMessageId = () => `msg_${randomToken(18)}`;

export async function listEndpoints(db: Database, userId: string, kind: "webhook" | "krystal" = "webhook") {
  return db
    .select({
      id: webhookEndpoint.id,
      url: webhookEndpoint.url,
      description: webhookEndpoint.description,
      events: webhookEndpoint.events,
      status: webhookEndpoint.status,
      pausedReason: webhookEndpoint.pausedReason,
      failureStreak: webhookEndpoint.failureStreak,
      schedule: webhookEndpoint.schedule,
      lastSyncAt: webhookEndpoint.lastSyncAt,
      createdAt: webhookEndpoint.createdAt,
    })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.kind, kind)))
    .orderBy(webhookEndpoint.id);
}

export async function getEndpoint(db: Database, userId: string, id: number) {
  return db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .get();
}

/** Adds a webhook; answers the signing secret, which is shown to the owner once. */
export async function addEndpoint(
  ctx: SyncContext,
  userId: string,
  input: { url: string; description?: string; events: WebhookEvent[] },
): Promise<{ id: number; secret: string } | { error: string }> {
  const problem = await outboundAddressProblem(ctx.env, input.url);
  if (problem) return { error: problem };
  const secret = newSigningSecret();
  const row = await ctx.db
    .insert(webhookEndpoint)
    .values({
      userId,
      kind: "webhook",
      url: new URL(input.url).href,
      description: input.description ?? "",
      events: [...new Set(input.events)],
      secretEnc: await encryptSecret(ctx.env, secret),
    })
    .returning({ id: webhookEndpoint.id })
    .get();
  return { id: row.id, secret };
}

export async function removeEndpoint(db: Database, userId: string, id: number): Promise<boolean> {
  const gone = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .returning({ id: webhookEndpoint.id });
  return gone.length > 0;
}

/** An endpoint's deliveries, newest first; `after` is the (created, id) of the previous page's last. */
export async function listDeliveries(
  db: Database,
  userId: string,
  endpointId: number,
  limit = 20,
  after?: { at: number; id: string } | null,
) {
  return db
    .select({
      id: webhookDelivery.id,
      eventType: webhookDelivery.eventType,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      responseStatus: webhookDelivery.responseStatus,
      error: webhookDelivery.error,
      createdAt: webhookDelivery.createdAt,
      // The stored number itself, for the cursor: SQL's default keeps fractions of a millisecond.
      at: sql<number>`${webhookDelivery.createdAt}`,
      updatedAt: webhookDelivery.updatedAt,
    })
    .from(webhookDelivery)
    .where(
      and(
        eq(webhookDelivery.userId, userId),
        eq(webhookDelivery.endpointId, endpointId),
        after ? sql`(${webhookDelivery.createdAt}, ${webhookDelivery.id}) < (${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit);
}

/** The body every receiver gets (Standard Webhooks' recommended envelope). */
export function envelope(type: DeliveryEvent, data: unknown, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

async function enqueue(env: AppEnv, ids: string[], delaySeconds = 0): Promise<void> {
  // A queue batch takes at most 100 messages.
  for (let i = 0; i < ids.length; i += 100) {
    await env.WEBHOOKS.sendBatch(
      ids.slice(i, i + 100).map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage, delaySeconds })),
    );
  }
}

/** Stores deliveries for endpoints (one D1 batch) and queues them. */
export async function queueDeliveries(
  ctx: SyncContext,
  userId: string,
  items: { endpointId: number; type: DeliveryEvent; body: string }[],
): Promise<string[]> {
  if (!items.length) return [];
  const rows = items.map((item) => ({
    id: newMessageId(),
    endpointId: item.endpointId,
    userId,
    eventType: item.type,
    payload: item.body,
  }));
  // As many rows a statement as D1 binds, counted from the statement drizzle writes for one row.
  const perRow = rows[0] ? ctx.db.insert(webhookDelivery).values(rows[0]).toSQL().params.length : 1;
  const inserts = chunk(rows, Math.floor(D1_MAX_PARAMS / perRow)).map((part) =>
    ctx.db.insert(webhookDelivery).values(part),
  );
  const [first, ...rest] = inserts;
  if (first) await ctx.db.batch([first, ...rest]);
  await enqueue(
    ctx.env,
    rows.map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

/**
 * The one way anything tells the owner's webhooks that something happened: every active webhook
 * subscribed to the event gets a signed delivery through the queue. The people core calls this.
 */
export async function emitEvent(ctx: SyncContext, ownerId: string, type: WebhookEvent, payload: unknown) {
  return emitEvents(ctx, ownerId, [type], async () => [{ type, payload }]);
}

/**
 * Many events at once (an import, a merge): the endpoints are read once, and `build` (which may read
 * the people) runs only when some endpoint subscribes to one of `types`.
 */
export async function emitEvents(
  ctx: SyncContext,
  ownerId: string,
  types: WebhookEvent[],
  build: () => Promise<{ type: WebhookEvent; payload: unknown }[]>,
) {
  const endpoints = await ctx.db
    .select({ id: webhookEndpoint.id, events: webhookEndpoint.events, status: webhookEndpoint.status })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, ownerId), eq(webhookEndpoint.kind, "webhook")));
  // Paused endpoints still get the delivery, held until the owner resumes them.
  if (!endpoints.some((e) => types.some((t) => e.events.includes(t)))) return [];
  // Webhooks are Card Pro: on Basic nothing is queued, checked only when an endpoint listens (the endpoints are kept for when the owner upgrades).
  if (!(await hasFeature(ctx.db, ownerId, "crmSync"))) return [];
  const items = (await build()).flatMap(({ type, payload }) => {
    const body = envelope(type, payload);
    return endpoints.filter((e) => e.events.includes(type)).map((e) => ({ endpointId: e.id, type, body }));
  });
  return queueDeliveries(ctx, ownerId, items);
}

export type AttemptOutcome =
  | { kind: "done" }
  | { kind: "retry"; delaySeconds: number }
  | { kind: "held" }
  | { kind: "failed" }
  | { kind: "gone" };

const MAX_ERROR = 300;

/** Signs and posts one delivery; no redirects are followed, so a public URL cannot bounce us inward. */
async function post(
  env: AppEnv,
  endpoint: typeof webhookEndpoint.$inferSelect,
  delivery: { id: string; payload: string },
): Promise<{ status: number | null; error: string | null }> {
  // Judged again now: the name may point somewhere else than when the URL was saved.
  const problem = await outboundAddressProblem(env, endpoint.url);
  if (problem) return { status: null, error: problem };
  const secret = await decryptSecret(env, endpoint.secretEnc);
  const now = new Date();
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "KnowWho-Webhooks/1",
    "webhook-id": delivery.id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(delivery.id, now, delivery.payload),
  };
  if (endpoint.apiKeyEnc) headers.authorization = `Bearer ${await decryptSecret(env, endpoint.apiKeyEnc)}`;
  try {
    const res = await fetch(endpoint.url, {
      method: "POST",
      headers,
      body: delivery.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return { status: res.status, error: null };
    const error = res.status >= 300 && res.status < 400 ? "Redirects are not followed" : `HTTP ${res.status}`;
    return { status: res.status, error };
  } catch (error) {
    const message =
      error instanceof Error && error.name === "TimeoutError" ? "No answer within 15 s" : "Could not connect";
    return { status: null, error: message };
  }
}

/**
 * One attempt at one delivery, as the queue consumer (or the test button) makes it. Success resets
 * the endpoint's failure streak; each failure extends it, and at PAUSE_AFTER_FAILURES the endpoint is
 * paused and its deliveries are held until the owner resumes it.
 */
export async function attemptDelivery(
  ctx: SyncContext,
  deliveryId: string,
  options: { ignorePause?: boolean } = {},
): Promise<AttemptOutcome> {
  const { db, env } = ctx;
  const delivery = await db.select().from(webhookDelivery).where(eq(webhookDelivery.id, deliveryId)).get();
  if (!delivery || delivery.status === "succeeded" || delivery.status === "failed") return { kind: "gone" };
  const endpoint = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, delivery.endpointId)).get();
  if (!endpoint) return { kind: "gone" };
  if (endpoint.status === "paused" && !options.ignorePause) {
    await db.update(webhookDelivery).set({ status: "held" }).where(eq(webhookDelivery.id, deliveryId));
    return { kind: "held" };
  }
  const attempts = delivery.attempts + 1;
  const result = await post(env, endpoint, delivery);
  if (result.error === null) {
    await db.batch([
      db
        .update(webhookDelivery)
        .set({ status: "succeeded", attempts, responseStatus: result.status, error: null })
        .where(eq(webhookDelivery.id, deliveryId)),
      db.update(webhookEndpoint).set({ failureStreak: 0 }).where(eq(webhookEndpoint.id, endpoint.id)),
    ]);
    return { kind: "done" };
  }
  const error = result.error.slice(0, MAX_ERROR);
  // Counted in the database, so concurrent consumers cannot lose a failure.
  const bumped = await db
    .update(webhookEndpoint)
    .set({ failureStreak: sql`${webhookEndpoint.failureStreak} + 1` })
    .where(eq(webhookEndpoint.id, endpoint.id))
    .returning({ streak: webhookEndpoint.failureStreak, status: webhookEndpoint.status })
    .get();
  const streak = bumped?.streak ?? endpoint.failureStreak + 1;
  if (streak >= PAUSE_AFTER_FAILURES && !options.ignorePause) {
    const reason = `Paused after ${streak} failed deliveries in a row (last: ${error}). Fix the receiver, then press Resume: held deliveries are sent again.`;
    await db.batch([
      db
        .update(webhookEndpoint)
        .set({ status: "paused", pausedReason: reason })
        .where(and(eq(webhookEndpoint.id, endpoint.id), eq(webhookEndpoint.status, "active"))),
      db
        .update(webhookDelivery)
        .set({ status: "held", attempts, responseStatus: result.status, error })
        .where(eq(webhookDelivery.id, deliveryId)),
    ]);
    return { kind: "held" };
  }
  if (attempts >= MAX_ATTEMPTS) {
    await db
      .update(webhookDelivery)
      .set({ status: "failed", attempts, responseStatus: result.status, error })
      .where(eq(webhookDelivery.id, deliveryId));
    return { kind: "failed" };
  }
  await db
    .update(webhookDelivery)
    .set({ status: "pending", attempts, responseStatus: result.status, error })
    .where(eq(webhookDelivery.id, deliveryId));
  return { kind: "retry", delaySeconds: backoffSeconds(attempts) };
}

/** The queue consumer: each message is one attempt; failures come back after their back-off. */
export async function consumeWebhooks(ctx: SyncContext, batch: MessageBatch<WebhookMessage>): Promise<void> {
  for (const message of batch.messages) {
    const id = message.body?.deliveryId;
    if (typeof id !== "string") {
      message.ack();
      continue;
    }
    try {
      const outcome = await attemptDelivery(ctx, id);
      if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
      else message.ack();
    } catch (error) {
      console.error("webhook delivery", id, error);
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
}

/** Sends a signed test event now and reports what the receiver answered; a failure is retried later. */
export async function sendTest(ctx: SyncContext, userId: string, endpointId: number) {
  const endpoint = await getEndpoint(ctx.db, userId, endpointId);
  if (!endpoint) return null;
  const id = newMessageId();
  const body = envelope("webhook.test", { message: "A test from KnowWho: your endpoint receives signed events." });
  await ctx.db.insert(webhookDelivery).values({ id, endpointId, userId, eventType: "webhook.test", payload: body });
  const outcome = await attemptDelivery(ctx, id, { ignorePause: true });
  if (outcome.kind === "retry") await enqueue(ctx.env, [id], outcome.delaySeconds);
  const row = await ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id)).get();
  return { ok: outcome.kind === "done", responseStatus: row?.responseStatus ?? null, error: row?.error ?? null };
}

export async function pauseEndpoint(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoint)
    .set({ status: "paused", pausedReason: "Paused by you." })
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .returning({ id: webhookEndpoint.id });
  return rows.length > 0;
}

/** Resumes an endpoint and sends every delivery held while it was paused. */
export async function resumeEndpoint(ctx: SyncContext, userId: string, id: number): Promise<number | null> {
  const rows = await ctx.db
    .update(webhookEndpoint)
    .set({ status: "active", pausedReason: null, failureStreak: 0 })
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.id, id)))
    .returning({ id: webhookEndpoint.id });
  if (!rows.length) return null;
  const held = await ctx.db
    .update(webhookDelivery)
    .set({ status: "pending", attempts: 0 })
    .where(and(eq(webhookDelivery.endpointId, id), eq(webhookDelivery.status, "held")))
    .returning({ id: webhookDelivery.id });
  await enqueue(
    ctx.env,
    held.map((h) => h.id),
  );
  return held.length;
}

/** Deliveries left pending far longer than any back-off (a lost queue message) are queued again. */
export async function requeueStale(ctx: SyncContext, now: Date): Promise<number> {
  const stale = await ctx.db
    .select({ id: webhookDelivery.id })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .where(
      and(
        eq(webhookDelivery.status, "pending"),
        eq(webhookEndpoint.status, "active"),
        lt(webhookDelivery.updatedAt, new Date(now.getTime() - 2 * 3_600_000)),
      ),
    )
    .limit(500);
  const ids = stale.map((s) => s.id);
  if (!ids.length) return 0;
  for (const part of chunk(ids))
    await ctx.db.update(webhookDelivery).set({ updatedAt: now }).where(inArray(webhookDelivery.id, part));
  await enqueue(ctx.env, ids);
  return ids.length;
}
