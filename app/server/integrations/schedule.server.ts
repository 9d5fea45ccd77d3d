import { and, eq, ne } from "drizzle-orm";
import { SCHEDULE_MS, type Schedule } from "~/lib/integrations/rules";
import { hubspotSync, webhookEndpoint } from "~db/schema";
import { hasFeature } from "../billing/plans.server";
import { runHubspotSync } from "./hubspot.server";
import { runKrystalSync } from "./krystal.server";
import { requeueStale, type SyncContext } from "./webhooks.server";

/** The cron runs every 5 minutes; a sync is due when its period has passed, give or take one tick. */
const SLACK_MS = 5 * 60_000;

export function isDue(schedule: Schedule, lastRun: Date | null, now: Date): boolean {
  if (schedule === "manual") return false;
  return !lastRun || now.getTime() - lastRun.getTime() >= SCHEDULE_MS[schedule] - SLACK_MS;
}

/** Runs every HubSpot and Krystal AI sync whose schedule is due; one owner's failure stops no one else's. */
export async function runDueSyncs(ctx: SyncContext, now: Date): Promise<{ hubspot: number; krystal: number }> {
  const hubspot = await ctx.db
    .select({ userId: hubspotSync.userId, schedule: hubspotSync.schedule, lastRunAt: hubspotSync.lastRunAt })
    .from(hubspotSync)
    .where(and(eq(hubspotSync.status, "active"), ne(hubspotSync.schedule, "manual")));
  const krystal = await ctx.db
    .select({
      userId: webhookEndpoint.userId,
      schedule: webhookEndpoint.schedule,
      lastRunAt: webhookEndpoint.lastSyncAt,
    })
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.kind, "krystal"), ne(webhookEndpoint.schedule, "manual")));
  const ran = { hubspot: 0, krystal: 0 };
  // Scheduled syncs are Card Pro: an account on Basic keeps its settings and is skipped until it upgrades.
  const entitled = new Map<string, boolean>();
  const pro = async (userId: string) => {
    if (!entitled.has(userId)) entitled.set(userId, await hasFeature(ctx.db, userId, "crmSync", now));
    return entitled.get(userId);
  };
  for (const row of hubspot.filter((r) => isDue(r.schedule, r.lastRunAt, now))) {
    if (!(await pro(row.userId))) continue;
    try {
      await runHubspotSync(ctx, row.userId, "schedule", now);
      ran.hubspot++;
    } catch (error) {
      console.error("hubspot sync", row.userId, error);
    }
  }
  for (const row of krystal.filter((r) => isDue(r.schedule, r.lastRunAt, now))) {
    if (!(await pro(row.userId))) continue;
    try {
      await runKrystalSync(ctx, row.userId, "schedule", now);
      ran.krystal++;
    } catch (error) {
      console.error("krystal sync", row.userId, error);
    }
  }
  await requeueStale(ctx, now);
  return ran;
}
