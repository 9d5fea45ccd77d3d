// Sending a mailing: the queue with its leases and sweeper, the cron's start, cancelling, and the paced consumer.
import { and, eq, inArray, sql } from "drizzle-orm";
import { matchLocale } from "~/lib/i18n/locales";
import { mailing, mailingRecipient, orgEvent } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { senderNameOf } from "../people/consent.server";
import type { MailingMessage } from "../platform/env.server";
import { sha256Hex } from "../platform/tokens.server";
import { PERSON_LOCALE } from "./audience.server";
import {
  type Clock,
  campaignLink,
  cardLink,
  fromAddress,
  lastGifts,
  type MailCtx,
  ownerOf,
  providerFor,
  renderMessage,
  type Shared,
  valuesFor,
  wallClock,
} from "./message.server";
import type { MailingProvider } from "./provider.server";

/**
 * How long a queue message or a claiming sender answers for its rows. A sender dead past it (between
 * claiming a group and marking it sent) leaves rows the cron's sweeper puts back on the queue.
 */
export const MAILING_LEASE_MS = 15 * 60_000;

/** Groups of up to 100 rows, each group one claim's (so a re-sent group carries the first call's idempotency key). */
function groups(rows: { id: number; mailing_id: number; claim: string | null }[]): MailingMessage[] {
  const by = new Map<string, number[]>();
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const k = `${r.mailing_id}:${r.claim ?? ""}`;
    // Pushed, not spread: a 50,000-person mailing's rows share one key, and copying grew with its square.
    const ids = by.get(k);
    if (ids) ids.push(r.id);
    else by.set(k, [r.id]);
  }
  const out: MailingMessage[] = [];
  for (const [k, ids] of by)
    for (let i = 0; i < ids.length; i += 100)
      out.push({ mailingId: Number(k.split(":")[0]), recipientIds: ids.slice(i, i + 100) });
  return out;
}

async function sendMessages(ctx: MailCtx, messages: MailingMessage[]) {
  for (let i = 0; i < messages.length; i += 100)
    await ctx.env.MAILINGS.sendBatch(messages.slice(i, i + 100).map((body) => ({ body })));
}

/** Queues every recipient still waiting, 100 to a message, 100 messages to a call, each row leased to its message. */
export async function enqueueMailing(ctx: MailCtx, mailingId: number, now = Date.now()) {
  const rows = await ctx.db.all<{ id: number; mailing_id: number; claim: string | null }>(
    sql`update mailing_recipient set lease_until = ${now + MAILING_LEASE_MS}
      where mailing_id = ${mailingId} and status = 'queued' returning id, mailing_id, null as claim`,
  );
  await sendMessages(ctx, groups(rows));
  return rows.length;
}

/**
 * The cron's sweeper: rows of a mailing still sending whose lease has passed (a sender died after its
 * claim, or a queue message was lost) go back on the queue, a dead claim's rows as their own group. A
 * row is claimed again only from queued, and the provider's idempotency key makes a group that did go
 * out before the sender died a no-op, so nobody is mailed twice.
 */
export async function sweepMailings(ctx: MailCtx, now: Date) {
  const at = now.getTime();
  const rows = await ctx.db.all<{ id: number; mailing_id: number; claim: string | null }>(
    sql`update mailing_recipient set status = 'queued', lease_until = ${at + MAILING_LEASE_MS}
      where status in ('queued', 'sending') and lease_until < ${at}
        and mailing_id in (select id from mailing where status = 'sending')
      returning id, mailing_id, claim`,
  );
  await sendMessages(ctx, groups(rows));
  return rows.length;
}

/** The cron's part: scheduled mailings whose time has come are claimed once (status) and queued. */
export async function startDueMailings(ctx: MailCtx, now: Date) {
  const due = await ctx.db
    .update(mailing)
    .set({ status: "sending", updatedAt: now })
    .where(and(eq(mailing.status, "scheduled"), sql`${mailing.scheduledAt} <= ${now.getTime()}`))
    .returning({ id: mailing.id });
  for (const m of due) await enqueueMailing(ctx, m.id, now.getTime());
  return due.length;
}

/** Cancels a scheduled mailing (or the rest of one being sent); another owner's answers false. */
export async function cancelMailing(db: Database, userId: string, id: number) {
  const rows = await db
    .update(mailing)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(eq(mailing.id, id), eq(mailing.userId, userId), inArray(mailing.status, ["scheduled", "sending"])))
    .returning({ id: mailing.id });
  return rows.length > 0;
}

/**
 * When each provider may next be called. One key's rate limit covers every mailing, and the queue runs one
 * consumer at a time (max_concurrency 1), so this isolate's slot is the whole app's; a 429 pushes it back.
 */
const nextCall = new Map<string, number>();

/** Waits for the provider's next slot (its documented requests a second) and takes it. */
async function awaitSlot(clock: Clock, provider: MailingProvider) {
  const at = Math.max(clock.now(), nextCall.get(provider.name) ?? 0);
  nextCall.set(provider.name, at + 1000 / provider.perSecond);
  const wait = at - clock.now();
  if (wait > 0) await clock.sleep(wait);
}

const MAX_ATTEMPTS = 5;
const backoff = (attempts: number) => Math.min(30 * 4 ** Math.max(0, attempts - 1), 3600);

/**
 * The MAILINGS queue's consumer. Each recipient row is claimed (queued → sending) in one statement before
 * its message goes out, so a redelivered or duplicated queue message finds nothing left to send.
 */
export async function consumeMailings(ctx: MailCtx, batch: MessageBatch<MailingMessage>) {
  // Once the provider says "too many requests", the rest of the batch waits as long without asking it again.
  let throttled: number | null = null;
  for (const message of batch.messages) {
    const body = message.body;
    if (!body || !Number.isInteger(body.mailingId) || !Array.isArray(body.recipientIds)) {
      message.ack();
      continue;
    }
    try {
      if (throttled !== null) {
        await holdGroup(ctx, body, throttled);
        message.retry({ delaySeconds: throttled });
        continue;
      }
      const outcome = await sendGroup(ctx, body);
      if (outcome.throttled) throttled = outcome.retry;
      if (outcome.retry !== null) message.retry({ delaySeconds: outcome.retry });
      else message.ack();
    } catch (error) {
      console.error("mailing group", body.mailingId, error);
      const delay = backoff(message.attempts);
      await ctx.db
        .update(mailingRecipient)
        .set({ status: "queued", leaseUntil: Date.now() + delay * 1000 + MAILING_LEASE_MS })
        .where(
          and(inArray(mailingRecipient.id, body.recipientIds.slice(0, 100)), eq(mailingRecipient.status, "sending")),
        );
      message.retry({ delaySeconds: delay });
    }
  }
}

/** A group put off unsent: its waiting rows' lease covers the delay, so the sweeper does not send it meanwhile. */
async function holdGroup(ctx: MailCtx, body: MailingMessage, delaySeconds: number) {
  const ids = JSON.stringify(body.recipientIds.filter((n) => Number.isInteger(n)).slice(0, 100));
  await ctx.db.run(sql`update mailing_recipient set lease_until = ${Date.now() + delaySeconds * 1000 + MAILING_LEASE_MS}
    where mailing_id = ${body.mailingId} and id in (select value from json_each(${ids})) and status = 'queued'`);
}

type Outcome = { retry: number | null; throttled?: boolean };

async function sendGroup(ctx: MailCtx, body: MailingMessage): Promise<Outcome> {
  const ids = JSON.stringify(body.recipientIds.filter((n) => Number.isInteger(n)).slice(0, 100));
  const m = await ctx.db.select().from(mailing).where(eq(mailing.id, body.mailingId)).get();
  if (!m) return { retry: null };
  // Suppressed since the mailing was made (an unsubscribe from an earlier one): skipped, never sent.
  const claim = crypto.randomUUID();
  const [, claimed] = await writeBatch(ctx.db, [
    rawSql(sql`update mailing_recipient set status = 'skipped', error = 'Unsubscribed or bounced before sending'
      where mailing_id = ${m.id} and id in (select value from json_each(${ids})) and status = 'queued'
        and exists (select 1 from mail_suppression s where s.user_id = mailing_recipient.user_id and s.email = mailing_recipient.email)`),
    rawSql(sql`update mailing_recipient set status = 'sending', attempts = attempts + 1,
        lease_until = ${Date.now() + MAILING_LEASE_MS}, claim = ${claim}
      where mailing_id = ${m.id} and id in (select value from json_each(${ids})) and status = 'queued'
        and (select status from mailing where id = ${m.id}) = 'sending'
      returning id, connection_id, attendee_id, email, attempts, reason`),
  ]);
  const rows = (
    (claimed?.results ?? []) as {
      id: number;
      connection_id: number | null;
      attendee_id: number | null;
      email: string;
      attempts: number;
      reason: string;
    }[]
  ).sort((a, b) => a.id - b.id);
  if (!rows.length) {
    await finishIfDone(ctx.db, m.id);
    return { retry: null };
  }
  const provider = providerFor(ctx);
  const owner = await ownerOf(ctx.db, m.userId);
  if (!provider || !owner) {
    await ctx.db
      .update(mailingRecipient)
      .set({ status: "failed", error: "No mail provider is configured" })
      .where(
        inArray(
          mailingRecipient.id,
          rows.map((r) => r.id),
        ),
      );
    await finishIfDone(ctx.db, m.id);
    return { retry: null };
  }
  const people = m.orgEventId ? await attendeesOf(ctx.db, m.orgEventId, rows) : await peopleOf(ctx.db, m.userId, rows);
  const byId = new Map(people.list.map((p) => [p.id, p]));
  const shared: Shared = {
    card: await cardLink(ctx.db, m.userId, m.origin),
    campaign: campaignLink(m.origin, m.campaignId, m.id),
    gifts: m.orgEventId
      ? new Map()
      : await lastGifts(
          ctx.db,
          m.userId,
          people.list.map((p) => p.id),
        ),
  };
  // An organiser's attendees agreed to hear from the organiser by the name the event shows; a campaign's
  // mailing comes from the charity.
  const senderName =
    people.organiserName ??
    ((m.campaignId && (await senderNameOf(ctx.db, m.userId, { fundraising: true }))) || owner.name);
  const from = fromAddress(ctx.env, senderName);
  const messages = await Promise.all(
    rows.map((r) => {
      const ref = m.orgEventId ? r.attendee_id : r.connection_id;
      const p = ref ? byId.get(ref) : undefined;
      const firstName = p ? p.given_name?.trim() || p.name.trim().split(/\s+/)[0] || "" : "";
      return renderMessage(
        ctx.env,
        { subject: m.subject, body: m.body, origin: m.origin, ownerName: senderName },
        { recipientId: r.id, email: r.email, reason: r.reason, locale: matchLocale(p?.locale) ?? undefined },
        valuesFor({ id: p?.id ?? 0, firstName, eventName: p?.event_name ?? null }, shared),
        from,
      );
    }),
  );
  const key = `mailing-${m.id}-${await sha256Hex(rows.map((r) => r.id).join(","))}`;
  const clock = ctx.clock ?? wallClock;
  await awaitSlot(clock, provider);
  const result = await provider.send(messages, key);
  const claimedIds = JSON.stringify(rows.map((r) => r.id));
  if (!result.ok) {
    const attempts = Math.max(...rows.map((r) => r.attempts));
    const giveUp = !result.retryable || attempts >= MAX_ATTEMPTS;
    const retry = giveUp ? null : (result.retryAfterSeconds ?? backoff(attempts));
    // The provider's own wait holds every later call of this isolate, not only this group's.
    if (result.retryAfterSeconds)
      nextCall.set(
        provider.name,
        Math.max(nextCall.get(provider.name) ?? 0, clock.now() + result.retryAfterSeconds * 1000),
      );
    await writeBatch(ctx.db, [
      rawSql(sql`update mailing_recipient set status = ${giveUp ? "failed" : "queued"}, error = ${result.error},
          lease_until = ${Date.now() + (retry ?? 0) * 1000 + MAILING_LEASE_MS}
        where id in (select value from json_each(${claimedIds})) and status = 'sending' and claim = ${claim}`),
    ]);
    if (giveUp) await finishIfDone(ctx.db, m.id);
    return { retry, throttled: retry !== null && result.retryAfterSeconds !== undefined };
  }
  const sent = JSON.stringify(rows.map((r, i) => ({ r: r.id, p: result.ids[i] ?? null, c: r.connection_id })));
  const now = Date.now();
  const subject = `Mailing “${m.subject.slice(0, 200)}” sent`;
  await writeBatch(ctx.db, [
    rawSql(sql`update mailing_recipient set status = 'sent', sent_at = ${now}, error = null, lease_until = null,
        provider_id = (select json_extract(j.value, '$.p') from json_each(${sent}) j where json_extract(j.value, '$.r') = mailing_recipient.id)
      where id in (select value from json_each(${claimedIds})) and status = 'sending'`),
    // On each person's timeline; not a personal contact, so last contacted stays as it was.
    rawSql(sql`insert into interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id)
      select ${m.userId}, json_extract(value, '$.c'), 'mailing', 'mailing', ${now}, ${subject}, ${String(m.id)},
        'mailing-sent-' || json_extract(value, '$.r')
      from json_each(${sent}) where json_extract(value, '$.c') is not null
      on conflict (user_id, client_id) do nothing`),
  ]);
  await finishIfDone(ctx.db, m.id);
  return { retry: null };
}

type Named = { id: number; name: string; given_name: string | null; event_name: string | null; locale: string | null };

/** The owner's people a claimed group names, for their merge values. */
async function peopleOf(db: Database, userId: string, rows: { connection_id: number | null }[]) {
  const list = await db.all<Named>(
    sql`select c.id, c.name, c.given_name, c.event_name, ${PERSON_LOCALE} as locale from connection c where c.user_id = ${userId}
      and c.id in (select value from json_each(${JSON.stringify(rows.map((r) => r.connection_id).filter(Boolean))}))`,
  );
  return { list, organiserName: null };
}

/** The event's attendees a claimed group names; the event is the mailing's own, so no other event's are read. */
async function attendeesOf(db: Database, eventId: number, rows: { attendee_id: number | null }[]) {
  const list = await db.all<Named>(
    sql`select a.id, a.name, null as given_name, e.title as event_name, a.locale from org_attendee a join org_event e on e.id = a.event_id
      where a.event_id = ${eventId}
        and a.id in (select value from json_each(${JSON.stringify(rows.map((r) => r.attendee_id).filter(Boolean))}))`,
  );
  const event = await db.select({ name: orgEvent.organiserName }).from(orgEvent).where(eq(orgEvent.id, eventId)).get();
  return { list, organiserName: event?.name ?? null };
}

/** Marks a mailing sent once no recipient is waiting or in flight. */
async function finishIfDone(db: Database, id: number) {
  await db.run(sql`update mailing set status = 'sent', sent_at = ${Date.now()}, updated_at = ${Date.now()}
    where id = ${id} and status = 'sending'
      and not exists (select 1 from mailing_recipient where mailing_id = ${id} and status in ('queued', 'sending'))`);
}
