import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, inject, it } from "vitest";
import { PAUSE_AFTER_FAILURES } from "~/lib/integrations/rules";
import { createDb } from "~/server/db/db.server";
import { encryptSecret } from "~/server/integrations/crypto.server";
import { connectHubspot, runHubspotSync } from "~/server/integrations/hubspot.server";
import { connectKrystal, runKrystalSync } from "~/server/integrations/krystal.server";
import { outboundAddressProblem, PRIVATE_NAME, UNRESOLVED } from "~/server/integrations/resolve.server";
import { runDueSyncs } from "~/server/integrations/schedule.server";
import {
  addEndpoint,
  attemptDelivery,
  consumeWebhooks,
  emitEvent,
  resumeEndpoint,
  sendTest,
} from "~/server/integrations/webhooks.server";
import { parseEnv, type WebhookMessage } from "~/server/platform/env.server";
import { call, confirmEmail, form, json, signUp } from "./helpers";

const FAKE = inject("fakeServices");
const ctx = () => {
  const parsed = parseEnv(env);
  return { env: parsed, db: createDb(parsed.DB) };
};

async function owner(name = "Sync Owner") {
  const session = await signUp(name);
  const row = await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>();
  return { ...session, userId: row?.id ?? "" };
}

async function addPerson(cookie: string, person: Record<string, string>) {
  const res = await call("/api/capture", json(person, cookie));
  expect(res.status).toBe(201);
}

const received = async (hook: string) =>
  (await (await fetch(`${FAKE}/_requests/${hook}`)).json()) as { headers: Record<string, string>; body: string }[];
const setHook = (hook: string, status: number) =>
  fetch(`${FAKE}/_control/hooks/${hook}`, { method: "PUT", body: JSON.stringify({ status }) });
const hubspotState = async (token: string) =>
  (await (await fetch(`${FAKE}/_hubspot/${token}`)).json()) as {
    contacts: Record<string, { properties: Record<string, string> }>;
    calls: number[];
  };
const script = (token: string, statuses: number[]) =>
  fetch(`${FAKE}/_control/hubspot/${token}`, { method: "PUT", body: JSON.stringify(statuses) });

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The test pool's queue result leaves out retry delays; this records them on the way through. */
function recordingDelays(batch: MessageBatch<WebhookMessage>, delays: number[]): MessageBatch<WebhookMessage> {
  return {
    queue: batch.queue,
    metadata: batch.metadata,
    ackAll: () => batch.ackAll(),
    retryAll: (options) => batch.retryAll(options),
    messages: batch.messages.map((m) => ({
      id: m.id,
      timestamp: m.timestamp,
      body: m.body,
      attempts: m.attempts,
      ack: () => m.ack(),
      retry: (options?: QueueRetryOptions) => {
        delays.push(options?.delaySeconds ?? -1);
        m.retry(options);
      },
    })),
  };
}

const hookName = () => `h${crypto.randomUUID().slice(0, 8)}`;

describe("webhooks", () => {
  it("signs each delivery so the Standard Webhooks reference library verifies it", async () => {
    const a = await owner();
    const hook = hookName();
    const added = await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/${hook}`, events: ["person.created"] });
    if ("error" in added) throw new Error(added.error);
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const result = await sendTest(ctx(), a.userId, added.id);
    expect(result).toMatchObject({ ok: true, responseStatus: 204 });
    const [got] = await received(hook);
    if (!got) throw new Error("nothing received");
    expect(got.headers["content-type"]).toBe("application/json");
    const verified = new Webhook(added.secret).verify(got.body, got.headers) as { type: string; data: unknown };
    expect(verified.type).toBe("webhook.test");
    expect(got.headers["webhook-id"]).toMatch(/^msg_/);
    // A body changed on the way, or another endpoint's secret, fails verification.
    expect(() => new Webhook(added.secret).verify(`${got.body} `, got.headers)).toThrow();
    const other = await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/x`, events: ["person.created"] });
    if ("error" in other) throw new Error(other.error);
    expect(() => new Webhook(other.secret).verify(got.body, got.headers)).toThrow();
    // The secret is stored encrypted, never as written.
    const stored = await env.DB.prepare("select secret_enc from webhook_endpoint where id = ?")
      .bind(added.id)
      .first<{ secret_enc: string }>();
    expect(stored?.secret_enc).not.toContain(added.secret.slice(6));
  });

  it("delivers emitted events through the local queue to subscribed endpoints only", async () => {
    const a = await owner();
    const hook = hookName();
    const unsubscribed = hookName();
    const added = await addEndpoint(ctx(), a.userId, {
      url: `${FAKE}/hooks/${hook}`,
      events: ["shareback.received", "person.created"],
    });
    await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/${unsubscribed}`, events: ["gift.received"] });
    if ("error" in added) throw new Error(added.error);
    const ids = await emitEvent(ctx(), a.userId, "person.created", { id: 7, displayName: "Ada <script>" });
    expect(ids).toHaveLength(1);
    const got = await waitFor(
      () => received(hook),
      (list) => list.length > 0,
    );
    expect(got).toHaveLength(1);
    const body = new Webhook(added.secret).verify(got[0]?.body ?? "", got[0]?.headers ?? {}) as {
      type: string;
      data: { displayName: string };
    };
    expect(body).toMatchObject({ type: "person.created", data: { displayName: "Ada <script>" } });
    expect(await received(unsubscribed)).toHaveLength(0);
    const row = await waitFor(
      () => env.DB.prepare("select status, response_status from webhook_delivery where id = ?").bind(ids[0]).first(),
      (r) => r?.status === "succeeded",
    );
    expect(row).toMatchObject({ status: "succeeded", response_status: 204 });
  });

  it("retries failures with back-off, pauses after repeated failures, and resumes with nothing lost", async () => {
    const a = await owner();
    const hook = hookName();
    await setHook(hook, 500);
    const added = await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/${hook}`, events: ["person.updated"] });
    if ("error" in added) throw new Error(added.error);
    // Queue sends are real; the consumer is also called here directly to read its ack/retry answer.
    const [first] = await emitEvent(ctx(), a.userId, "person.updated", { id: 1 });
    if (!first) throw new Error("no delivery");
    await waitFor(
      () =>
        env.DB.prepare("select attempts from webhook_delivery where id = ?").bind(first).first<{ attempts: number }>(),
      (r) => (r?.attempts ?? 0) >= 1,
    );
    const delays: number[] = [];
    for (let attempt = 2; attempt < PAUSE_AFTER_FAILURES; attempt++) {
      const batch = createMessageBatch<WebhookMessage>("knowwho-webhooks", [
        { id: `m${attempt}`, timestamp: new Date(), attempts: attempt, body: { deliveryId: first } },
      ]);
      const execution = createExecutionContext();
      await consumeWebhooks(ctx(), recordingDelays(batch, delays));
      const result = await getQueueResult(batch, execution);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m${attempt}`]);
    }
    // Growing waits: 2 min after the 2nd failure, 8 min after the 3rd...
    expect(delays).toEqual([120, 480, 1920]);
    const before = await env.DB.prepare(
      "select status, attempts, response_status, error from webhook_delivery where id = ?",
    )
      .bind(first)
      .first();
    expect(before).toMatchObject({ status: "pending", attempts: PAUSE_AFTER_FAILURES - 1, response_status: 500 });
    // The fifth failure in a row pauses the endpoint and holds the delivery.
    const batch = createMessageBatch<WebhookMessage>("knowwho-webhooks", [
      { id: "m5", timestamp: new Date(), attempts: 5, body: { deliveryId: first } },
    ]);
    const execution = createExecutionContext();
    await consumeWebhooks(ctx(), batch);
    expect((await getQueueResult(batch, execution)).explicitAcks).toEqual(["m5"]);
    const endpoint = await env.DB.prepare("select status, paused_reason from webhook_endpoint where id = ?")
      .bind(added.id)
      .first<{ status: string; paused_reason: string }>();
    expect(endpoint?.status).toBe("paused");
    expect(endpoint?.paused_reason).toContain("Paused after 5 failed deliveries in a row (last: HTTP 500)");
    // Events while paused are kept, not sent: the consumer holds the delivery without an attempt, and
    // holding acknowledges the message, so nothing is left in the queue to send it later.
    const sentBefore = (await received(hook)).length;
    const [second] = await emitEvent(ctx(), a.userId, "person.updated", { id: 2 });
    const held = await waitFor(
      () =>
        env.DB.prepare("select status, attempts, response_status from webhook_delivery where id = ?")
          .bind(second)
          .first<{ status: string; attempts: number; response_status: number | null }>(),
      (r) => r?.status === "held",
    );
    expect(held).toEqual({ status: "held", attempts: 0, response_status: null });
    expect((await received(hook)).length).toBe(sentBefore);
    // The receiver is fixed; Resume sends both held deliveries through the queue.
    await setHook(hook, 200);
    expect(await resumeEndpoint(ctx(), a.userId, added.id)).toBe(2);
    const statuses = await waitFor(
      async () =>
        (
          await env.DB.prepare("select status from webhook_delivery where endpoint_id = ? order by created_at")
            .bind(added.id)
            .all<{ status: string }>()
        ).results.map((r) => r.status),
      (list) => list.every((s) => s === "succeeded"),
    );
    expect(statuses).toEqual(["succeeded", "succeeded"]);
    const bodies = (await received(hook)).slice(-2).map((r) => JSON.parse(r.body).data.id);
    expect(bodies.sort()).toEqual([1, 2]);
  }, 30_000);

  it("refuses private, loopback and metadata URLs and does not follow redirects", async () => {
    const a = await owner();
    const production = {
      ...ctx(),
      env: { ...ctx().env, APP_ENV: "production" as const, DOH_URL: `${FAKE}/dns-query` },
    };
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://10.1.2.3/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://2130706433/x",
      "https://metadata.google.internal/x",
      `${FAKE}/hooks/x`,
    ]) {
      const result = await addEndpoint(production, a.userId, { url, events: ["person.created"] });
      expect(result, url).toHaveProperty("error");
    }
    expect(
      await addEndpoint(production, a.userId, {
        url: "https://hooks.zapier.com/hooks/catch/1/abc/",
        events: ["person.created"],
      }),
    ).toHaveProperty("secret");
    // Outside production, the local receiver over http on 127.0.0.1 is allowed (and only that).
    expect(await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/ok`, events: ["person.created"] })).toHaveProperty(
      "secret",
    );
    expect(
      await addEndpoint(ctx(), a.userId, { url: "http://localhost:9/x", events: ["person.created"] }),
    ).toHaveProperty("error");
    // The settings form shows the refusal on the URL field and keeps what was typed.
    const res = await call("/settings/integrations", {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "add-webhook"],
        ["url", "https://192.168.1.1/hook"],
        ["events", "person.created"],
      ]),
      headers: { cookie: a.cookie },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The URL must point to a public address, not a private or local one");
    expect(html).toContain("https://192.168.1.1/hook");
  });

  it("judges a name by the addresses it resolves to, when saved and again before each delivery", async () => {
    const a = await owner();
    const production = {
      ...ctx(),
      env: { ...ctx().env, APP_ENV: "production" as const, DOH_URL: `${FAKE}/dns-query` },
    };
    const add = (url: string) => addEndpoint(production, a.userId, { url, events: ["person.created"] });
    for (const url of [
      "https://localtest.me/hook",
      "https://10.0.0.5.nip.io/hook",
      "https://app.127.0.0.1.nip.io/hook",
      "https://v6.loopback.example.org/hook",
      "https://alias.example.org/hook",
    ])
      expect(await add(url), url).toEqual({ error: PRIVATE_NAME });
    expect(await add("https://servfail.example.org/hook")).toEqual({ error: UNRESOLVED });
    // Krystal AI takes its URL through the same check.
    expect(
      await connectKrystal(production, a.userId, { url: "https://localtest.me/sync", apiKey: "k", schedule: "manual" }),
    ).toEqual({ error: PRIVATE_NAME });

    const saved = await add("https://public.example.org/hook");
    expect(saved).toHaveProperty("secret");
    if (!("id" in saved)) return;
    // The name now points inside (DNS rebinding): the delivery is refused before any request is made.
    await fetch(`${FAKE}/_control/dns/public.example.org`, {
      method: "PUT",
      body: JSON.stringify({ A: ["10.9.8.7"] }),
    });
    expect(await sendTest(production, a.userId, saved.id)).toMatchObject({ ok: false, error: PRIVATE_NAME });
    await fetch(`${FAKE}/_control/dns/public.example.org`, {
      method: "PUT",
      body: JSON.stringify({ A: ["93.184.215.14"] }),
    });

    // Offline, outside production, the local resolver still knows the names made to point at loopback.
    expect(await outboundAddressProblem(ctx().env, "http://127.0.0.1:9/x")).toBeNull();
    expect(await outboundAddressProblem(ctx().env, "https://localtest.me/x")).toBe(PRIVATE_NAME);
    expect(await outboundAddressProblem(ctx().env, "https://hooks.zapier.com/x")).toBeNull();
  });
});

describe("HubSpot sync", () => {
  const connect = (userId: string, token: string, mapping: Record<string, string> = {}) =>
    connectHubspot(ctx(), userId, { token, schedule: "manual", baseUrl: FAKE, mapping });

  it("upserts people by email, then only what changed, and logs what it skipped and why", async () => {
    const a = await owner();
    const token = `good-${crypto.randomUUID()}`;
    await addPerson(a.cookie, {
      name: "Grace Hopper",
      email: "grace@navy.example",
      company: "US Navy",
      title: "Rear Admiral",
    });
    await addPerson(a.cookie, { name: "No Email Person", phone: "+1 503 555 0100" });
    expect(await connect(a.userId, `bad-${token}`)).toHaveProperty("error");
    expect(await connect(a.userId, token)).toEqual({ ok: true });
    const first = await runHubspotSync(ctx(), a.userId, "manual");
    expect(first).toMatchObject({ status: "succeeded", created: 1, updated: 0, skipped: 1 });
    const state = await hubspotState(token);
    expect(state.contacts["grace@navy.example"]?.properties).toMatchObject({
      email: "grace@navy.example",
      firstname: "Grace",
      lastname: "Hopper",
      company: "US Navy",
      jobtitle: "Rear Admiral",
      hs_lead_status: "OPEN",
    });
    const run = await env.DB.prepare("select items from sync_run where user_id = ? order by id desc")
      .bind(a.userId)
      .first<{ items: string }>();
    expect(JSON.parse(run?.items ?? "[]")).toContainEqual(
      expect.objectContaining({
        name: "No Email Person",
        outcome: "skipped",
        reason: "No email address: HubSpot matches contacts by email",
      }),
    );
    // Nothing changed: nothing is sent.
    expect(await runHubspotSync(ctx(), a.userId, "manual")).toMatchObject({ created: 0, updated: 0, skipped: 0 });
    expect((await hubspotState(token)).calls).toHaveLength(1);
    // A change just after the last run's cursor, on a clock the test sets rather than waits for.
    const changedAt = Date.now() + 1;
    await env.DB.prepare("update connection set title = 'Admiral', updated_at = ? where user_id = ? and email = ?")
      .bind(changedAt, a.userId, "grace@navy.example")
      .run();
    expect(await runHubspotSync(ctx(), a.userId, "manual", new Date(changedAt))).toMatchObject({
      created: 0,
      updated: 1,
    });
    expect((await hubspotState(token)).contacts["grace@navy.example"]?.properties.jobtitle).toBe("Admiral");
  });

  it("sends at most 100 contacts per call and reports contacts HubSpot refused", async () => {
    const a = await owner();
    const token = `good-${crypto.randomUUID()}`;
    const values = Array.from({ length: 150 }, (_, i) => `('${a.userId}', 'Bulk ${i}', 'bulk${i}@example.org')`);
    await env.DB.exec(`insert into connection (user_id, name, email) values ${values.join(", ")}`);
    await connect(a.userId, token);
    const run = await runHubspotSync(ctx(), a.userId, "manual");
    expect(run).toMatchObject({ status: "succeeded", created: 150 });
    expect((await hubspotState(token)).calls).toEqual([200, 200]);
    // A mapping to a property HubSpot does not have: the run is partial and says why.
    const b = await owner();
    const tokenB = `good-${crypto.randomUUID()}`;
    await addPerson(b.cookie, { name: "Mapped Person", email: "mapped@example.org", company: "Acme" });
    await connect(b.userId, tokenB, { company: "nosuchproperty" });
    const partial = await runHubspotSync(ctx(), b.userId, "manual");
    expect(partial).toMatchObject({ status: "partial", skipped: 1 });
    const log = await env.DB.prepare("select items from sync_run where user_id = ?")
      .bind(b.userId)
      .first<{ items: string }>();
    expect(log?.items).toContain('HubSpot refused it: Property \\"nosuchproperty\\" does not exist');
  });

  it("waits out a 429 with Retry-After, and stops on 5xx without losing anything", async () => {
    const a = await owner();
    const token = `good-${crypto.randomUUID()}`;
    await addPerson(a.cookie, { name: "Rate Limited", email: "rl@example.org" });
    await connect(a.userId, token);
    await script(token, [429]);
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    expect(await runHubspotSync(ctx(), a.userId, "manual", new Date(), { sleep })).toMatchObject({
      status: "succeeded",
      created: 1,
    });
    expect(waits).toEqual([1000]);
    expect((await hubspotState(token)).calls).toEqual([429, 200]);

    await addPerson(a.cookie, { name: "Outage Person", email: "outage@example.org" });
    await script(token, [503, 503, 503]);
    const failed = await runHubspotSync(ctx(), a.userId, "manual", new Date(), { sleep });
    expect(failed?.status).toBe("failed");
    expect(failed?.message).toBe(
      "Sync stopped: HubSpot answered 503. Nothing was lost: the next run sends these changes again.",
    );
    expect((await hubspotState(token)).contacts["outage@example.org"]).toBeUndefined();
    const config = await env.DB.prepare("select status from hubspot_sync where user_id = ?").bind(a.userId).first();
    expect(config).toMatchObject({ status: "active" });
    // The next run sends the change it could not send before.
    expect(await runHubspotSync(ctx(), a.userId, "manual", new Date(), { sleep })).toMatchObject({
      status: "succeeded",
      created: 1,
    });
    expect((await hubspotState(token)).contacts["outage@example.org"]).toBeDefined();
  });

  it("pauses on a refused token with a clear message, and sends everything once reconnected", async () => {
    const a = await owner();
    const token = `good-${crypto.randomUUID()}`;
    await connect(a.userId, token);
    await addPerson(a.cookie, { name: "Kept Person", email: "kept@example.org" });
    // The token is revoked in HubSpot after connecting.
    await env.DB.prepare("update hubspot_sync set token_enc = ? where user_id = ?")
      .bind(await encryptSecret(ctx().env, `bad-${token}`), a.userId)
      .run();
    const run = await runHubspotSync(ctx(), a.userId, "schedule");
    expect(run?.message).toBe(
      "Sync paused: HubSpot refused the access token (401). Connect again with a valid private app token. Nothing was lost: the next run sends these changes again.",
    );
    const paused = await env.DB.prepare("select status, paused_reason from hubspot_sync where user_id = ?")
      .bind(a.userId)
      .first();
    expect(paused).toMatchObject({ status: "paused", paused_reason: run?.message });
    // A paused sync is not run by the schedule.
    await env.DB.prepare("update hubspot_sync set schedule = 'hourly', last_run_at = 0 where user_id = ?")
      .bind(a.userId)
      .run();
    await runDueSyncs(ctx(), new Date());
    expect(await env.DB.prepare("select count(*) as n from sync_run where user_id = ?").bind(a.userId).first()).toEqual(
      { n: 1 },
    );
    await connect(a.userId, token);
    expect(await runHubspotSync(ctx(), a.userId, "manual")).toMatchObject({ status: "succeeded", created: 1 });
    expect((await hubspotState(token)).contacts["kept@example.org"]).toBeDefined();
  });

  it("runs due syncs from the cron: hourly after an hour, never for manual", async () => {
    const a = await owner();
    const token = `good-${crypto.randomUUID()}`;
    await addPerson(a.cookie, { name: "Cron Person", email: "cron@example.org" });
    await connectHubspot(ctx(), a.userId, { token, schedule: "hourly", baseUrl: FAKE, mapping: {} });
    const t0 = new Date();
    await runDueSyncs(ctx(), t0);
    const count = async () =>
      (
        await env.DB.prepare("select count(*) as n from sync_run where user_id = ? and target = 'hubspot'")
          .bind(a.userId)
          .first<{ n: number }>()
      )?.n;
    expect(await count()).toBe(1);
    await runDueSyncs(ctx(), new Date(t0.getTime() + 20 * 60_000));
    expect(await count()).toBe(1);
    await runDueSyncs(ctx(), new Date(t0.getTime() + 60 * 60_000));
    expect(await count()).toBe(2);
  });
});

describe("Krystal AI", () => {
  it("sends people changed since the last sync as signed people.sync deliveries with the owner's key", async () => {
    const a = await owner();
    const hook = hookName();
    await addPerson(a.cookie, { name: "Krystal Person", email: "k@example.org" });
    const connected = await connectKrystal(ctx(), a.userId, {
      url: `${FAKE}/hooks/${hook}`,
      apiKey: "krystal-key-123",
      schedule: "manual",
    });
    if ("error" in connected || !connected.secret) throw new Error("not connected");
    await env.DB.prepare("update connection set notes = 'private: owes me money' where user_id = ?")
      .bind(a.userId)
      .run();
    expect(await runKrystalSync(ctx(), a.userId, "manual")).toMatchObject({ queued: 1, deliveries: 1 });
    const [got] = await waitFor(
      () => received(hook),
      (l) => l.length > 0,
    );
    if (!got) throw new Error("nothing received");
    expect(got.headers.authorization).toBe("Bearer krystal-key-123");
    const body = new Webhook(connected.secret).verify(got.body, got.headers) as {
      type: string;
      data: { people: { displayName: string }[] };
    };
    expect(body.type).toBe("people.sync");
    expect(body.data.people.map((p) => p.displayName)).toEqual(["Krystal Person"]);
    // Private notes stay here, as the integration doc promises.
    expect(got.body).not.toContain("owes me money");
    expect(await runKrystalSync(ctx(), a.userId, "manual")).toMatchObject({
      queued: 0,
      message: "No changes since the last sync",
    });
    // One target per owner: connecting again updates it and keeps the secret.
    expect(
      await connectKrystal(ctx(), a.userId, { url: `${FAKE}/hooks/${hook}`, apiKey: "new-key-456", schedule: "daily" }),
    ).toEqual({ secret: null });
    expect(
      await env.DB.prepare("select count(*) as n from webhook_endpoint where user_id = ? and kind = 'krystal'")
        .bind(a.userId)
        .first(),
    ).toEqual({ n: 1 });
  });
});

describe("personal API", () => {
  async function tokenFor(cookie: string, scope: "read" | "write", name = "Script") {
    const res = await call("/settings/integrations", {
      ...form({ intent: "create-token", name, scope }),
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const token = (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0];
    if (!token) throw new Error("token not shown");
    return token;
  }
  const api = (path: string, token?: string, init: RequestInit = {}) =>
    call(`/api/v1${path}`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
    });

  it("reads people and events with a read token, and refuses writes with a problem body", async () => {
    const a = await owner();
    await addPerson(a.cookie, { name: "Api Person", email: "api@example.org" });
    const read = await tokenFor(a.cookie, "read");
    const stored = await env.DB.prepare("select token_hash, prefix from api_token where user_id = ?")
      .bind(a.userId)
      .first<{ token_hash: string; prefix: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(read.slice(3));
    const people = await api("/people?limit=10", read);
    expect(people.status).toBe(200);
    const list = (await people.json()) as { data: { id: number; displayName: string; emails: { value: string }[] }[] };
    expect(list.data.map((p) => p.displayName)).toEqual(["Api Person"]);
    const one = await api(`/people/${list.data[0]?.id}`, read);
    expect(((await one.json()) as { emails: { value: string }[] }).emails[0]?.value).toBe("api@example.org");
    expect((await api("/events", read)).status).toBe(200);
    const refused = await api(
      "/webhooks",
      read,
      json({ url: "https://hooks.example.com/a", events: ["person.created"] }),
    );
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({ status: 403, title: "Forbidden" });
  });

  it("answers every bad request with a 4xx problem body", async () => {
    const a = await owner();
    const write = await tokenFor(a.cookie, "write");
    const cases: [string, RequestInit, string | undefined, number][] = [
      ["/people", {}, undefined, 401],
      ["/people", {}, "kw_notarealtoken", 401],
      ["/people?limit=0", {}, write, 400],
      ["/people?limit=abc", {}, write, 400],
      ["/people?cursor=%%%", {}, write, 400],
      ["/people?unknown=1", {}, write, 400],
      ["/people/abc", {}, write, 404],
      ["/people/999999999", {}, write, 404],
      ["/nothing-here", {}, write, 404],
      ["/webhooks", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } }, write, 400],
      [
        "/webhooks",
        { method: "POST", body: "url=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
        write,
        415,
      ],
      ["/webhooks", json({ url: "https://a.example.com", events: [] }), write, 400],
      ["/webhooks", json({ url: "https://a.example.com", events: ["nope"] }), write, 400],
      ["/webhooks", json({ url: "https://10.0.0.1/x", events: ["person.created"] }), write, 400],
      ["/webhooks", json({ url: "https://a.example.com", events: ["person.created"], extra: 1 }), write, 400],
    ];
    for (const [path, init, token, status] of cases) {
      const res = await api(path, token, init);
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(status);
      expect(res.headers.get("content-type"), path).toBe("application/problem+json");
      const body = (await res.json()) as { status: number; title: string };
      expect(body.status).toBe(status);
    }
    const bad = await api("/webhooks", write, json({ url: "https://a.example.com", events: [] }));
    expect(((await bad.json()) as { errors: { pointer: string }[] }).errors[0]?.pointer).toBe("#/events");
    const created = await api(
      "/webhooks",
      write,
      json({ url: "https://a.example.com/hook", events: ["person.created"] }),
    );
    expect(created.status).toBe(201);
    expect(((await created.json()) as { secret: string }).secret).toMatch(/^whsec_/);
  });

  it("stops revoked tokens and rate-limits each token", async () => {
    const a = await owner();
    const token = await tokenFor(a.cookie, "read", "Limited");
    const id = (
      await env.DB.prepare("select id from api_token where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    let last = 0;
    for (let i = 0; i < 70 && last !== 429; i++) last = (await api("/events", token)).status;
    expect(last).toBe(429);
    const revoke = await call("/settings/integrations", {
      ...form({ intent: "revoke-token", id: String(id), confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(revoke.status).toBe(302);
    expect((await api("/events", token)).status).toBe(401);
  });

  it("serves an OpenAPI 3.1 document built from the request schemas, and a reference page", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>
      >;
      components: { schemas: Record<string, { properties?: Record<string, { items?: { enum?: string[] } }> }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/events",
        "/events/{id}",
        "/people",
        "/people/{id}",
        "/people/{id}/interactions",
        "/webhooks",
        "/webhooks/{id}",
        "/webhooks/{id}/deliveries",
      ].sort(),
    );
    expect(doc.paths["/webhooks"]?.post?.requestBody?.content["application/json"]?.schema.$ref).toBe(
      "#/components/schemas/WebhookCreate",
    );
    expect(doc.components.schemas.WebhookCreate?.properties?.events?.items?.enum).toContain("shareback.received");
    const page = await call("/api/v1/reference");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/api/v1/webhooks/{id}/deliveries");
  });
});

describe("another account", () => {
  it("can neither read nor change anything of the owner's on any new route", async () => {
    const a = await owner("Owner A");
    const b = await owner("Owner B");
    await addPerson(a.cookie, { name: "Private Person", email: "private@example.org" });
    const hook = hookName();
    const added = await addEndpoint(ctx(), a.userId, { url: `${FAKE}/hooks/${hook}`, events: ["person.created"] });
    if ("error" in added) throw new Error(added.error);
    const person = await env.DB.prepare("select id from connection where user_id = ?")
      .bind(a.userId)
      .first<{ id: number }>();
    await call("/events/new", {
      ...form({ title: "A's private event", date: "2030-01-01", type: "in-person" }),
      headers: { cookie: a.cookie },
    });
    const eventId = (
      await env.DB.prepare("select id from event where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    const aToken = await (async () => {
      const res = await call("/settings/integrations", {
        ...form({ intent: "create-token", name: "A", scope: "write" }),
        headers: { cookie: a.cookie },
      });
      return (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
    })();
    const aTokenId = (
      await env.DB.prepare("select id from api_token where user_id = ?").bind(a.userId).first<{ id: number }>()
    )?.id;
    const res = await call("/settings/integrations", {
      ...form({ intent: "create-token", name: "B", scope: "write" }),
      headers: { cookie: b.cookie },
    });
    const bToken = (await res.text()).match(/kw_[A-Za-z0-9_-]{40,}/)?.[0] ?? "";
    const bearer = { authorization: `Bearer ${bToken}` };
    // The same requests with A's own token succeed, so the refusals below are about ownership.
    const own = { authorization: `Bearer ${aToken}` };
    expect(eventId).toBeGreaterThan(0);
    expect((await call(`/api/v1/events/${eventId}`, { headers: own })).status).toBe(200);
    expect((await call(`/api/v1/people/${person?.id}`, { headers: own })).status).toBe(200);
    expect((await call(`/api/v1/webhooks/${added.id}/deliveries`, { headers: own })).status).toBe(200);

    // The API, with B's write token.
    for (const [path, init] of [
      [`/api/v1/people/${person?.id}`, {}],
      [`/api/v1/events/${eventId}`, {}],
      [`/api/v1/webhooks/${added.id}`, {}],
      [`/api/v1/webhooks/${added.id}/deliveries`, {}],
      [`/api/v1/webhooks/${added.id}`, { method: "DELETE" }],
    ] as const) {
      const r = await call(path, { ...init, headers: bearer });
      expect(r.status, path).toBe(404);
    }
    for (const path of ["/api/v1/people", "/api/v1/events", "/api/v1/webhooks"]) {
      const body = await (await call(path, { headers: bearer })).text();
      expect(body, path).not.toContain("Private Person");
      expect(body, path).not.toContain("A's private event");
      expect(body, path).not.toContain(hook);
    }
    // The settings page and its actions, with B's session.
    const page = await call("/settings/integrations", { headers: { cookie: b.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(hook);
    expect(html).not.toContain(aToken.slice(0, 10));
    for (const intent of ["test-webhook", "pause-webhook", "resume-webhook", "delete-webhook"]) {
      const r = await call("/settings/integrations", {
        ...form({ intent, id: String(added.id), confirmed: "yes" }),
        headers: { cookie: b.cookie },
      });
      expect(r.status, intent).toBe(404);
    }
    const revoke = await call("/settings/integrations", {
      ...form({ intent: "revoke-token", id: String(aTokenId), confirmed: "yes" }),
      headers: { cookie: b.cookie },
    });
    expect(revoke.status).toBe(404);
    // B's own HubSpot and Krystal actions never touch A's connections.
    await connectHubspot(ctx(), a.userId, {
      token: `good-${crypto.randomUUID()}`,
      schedule: "manual",
      baseUrl: FAKE,
      mapping: {},
    });
    for (const intent of ["hubspot-run", "krystal-run"]) {
      const r = await call("/settings/integrations", { ...form({ intent }), headers: { cookie: b.cookie } });
      expect(r.status, intent).toBe(404);
    }
    await call("/settings/integrations", { ...form({ intent: "hubspot-disconnect" }), headers: { cookie: b.cookie } });
    expect(
      await env.DB.prepare("select count(*) as n from hubspot_sync where user_id = ?").bind(a.userId).first(),
    ).toEqual({ n: 1 });
    // Everything of A's is still there and still works for A.
    expect(
      (await call(`/api/v1/webhooks/${added.id}`, { headers: { authorization: `Bearer ${aToken}` } })).status,
    ).toBe(200);
    expect(await env.DB.prepare("select status from webhook_endpoint where id = ?").bind(added.id).first()).toEqual({
      status: "active",
    });
    expect(await attemptDelivery(ctx(), "msg_missing")).toEqual({ kind: "gone" });
    // A's data download lists the integrations without any secret; B's does not list A's.
    const exported = await (await call("/api/account/export", { headers: { cookie: a.cookie } })).text();
    expect(exported).toContain(hook);
    expect(exported).not.toContain(added.secret);
    expect(exported).not.toContain(aToken);
    expect(exported).not.toMatch(/secret_?enc|token_?hash|tokenEnc/i);
    expect(await (await call("/api/account/export", { headers: { cookie: b.cookie } })).text()).not.toContain(hook);
    // Signed out: the page sends people to sign in; the API answers 401.
    expect((await call("/settings/integrations")).status).toBe(302);
    expect(
      (await call("/settings/integrations", form({ intent: "create-token", name: "x", scope: "read" }))).status,
    ).toBe(302);
    expect((await call("/api/v1/webhooks")).status).toBe(401);
  });
});

describe("each integrations section is its own page with its own loader and action", () => {
  const sections = {
    webhooks: { id: "webhooks", foreign: "create-token" },
    hubspot: { id: "hubspot", foreign: "add-webhook" },
    krystal: { id: "krystal", foreign: "hubspot-run" },
    api: { id: "api", foreign: "create-app-password" },
    "address-book": { id: "carddav", foreign: "revoke-token" },
  };

  it("shows only its own section, refuses another section's intent, and is private", async () => {
    const a = await owner("Section Owner");
    for (const [path, { id, foreign }] of Object.entries(sections)) {
      const page = await call(`/settings/integrations/${path}`, { headers: { cookie: a.cookie } });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain(`<h1 class="mt-2 font-bold text-3xl tracking-tight">Integrations</h1>`);
      for (const other of Object.values(sections).map((s) => s.id))
        expect(html.includes(`id="${other}-title"`), `${path} shows ${other}`).toBe(other === id);
      // Another section's intent is nothing this page does: refused, nothing changed.
      const refused = await call(`/settings/integrations/${path}`, {
        ...form({ intent: foreign, name: "x", scope: "read", id: "1" }),
        headers: { cookie: a.cookie },
      });
      expect(refused.status, `${path} ${foreign}`).toBe(400);
      expect((await call(`/settings/integrations/${path}`)).status, `${path} signed out`).toBe(302);
    }
    const tokens = await env.DB.prepare("select count(*) as n from api_token where user_id = ?")
      .bind(a.userId)
      .first<{ n: number }>();
    expect(tokens?.n).toBe(0);
  });

  it("asks once before revoking a token or an app password, on the page itself (no script), and another account is asked nothing", async () => {
    const a = await owner("Careful Owner");
    const b = await owner("Someone Else");
    // CardDAV signs in with the address: an app password is made only for a proved one.
    await confirmEmail(a.cookie, a.email);
    await call("/settings/integrations/api", {
      ...form({ intent: "create-token", name: "Nightly <script>", scope: "read" }),
      headers: { cookie: a.cookie },
    });
    await call("/settings/integrations/address-book", {
      ...form({ intent: "create-app-password", name: "Work laptop" }),
      headers: { cookie: a.cookie },
    });
    const token = await env.DB.prepare("select id from api_token where user_id = ?").bind(a.userId).first<number>("id");
    const appPassword = await env.DB.prepare("select id from app_password where user_id = ?")
      .bind(a.userId)
      .first<number>("id");
    const cases = [
      ["api", "revoke-token", token, "Revoke the token Nightly &lt;script&gt;?", "Revoke the token", "api_token"],
      [
        "address-book",
        "revoke-app-password",
        appPassword,
        "Revoke the app password Work laptop?",
        "Revoke the app password",
        "app_password",
      ],
    ] as const;
    const live = (table: string, id: number | null) =>
      env.DB.prepare(`select count(*) as n from ${table} where id = ? and revoked_at is null`)
        .bind(id)
        .first<number>("n");
    for (const [path, intent, id, question, label, table] of cases) {
      // The first tap, as a browser without JavaScript posts it: the page asks, and nothing is revoked.
      const first = await call(`/settings/integrations/${path}`, {
        ...form({ intent, id: String(id) }),
        headers: { cookie: a.cookie },
      });
      expect(first.status, intent).toBe(200);
      const html = await first.text();
      expect(html, intent).toContain(question);
      expect(html, intent).toContain('name="confirmed" value="yes"');
      expect(html, intent).toContain(`>${label}</button>`);
      expect(await live(table, id), intent).toBe(1);
      // Another account's first tap is asked nothing about it, and its confirmed tap is a 404.
      const foreign = await call(`/settings/integrations/${path}`, {
        ...form({ intent, id: String(id) }),
        headers: { cookie: b.cookie },
      });
      expect(await foreign.text(), intent).not.toContain(question);
      const foreignConfirmed = await call(`/settings/integrations/${path}`, {
        ...form({ intent, id: String(id), confirmed: "yes" }),
        headers: { cookie: b.cookie },
      });
      expect(foreignConfirmed.status, intent).toBe(404);
      expect(await live(table, id), intent).toBe(1);
      // The second tap carries the confirmation the step's form holds.
      const second = await call(`/settings/integrations/${path}`, {
        ...form({ intent, id: String(id), confirmed: "yes" }),
        headers: { cookie: a.cookie },
      });
      expect(second.status, intent).toBe(302);
      expect(await live(table, id), intent).toBe(0);
    }
  });

  it("runs its own intents and comes back to its own page; another account's rows answer 404", async () => {
    const a = await owner("Section Owner");
    const b = await owner("Someone Else");
    const made = await call("/settings/integrations/api", {
      ...form({ intent: "create-token", name: "Section script", scope: "read" }),
      headers: { cookie: a.cookie },
    });
    expect(made.status).toBe(200);
    expect(await made.text()).toMatch(/Your new token \(shown once; copy it now\)[\s\S]*kw_[A-Za-z0-9_-]{40,}/);
    const row = await env.DB.prepare("select id from api_token where user_id = ?")
      .bind(a.userId)
      .first<{ id: number }>();
    const foreign = await call("/settings/integrations/api", {
      ...form({ intent: "revoke-token", id: String(row?.id), confirmed: "yes" }),
      headers: { cookie: b.cookie },
    });
    expect(foreign.status).toBe(404);
    const revoked = await call("/settings/integrations/api", {
      ...form({ intent: "revoke-token", id: String(row?.id), confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe("/settings/integrations/api");
    // A malformed id is a 404 like any other id that is not the owner's, never a 500.
    const malformed = await call("/settings/integrations/address-book", {
      ...form({ intent: "revoke-app-password", id: "1e3", confirmed: "yes" }),
      headers: { cookie: a.cookie },
    });
    expect(malformed.status).toBe(404);
  });
});
