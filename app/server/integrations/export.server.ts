import { eq } from "drizzle-orm";
import { apiToken, hubspotSync, syncRun, webhookEndpoint } from "~db/schema";
import type { Database } from "../db/db.server";

/** The owner's integrations for "download all my data"; secrets, keys and token hashes are left out. */
export async function exportIntegrations(db: Database, userId: string) {
  const [endpoints, hubspot, tokens, runs] = await Promise.all([
    db
      .select({
        id: webhookEndpoint.id,
        kind: webhookEndpoint.kind,
        url: webhookEndpoint.url,
        description: webhookEndpoint.description,
        events: webhookEndpoint.events,
        schedule: webhookEndpoint.schedule,
        status: webhookEndpoint.status,
        pausedReason: webhookEndpoint.pausedReason,
        createdAt: webhookEndpoint.createdAt,
      })
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.userId, userId)),
    db
      .select({
        schedule: hubspotSync.schedule,
        mapping: hubspotSync.mapping,
        status: hubspotSync.status,
        lastRunAt: hubspotSync.lastRunAt,
      })
      .from(hubspotSync)
      .where(eq(hubspotSync.userId, userId)),
    db
      .select({
        name: apiToken.name,
        prefix: apiToken.prefix,
        scope: apiToken.scope,
        createdAt: apiToken.createdAt,
        revokedAt: apiToken.revokedAt,
      })
      .from(apiToken)
      .where(eq(apiToken.userId, userId)),
    db.select().from(syncRun).where(eq(syncRun.userId, userId)),
  ]);
  return { endpoints, hubspot: hubspot[0] ?? null, apiTokens: tokens, syncRuns: runs };
}
