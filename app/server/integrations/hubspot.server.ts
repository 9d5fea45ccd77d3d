import { and, desc, eq } from "drizzle-orm";
import { DEFAULT_HUBSPOT_MAPPING, outboundUrlProblem, type Schedule, toHubspotContact } from "~/lib/integrations/rules";
import { hubspotSync, type SyncLogItem, syncRun } from "~db/schema";
import type { Database } from "../db/db.server";
import { decryptSecret, encryptSecret } from "./crypto.server";
import { peopleChangedSince } from "./people-source.server";
import { isProduction, type SyncContext } from "./webhooks.server";

export const HUBSPOT_API = "https://api.hubapi.com";
/** HubSpot's batch endpoints take at most 100 inputs. */
export const HUBSPOT_BATCH = 100;
/** The longest Retry-After we wait for inside one run; longer asks end the run. */
const MAX_WAIT_SECONDS = 30;

export class HubspotError extends Error {
  constructor(
    readonly kind: "auth" | "rate-limit" | "server" | "network" | "bad-request",
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

type UpsertResult = {
  results: { id: string; new?: boolean; properties?: Record<string, string | null> }[];
  errors: { message: string; context?: Record<string, string[]> }[];
};

type ClientOptions = { sleep?: (ms: number) => Promise<void>; fetch?: typeof fetch };

/** The calls we make to HubSpot's CRM API, with its rate limits and outages handled in one place. */
export function hubspotClient(baseUrl: string, token: string, options: ClientOptions = {}) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const doFetch = options.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, "");

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let serverFailures = 0;
    let rateLimits = 0;
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          ...init,
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        });
      } catch {
        if (++serverFailures > 2) throw new HubspotError("network", null, "HubSpot could not be reached");
        await sleep(1000 * serverFailures);
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new HubspotError(
          "auth",
          res.status,
          res.status === 401
            ? "HubSpot refused the access token (401)"
            : "The private app lacks the crm.objects.contacts.write scope (403)",
        );
      }
      if (res.status === 429) {
        const wait = Number(res.headers.get("retry-after") ?? "10");
        await res.body?.cancel();
        const seconds = Number.isFinite(wait) && wait >= 0 ? wait : 10;
        if (++rateLimits > 3 || seconds > MAX_WAIT_SECONDS)
          throw new HubspotError("rate-limit", 429, `HubSpot's rate limit was reached (asked to wait ${seconds} s)`);
        await sleep(seconds * 1000);
        continue;
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        if (++serverFailures > 2) throw new HubspotError("server", res.status, `HubSpot answered ${res.status}`);
        await sleep(1000 * serverFailures);
        continue;
      }
      return res;
    }
  }

  return {
    /** Checks the token with the cheapest read the contacts scope allows. */
    async verify(): Promise<void> {
      const res = await call("/crm/v3/objects/contacts?limit=1");
      await res.body?.cancel();
      if (!res.ok) throw new HubspotError("bad-request", res.status, `HubSpot answered ${res.status}`);
    },
    /** Creates or updates contacts matched by email; 207 answers carry per-contact errors. */
    async upsertByEmail(inputs: { email: string; properties: Record<string, string> }[]): Promise<UpsertResult> {
      const res = await call("/crm/v3/objects/contacts/batch/upsert", {
        method: "POST",
        body: JSON.stringify({
          inputs: inputs.map((i) => ({ idProperty: "email", id: i.email, properties: i.properties })),
        }),
      });
      const body = (await res.json().catch(() => null)) as Partial<UpsertResult> & { message?: string };
      if (res.status === 200 || res.status === 201 || res.status === 207)
        return { results: body?.results ?? [], errors: body?.errors ?? [] };
      throw new HubspotError("bad-request", res.status, body?.message ?? `HubSpot answered ${res.status}`);
    },
  };
}

export async function getHubspot(db: Database, userId: string) {
  return db.select().from(hubspotSync).where(eq(hubspotSync.userId, userId)).get();
}

export function hubspotBase(ctx: SyncContext, requested?: string): string | { error: string } {
  // Production always talks to HubSpot itself; elsewhere a local stand-in may take its place.
  if (isProduction(ctx.env) || !requested) return HUBSPOT_API;
  const problem = outboundUrlProblem(requested, false);
  return problem ? { error: problem } : requested.replace(/\/+$/, "");
}

/** Checks the token with HubSpot, then stores it encrypted with the schedule and mapping. */
export async function connectHubspot(
  ctx: SyncContext,
  userId: string,
  input: { token: string; schedule: Schedule; baseUrl: string; mapping: Record<string, string> },
  options: ClientOptions = {},
): Promise<{ ok: true } | { error: string }> {
  try {
    await hubspotClient(input.baseUrl, input.token, options).verify();
  } catch (error) {
    if (error instanceof HubspotError && error.kind === "auth")
      return {
        error: "HubSpot did not accept this token. Copy the access token of a private app with the contacts scopes.",
      };
    return {
      error:
        error instanceof Error
          ? `HubSpot could not check the token: ${error.message}`
          : "HubSpot could not check the token",
    };
  }
  const values = {
    tokenEnc: await encryptSecret(ctx.env, input.token),
    baseUrl: input.baseUrl,
    mapping: { ...DEFAULT_HUBSPOT_MAPPING, ...input.mapping },
    schedule: input.schedule,
    status: "active" as const,
    pausedReason: null,
  };
  await ctx.db
    .insert(hubspotSync)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: hubspotSync.userId, set: values });
  return { ok: true };
}

export async function saveHubspotSettings(
  db: Database,
  userId: string,
  input: { schedule: Schedule; mapping: Record<string, string> },
): Promise<boolean> {
  const rows = await db
    .update(hubspotSync)
    .set({ schedule: input.schedule, mapping: input.mapping })
    .where(eq(hubspotSync.userId, userId))
    .returning({ userId: hubspotSync.userId });
  return rows.length > 0;
}

export async function disconnectHubspot(db: Database, userId: string): Promise<void> {
  await db.delete(hubspotSync).where(eq(hubspotSync.userId, userId));
}

export async function listSyncRuns(db: Database, userId: string, target: "hubspot" | "krystal", limit = 10) {
  return db
    .select()
    .from(syncRun)
    .where(and(eq(syncRun.userId, userId), eq(syncRun.target, target)))
    .orderBy(desc(syncRun.createdAt), desc(syncRun.id))
    .limit(limit);
}

/** Log items kept per run, so one huge first sync cannot grow a row without bound. */
const MAX_ITEMS = 500;

/**
 * Sends every person changed since the last completed run to HubSpot, 100 at a time. A refused
 * token pauses the sync; an outage or rate limit ends the run. In both cases the cursor stays
 * where it was, so the next run sends the same changes again and nothing is lost.
 */
export async function runHubspotSync(
  ctx: SyncContext,
  userId: string,
  trigger: "manual" | "schedule",
  now = new Date(),
  options: ClientOptions & { pageSize?: number } = {},
) {
  const config = await getHubspot(ctx.db, userId);
  if (!config) return null;
  const client = hubspotClient(config.baseUrl, await decryptSecret(ctx.env, config.tokenEnc), options);
  const items: SyncLogItem[] = [];
  let refused = false;
  // The run's log keeps its first items only: memory stays flat however many people one run sends.
  const log = (item: SyncLogItem) => {
    if (item.outcome === "skipped" && item.reason?.startsWith("HubSpot refused")) refused = true;
    if (items.length < MAX_ITEMS) items.push(item);
  };
  let created = 0;
  let updated = 0;
  let skipped = 0;
  let failure: HubspotError | null = null;
  const seen = new Set<string>();
  try {
    for await (const page of peopleChangedSince(ctx.db, userId, config.syncedThrough, options.pageSize)) {
      const sendable: { email: string; properties: Record<string, string>; personId: number; name: string }[] = [];
      for (const person of page) {
        const contact = toHubspotContact(person, config.mapping);
        const base = { personId: person.id, name: person.displayName };
        if ("skip" in contact) {
          skipped++;
          log({ ...base, email: null, outcome: "skipped", reason: contact.skip });
        } else if (seen.has(contact.email)) {
          skipped++;
          log({
            ...base,
            email: contact.email,
            outcome: "skipped",
            reason: "Another person here has the same email; HubSpot keeps one contact per email",
          });
        } else {
          seen.add(contact.email);
          sendable.push({ ...contact, ...base });
        }
      }
      for (let i = 0; i < sendable.length; i += HUBSPOT_BATCH) {
        const chunk = sendable.slice(i, i + HUBSPOT_BATCH);
        const answer = await client.upsertByEmail(chunk);
        const byEmail = new Map(answer.results.map((r) => [String(r.properties?.email ?? "").toLowerCase(), r]));
        const errorFor = (email: string) =>
          answer.errors.find((e) =>
            JSON.stringify(e.context ?? {})
              .toLowerCase()
              .includes(email),
          )?.message;
        for (const person of chunk) {
          const result = byEmail.get(person.email);
          const item = { personId: person.personId, name: person.name, email: person.email };
          if (result) {
            if (result.new) created++;
            else updated++;
            log({ ...item, outcome: result.new ? "created" : "updated" });
          } else {
            skipped++;
            log({
              ...item,
              outcome: "skipped",
              reason: `HubSpot refused it: ${errorFor(person.email) ?? answer.errors[0]?.message ?? "no reason given"}`,
            });
          }
        }
      }
    }
  } catch (error) {
    if (!(error instanceof HubspotError)) throw error;
    failure = error;
  }
  if (failure) {
    const lost = "Nothing was lost: the next run sends these changes again.";
    const message =
      failure.kind === "auth"
        ? `Sync paused: ${failure.message}. Connect again with a valid private app token. ${lost}`
        : `Sync stopped: ${failure.message}. ${lost}`;
    await ctx.db.batch([
      ctx.db
        .update(hubspotSync)
        .set(failure.kind === "auth" ? { status: "paused", pausedReason: message, lastRunAt: now } : { lastRunAt: now })
        .where(eq(hubspotSync.userId, userId)),
      ctx.db.insert(syncRun).values({
        userId,
        target: "hubspot",
        trigger,
        status: "failed",
        created,
        updated,
        skipped,
        message,
        items,
      }),
    ]);
    return { status: "failed" as const, created, updated, skipped, message };
  }
  const message = `${created} created, ${updated} updated, ${skipped} skipped`;
  await ctx.db.batch([
    ctx.db
      .update(hubspotSync)
      .set({ syncedThrough: now, lastRunAt: now, status: "active", pausedReason: null })
      .where(eq(hubspotSync.userId, userId)),
    ctx.db.insert(syncRun).values({
      userId,
      target: "hubspot",
      trigger,
      status: refused ? "partial" : "succeeded",
      created,
      updated,
      skipped,
      message,
      items,
    }),
  ]);
  return { status: refused ? ("partial" as const) : ("succeeded" as const), created, updated, skipped, message };
}
