import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMPTY_AUDIENCE } from "~/lib/mailings/rules";
import { createDb } from "~/server/db/db.server";
import { createMailing, mailingResults } from "~/server/mailings/mailings.server";
import type { MailCtx } from "~/server/mailings/message.server";
import { type MailingProvider, outboxProvider } from "~/server/mailings/provider.server";
import { consumeMailings, MAILING_LEASE_MS, sweepMailings } from "~/server/mailings/send.server";
import { type MailingMessage, parseEnv } from "~/server/platform/env.server";
import { ORIGIN, signUp } from "./helpers";

const PEOPLE = 2000;

/** The queue as the producer sees it, holding each message for the test to deliver when it chooses. */
function heldQueue() {
  const held: MailingMessage[] = [];
  const queue = {
    send: async (body: MailingMessage) => void held.push(body),
    sendBatch: async (messages: Iterable<{ body: MailingMessage }>) => {
      for (const m of messages) held.push(m.body);
    },
  } as unknown as Queue<MailingMessage>;
  return { held, queue };
}

function mailCtx(queue: Queue<MailingMessage>, provider?: MailingProvider): MailCtx {
  const parsed = { ...parseEnv(env), MAILINGS: queue };
  return { env: parsed, db: createDb(parsed.DB), provider };
}

let delivery = 0;
/** One queue delivery of one group to the MAILINGS consumer; `attempts` as the queue counts them. */
function deliver(ctx: MailCtx, body: MailingMessage, attempts = 1) {
  const batch = createMessageBatch<MailingMessage>("knowwho-mailings", [
    { id: `lease-${++delivery}`, timestamp: new Date(), attempts, body },
  ]);
  return consumeMailings(ctx, batch);
}

/** A sender whose Worker is killed: it never returns from the provider, before or after the mail went out. */
function dying(real: MailingProvider, sendsFirst: boolean) {
  let reached!: () => void;
  const died = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const provider: MailingProvider = {
    ...real,
    async send(messages, key) {
      if (sendsFirst) await real.send(messages, key);
      reached();
      return new Promise(() => {});
    },
  };
  return { provider, died };
}

const count = async (query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("a mailing whose sender dies mid-group", () => {
  it("finishes: the sweeper re-queues expired claims, everyone is mailed exactly once, and the mailing is sent", async () => {
    const session = await signUp("Lease Owner");
    const userId = (
      await env.DB.prepare("select id from user where email = ?").bind(session.email).first<{ id: string }>()
    )?.id;
    const tag = `lease${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${PEOPLE})
        insert into connection (user_id, name, given_name, email, tags, event_name, source)
        select ?, 'Reader ' || i, 'Reader', ? || '-' || i || '@example.org', json_array(?), 'Lease Summit', 'share' from n`,
      ).bind(userId, tag, tag),
      env.DB.prepare(
        // Consent to email, recorded by the owner, as consent.server.ts writes it (decision 0180).
        `insert into consent_record (sender_workspace_id, connection_id, purpose, state, sender_name, shown, source)
        select user_id, id, 'email', 'yes', 'Lease Owner', 'Agreed to hear from me by email (recorded by you)', 'manual'
        from connection where user_id = ? and event_name = 'Lease Summit'`,
      ).bind(userId),
    ]);
    const { held, queue } = heldQueue();
    const ctx = mailCtx(queue);
    const made = await createMailing(
      ctx,
      userId ?? "",
      {
        subject: "News for {{first_name}}",
        body: "Hello {{first_name}}, thanks for coming to {{event}}.",
        campaignId: null,
        rules: { ...EMPTY_AUDIENCE, event: "Lease Summit" },
        scheduleAt: null,
        key: crypto.randomUUID(),
      },
      ORIGIN,
    );
    if ("errors" in made) throw new Error(JSON.stringify(made.errors));
    expect(made.recipients).toBe(PEOPLE);
    const groups = held.splice(0);
    expect(groups).toHaveLength(PEOPLE / 100);

    // Half the groups go out; then one sender is killed after the provider took its group, one before.
    const real = outboxProvider(ctx.db);
    for (const g of groups.slice(0, 10)) await deliver(ctx, g);
    const afterSend = dying(real, true);
    void deliver(mailCtx(queue, afterSend.provider), groups[10] as MailingMessage);
    await afterSend.died;
    const beforeSend = dying(real, false);
    void deliver(mailCtx(queue, beforeSend.provider), groups[11] as MailingMessage);
    await beforeSend.died;
    for (const g of groups.slice(12)) await deliver(ctx, g);
    // The queue redelivers the dead senders' messages: their rows are claimed, so that alone finishes nothing.
    await deliver(ctx, groups[10] as MailingMessage, 2);
    await deliver(ctx, groups[11] as MailingMessage, 2);
    const stuck = await mailingResults(ctx.db, userId ?? "", made.id);
    expect(stuck?.counts.waiting).toBe(200);
    expect(stuck?.mailing.status).toBe("sending");

    // Before the lease passes the sweeper leaves the claims alone; after it, each goes back as its own group.
    await sweepMailings(ctx, new Date());
    expect(held.splice(0).filter((g) => g.mailingId === made.id)).toEqual([]);
    // The sweeper serves every mailing in the database; other files' mailings left mid-send share it, so only
    // this mailing's groups are counted here (the worker tests run in a shuffled order beside each other).
    const sweptAll = await sweepMailings(ctx, new Date(Date.now() + MAILING_LEASE_MS + 1000));
    const requeued = held.splice(0).filter((g) => g.mailingId === made.id);
    const swept = requeued.reduce((n, g) => n + g.recipientIds.length, 0);
    expect(swept).toBe(200);
    expect(sweptAll).toBeGreaterThanOrEqual(swept);
    expect(requeued.map((g) => g.recipientIds)).toEqual([groups[10]?.recipientIds, groups[11]?.recipientIds]);
    for (const g of requeued) await deliver(ctx, g);

    const results = await mailingResults(ctx.db, userId ?? "", made.id);
    const messages = await count(
      `select count(*) as n from outbox where kind = 'mailing' and "to" like ? || '-%'`,
      tag,
    );
    const addresses = await count(
      `select count(distinct "to") as n from outbox where kind = 'mailing' and "to" like ? || '-%'`,
      tag,
    );
    console.log(
      `mailing to ${PEOPLE} people, one sender killed after sending its group and one after claiming: ` +
        `${swept} rows re-queued by the sweeper; outbox ${messages} messages to ${addresses} addresses; ` +
        `mailing ${results?.mailing.status}, ${results?.counts.sent} sent, ${results?.counts.waiting} waiting`,
    );
    expect(messages).toBe(PEOPLE);
    expect(addresses).toBe(PEOPLE);
    expect(results?.counts.waiting).toBe(0);
    expect(results?.counts.sent).toBe(PEOPLE);
    expect(results?.mailing.status).toBe("sent");
  });
});
