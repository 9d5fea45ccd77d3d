import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { EMPTY_AUDIENCE, MAILING_LIMITS } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { createMailing, mailingResults } from "~/server/mailings/mailings.server";
import type { Clock, MailCtx } from "~/server/mailings/message.server";
import { type MailingProvider, resendProvider } from "~/server/mailings/provider.server";
import { consumeMailings, MAILING_LEASE_MS, sweepMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { ORIGIN, signUp } from "./helpers";

// The same properties at any size: CI's 5,000 keep the heavy stage short, the bench sends the largest (50,000).
const PEOPLE = inject("mailingScalePeople");
if (!Number.isInteger(PEOPLE / 1000) || PEOPLE < 2000 || PEOPLE > MAILING_LIMITS.perMailing) {
  throw new Error(`MAILING_SCALE_PEOPLE must be a multiple of 1,000 from 2,000 to ${MAILING_LIMITS.perMailing}`);
}
/** The loop's batch whose sender dies: past the 429's first batch, with batches after it still to send. */
const DEAD_BATCH = Math.floor(PEOPLE / 2000) + 1;
const FAKE_RESEND = inject("fakeResend");

/** Time as the sender sees it: sleeping moves it on at once, so pacing is checked without waiting for it. */
function countingClock(): Clock & { slept: number } {
  let now = Date.now();
  const clock = {
    slept: 0,
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
      clock.slept += ms;
    },
  };
  return clock;
}

describe("one mailing to the largest audience", () => {
  it(`queues ${PEOPLE.toLocaleString("en-US")} people at once, sends them at Resend's rate through a 429 and a dead sender, each exactly once`, async () => {
    const session = await signUp("Scale Owner");
    const userId =
      (await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>())?.id ??
      "";
    const tag = `scale${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PEOPLE})
        insert into connection (user_id, name, given_name, email, tags, event_name, source)
        select ?, 'Donor ' || i, 'Donor', ? || '-' || i || '@example.org', json_array(?), 'Appeal', 'share' from n`,
      ).bind(userId, tag, tag),
      env.DB.prepare(
        `insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source)
        select user_id, id, 'email', 'yes', 'Scale Owner', 'Agreed to hear from me by email (recorded by you)', 'manual'
        from connection where user_id = ? and event_name = 'Appeal'`,
      ).bind(userId),
    ]);

    // The queue as the producer sees it; the test delivers 10 messages a batch, as max_batch_size does.
    const queue: { body: MailingMessage; attempts: number }[] = [];
    const producer = {
      send: async (body: MailingMessage) => void queue.push({ body, attempts: 1 }),
      sendBatch: async (messages: Iterable<{ body: MailingMessage }>) => {
        for (const m of messages) queue.push({ body: m.body, attempts: 1 });
      },
    } as unknown as Queue<MailingMessage>;
    const apiKey = `re_${crypto.randomUUID().replaceAll("-", "")}`;
    const parsed = {
      ...parseEnv(env),
      MAILINGS: producer,
      RESEND_API_KEY: apiKey,
      RESEND_API_BASE: FAKE_RESEND,
      MAIL_FROM: "appeals@example.org",
    } as ReturnType<typeof parseEnv>;
    const clock = countingClock();
    const calls: number[] = [];
    const real = resendProvider({ apiKey, apiBase: FAKE_RESEND });
    // Its own name, so this test's counted time paces no other sender of the same isolate.
    const resend: MailingProvider = {
      ...real,
      name: `resend-${tag}`,
      send: (messages, key) => {
        calls.push(clock.now());
        return real.send(messages, key);
      },
    };
    const ctx: MailCtx = { env: parsed, db: createDb(parsed.DB), provider: resend, clock };

    const made = await createMailing(
      ctx,
      userId,
      {
        subject: "Our appeal, {{first_name}}",
        body: "Dear {{first_name}}, the winter appeal: https://example.org/appeal",
        campaignId: null,
        rules: { ...EMPTY_AUDIENCE, tags: [tag] },
        scheduleAt: null,
        key: crypto.randomUUID(),
      },
      ORIGIN,
    );
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    expect(made.recipients).toBe(PEOPLE);
    expect(queue).toHaveLength(PEOPLE / 100);

    // The first call is rate limited: the rest of its batch waits without asking Resend again.
    await fetch(`${FAKE_RESEND}/_control/${apiKey}`, { method: "PUT", body: "[429]" });
    // One sender (a batch's halfway through the run) dies after Resend took its group, before marking it sent.
    let dead: MailingMessage | null = null;
    let delivery = 0;
    let batches = 0;
    while (queue.length) {
      const taken = queue.splice(0, 10).map((t) => ({ ...t, id: `scale-${++delivery}` }));
      batches += 1;
      if (!dead && batches === DEAD_BATCH) {
        dead = taken[0]?.body ?? null;
        let died!: () => void;
        const gone = new Promise<void>((resolve) => {
          died = resolve;
        });
        const dying: MailingProvider = {
          ...resend,
          send: async (messages, key) => {
            await resend.send(messages, key);
            died();
            return new Promise(() => {});
          },
        };
        const one = createMessageBatch<MailingMessage>("knowwho-mailings", [
          { id: "scale-dead", timestamp: new Date(), attempts: 1, body: dead as MailingMessage },
        ]);
        void consumeMailings({ ...ctx, provider: dying }, one);
        await gone;
        queue.unshift(...taken.slice(1));
        continue;
      }
      const batch = createMessageBatch<MailingMessage>(
        "knowwho-mailings",
        taken.map((t) => ({ id: t.id, timestamp: new Date(), attempts: t.attempts, body: t.body })),
      );
      const execution = createExecutionContext();
      await consumeMailings(ctx, batch);
      const result = await getQueueResult(batch, execution);
      const byId = new Map(taken.map((t) => [t.id, t]));
      for (const r of result.retryMessages) {
        const again = byId.get(r.msgId);
        if (again) queue.push({ body: again.body, attempts: again.attempts + 1 });
      }
      if (batches === 1) expect(result.retryMessages).toHaveLength(10);
    }

    // The dead sender's claim is still "sending"; past its lease the sweeper sends it again under the same key.
    const swept = await sweepMailings(ctx, new Date(Date.now() + MAILING_LEASE_MS + 1000));
    expect(swept).toBe(100);
    const requeued = queue.splice(0);
    expect(requeued.map((q) => q.body.recipientIds)).toEqual([dead?.recipientIds]);
    await consumeMailings(
      ctx,
      createMessageBatch<MailingMessage>("knowwho-mailings", [
        { id: "scale-swept", timestamp: new Date(), attempts: 1, body: requeued[0]?.body as MailingMessage },
      ]),
    );

    const to = (await (await fetch(`${FAKE_RESEND}/_to/${apiKey}`)).json()) as string[];
    const results = await mailingResults(ctx.db, userId, made.id);
    console.log(
      `mailing to ${PEOPLE} people: ${calls.length} calls to the Resend stand-in over ${(clock.slept / 1000).toFixed(0)} s ` +
        `of paced time; ${to.length} messages to ${new Set(to).size} addresses; mailing ${results?.mailing.status}`,
    );
    expect(to).toHaveLength(PEOPLE);
    expect(new Set(to).size).toBe(PEOPLE);
    expect(results?.counts).toMatchObject({ sent: PEOPLE, waiting: 0, failed: 0 });
    expect(results?.mailing.status).toBe("sent");
    // Paced: never two calls within half a second (2 a second), and the 429's second kept before the next.
    const gaps = calls.slice(1).map((t, i) => t - (calls[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
    expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBeGreaterThanOrEqual(1000);
  });
});
