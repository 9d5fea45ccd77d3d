import { and, eq } from "drizzle-orm";
import { personJson, type Schedule } from "~/lib/integrations/rules";
import { type SyncLogItem, syncRun, webhookEndpoint } from "~db/schema";
import type { Database } from "../db/db.server";
import { encryptSecret } from "./crypto.server";
import { peopleChangedSince } from "./people-source.server";
import { outboundAddressProblem } from "./resolve.server";
import { envelope, newSigningSecret, queueDeliveries, type SyncContext } from "./webhooks.server";

/** People per signed people.sync delivery. */
export const KRYSTAL_BATCH = 100;

export async function getKrystal(db: Database, userId: string) {
  return db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.kind, "krystal")))
    .get();
}

/**
 * Connects (or reconnects) the owner's Krystal AI endpoint. A new signing secret is made on first
 * connect only and shown once; the key is sent as a bearer token with every delivery.
 */
export async function connectKrystal(
  ctx: SyncContext,
  userId: string,
  input: { url: string; apiKey: string; schedule: Schedule },
): Promise<{ secret: string | null } | { error: string }> {
  const problem = await outboundAddressProblem(ctx.env, input.url);
  if (problem) return { error: problem };
  const existing = await getKrystal(ctx.db, userId);
  const apiKeyEnc = await encryptSecret(ctx.env, input.apiKey);
  const url = new URL(input.url).href;
  if (existing) {
    await ctx.db
      .update(webhookEndpoint)
      .set({ url, apiKeyEnc, schedule: input.schedule, status: "active", pausedReason: null, failureStreak: 0 })
      .where(eq(webhookEndpoint.id, existing.id));
    return { secret: null };
  }
  const secret = newSigningSecret();
  // The partial unique index keeps one Krystal target per owner even when two saves race.
  await ctx.db
    .insert(webhookEndpoint)
    .values({
      userId,
      kind: "krystal",
      url,
      description: "Krystal AI",
      events: ["people.sync"],
      secretEnc: await encryptSecret(ctx.env, secret),
      apiKeyEnc,
      schedule: input.schedule,
    })
    .onConflictDoNothing();
  return { secret };
}

export async function disconnectKrystal(db: Database, userId: string): Promise<void> {
  await db.delete(webhookEndpoint).where(and(eq(webhookEndpoint.userId, userId), eq(webhookEndpoint.kind, "krystal")));
}

/**
 * Queues every person changed since the last run as signed people.sync deliveries (100 people
 * each) to the owner's Krystal endpoint; the queue retries them and holds them while it is paused.
 */
export async function runKrystalSync(
  ctx: SyncContext,
  userId: string,
  trigger: "manual" | "schedule",
  now = new Date(),
) {
  const target = await getKrystal(ctx.db, userId);
  if (!target) return null;
  const items: SyncLogItem[] = [];
  const bodies: string[] = [];
  for await (const page of peopleChangedSince(ctx.db, userId, target.lastSyncAt, KRYSTAL_BATCH)) {
    if (!page.length) continue;
    // The owner's private notes stay here (the integration doc promises it).
    const people = page.map(({ note: _note, ...person }) => personJson(person));
    bodies.push(envelope("people.sync", { people }, now));
    for (const p of page)
      items.push({ personId: p.id, name: p.displayName, email: p.emails?.[0]?.value ?? null, outcome: "sent" });
  }
  await queueDeliveries(
    ctx,
    userId,
    bodies.map((body) => ({ endpointId: target.id, type: "people.sync" as const, body })),
  );
  const message = items.length
    ? `${items.length} ${items.length === 1 ? "person" : "people"} queued in ${bodies.length} signed ${bodies.length === 1 ? "delivery" : "deliveries"}${target.status === "paused" ? " (held until you resume)" : ""}`
    : "No changes since the last sync";
  await ctx.db.batch([
    ctx.db.update(webhookEndpoint).set({ lastSyncAt: now }).where(eq(webhookEndpoint.id, target.id)),
    ctx.db.insert(syncRun).values({
      userId,
      target: "krystal",
      trigger,
      status: "succeeded",
      updated: items.length,
      message,
      items: items.slice(0, 500),
    }),
  ]);
  return { queued: items.length, deliveries: bodies.length, message };
}
