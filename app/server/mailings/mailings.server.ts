import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type AudienceRules,
  MAILING_LIMITS,
  MESSAGES,
  type MergeValues,
  merge,
  textToHtml,
  URL_IN_TEXT,
  usesField,
} from "~/lib/mailings/rules";
import { formatMoney } from "~/lib/money";
import { escapeHtml } from "~/lib/text/escape";
import { campaign, card, mailing, mailingRecipient, orgEvent, user } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { senderNameOf, whyLine } from "../people/consent.server";
import type { AppEnv, MailingMessage } from "../platform/env.server";
import { sha256Hex } from "../platform/tokens.server";
import { type Member, resolveAudience, resolveEventAudience } from "./audience.server";
import { type MailingProvider, type OutMessage, outboxProvider, resendProvider } from "./provider.server";
import { clickPath, unsubscribePath } from "./tokens.server";

/** The time the sender paces its provider calls by; tests pass one that only counts. */
export type Clock = { now(): number; sleep(ms: number): Promise<void> };
const wallClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** `provider` stands in for the configured one (tests: a sender that dies mid-group); `clock` for the wall's. */
export type MailCtx = { env: AppEnv; db: Database; provider?: MailingProvider; clock?: Clock };

/** Resend when configured; the outbox outside production; nothing (mailings off) in production without a key. */
export function providerFor(ctx: MailCtx): MailingProvider | null {
  if (ctx.provider) return ctx.provider;
  if (ctx.env.RESEND_API_KEY)
    return resendProvider({ apiKey: ctx.env.RESEND_API_KEY, apiBase: ctx.env.RESEND_API_BASE });
  if (ctx.env.APP_ENV === "production") return null;
  return outboxProvider(ctx.db);
}

export type ComposeInput = {
  subject: string;
  body: string;
  campaignId: string | null;
  rules: AudienceRules;
  scheduleAt: Date | null;
  /** The form's one-time key (a double click sends once). */
  key: string;
  /** An organiser's event: its attendees who agreed to hear from the organiser, instead of `rules`. */
  orgEventId?: number | null;
};
export type FieldErrors = Partial<Record<"subject" | "body" | "audience" | "schedule" | "campaignId", string[]>>;

/** The owner's published card link, or "" when none is published. */
async function cardLink(db: Database, userId: string, origin: string) {
  const row = await db
    .select({ slug: card.slug })
    .from(card)
    .where(and(eq(card.userId, userId), eq(card.published, true), sql`${card.slug} is not null`))
    .orderBy(card.id)
    .get();
  return row?.slug ? `${origin}/c/${row.slug}` : "";
}

/** Each person's latest gift, as a merge field shows it. */
async function lastGifts(db: Database, userId: string, personIds: number[]) {
  const out = new Map<number, string>();
  for (let i = 0; i < personIds.length; i += 500) {
    const rows = await db.all<{ connection_id: number; amount: number; currency: string; date: string }>(
      sql`select g.connection_id, g.amount - g.amount_refunded as amount, g.currency, g.date from gift g
        where g.user_id = ${userId} and g.connection_id in (select value from json_each(${JSON.stringify(personIds.slice(i, i + 500))}))
          and g.amount > g.amount_refunded
        order by g.date desc, g.id desc`,
    );
    for (const r of rows)
      if (!out.has(r.connection_id)) out.set(r.connection_id, `${formatMoney(r.amount, r.currency)} on ${r.date}`);
  }
  return out;
}

export const campaignLink = (origin: string, campaignId: string | null, mailingId: number | null) =>
  campaignId
    ? `${origin}/fundraising/${encodeURIComponent(campaignId)}${mailingId ? `?mailing=${mailingId}` : ""}`
    : "";

type Shared = { card: string; campaign: string; gifts: Map<number, string> };

const valuesFor = (m: Pick<Member, "id" | "firstName" | "eventName">, shared: Shared): MergeValues => ({
  first_name: m.firstName || "there",
  event: m.eventName ?? "",
  campaign_link: shared.campaign,
  last_gift: shared.gifts.get(m.id) ?? "",
  card_link: shared.card,
});

/** One message as the recipient gets it: merged text, the HTML part, and RFC 8058's two headers. */
export async function renderMessage(
  env: AppEnv,
  m: { subject: string; body: string; origin: string; ownerName: string },
  to: { recipientId: number; email: string; reason?: string },
  values: MergeValues,
  from: string,
): Promise<OutMessage> {
  const unsubscribe = `${m.origin}${await unsubscribePath(env, to.recipientId)}`;
  const text = merge(m.body, values);
  // Written when the mailing was made, from the consent it is sent under; older mailings keep the general line.
  const why = to.reason || `You get this because you agreed to hear from ${m.ownerName}.`;
  const links = new Map<string, string>();
  for (const match of text.matchAll(URL_IN_TEXT))
    links.set(match[0], `${m.origin}${await clickPath(env, to.recipientId, match[0])}`);
  return {
    to: to.email,
    from,
    subject: merge(m.subject, values),
    text: `${text}\n\n--\n${why}\nUnsubscribe: ${unsubscribe}\n`,
    html: textToHtml(
      text,
      (url) => links.get(url) ?? url,
      `${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>`,
    ),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const fromAddress = (env: AppEnv, ownerName: string) =>
  env.MAIL_FROM
    ? `${ownerName.replace(/["<>\\]/g, "")} via KnowWho <${env.MAIL_FROM.replace(/^.*<|>.*$/g, "")}>`
    : `${ownerName.replace(/["<>\\]/g, "")} via KnowWho <mailings@knowwho.local>`;

async function ownerOf(db: Database, userId: string) {
  return db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).get();
}

/** What one recipient would get, for the compose page's preview (no message is sent). */
export async function previewFor(
  ctx: MailCtx,
  userId: string,
  input: Pick<ComposeInput, "subject" | "body" | "campaignId" | "orgEventId">,
  member: Member,
  origin: string,
) {
  const owner = await ownerOf(ctx.db, userId);
  const shared: Shared = {
    card: await cardLink(ctx.db, userId, origin),
    campaign: campaignLink(origin, input.campaignId, null),
    // An attendee's id is not one of the owner's people: their gifts are never looked up by it.
    gifts: input.orgEventId ? new Map() : await lastGifts(ctx.db, userId, [member.id]),
  };
  const values = valuesFor(member, shared);
  return {
    subject: merge(input.subject, values),
    text: merge(input.body, values),
    to: member.email,
    owner: owner?.name,
  };
}

/** A test send to the owner's own address, merged as for the first person of the audience (or a sample). */
export async function sendTest(
  ctx: MailCtx,
  userId: string,
  input: Pick<ComposeInput, "subject" | "body" | "campaignId" | "orgEventId">,
  sample: Member | null,
  origin: string,
) {
  const provider = providerFor(ctx);
  const owner = await ownerOf(ctx.db, userId);
  if (!provider || !owner) return false;
  const shared: Shared = {
    card: await cardLink(ctx.db, userId, origin),
    campaign: campaignLink(origin, input.campaignId, null),
    gifts: sample && !input.orgEventId ? await lastGifts(ctx.db, userId, [sample.id]) : new Map(),
  };
  const values = valuesFor(sample ?? { id: 0, firstName: owner.name.split(/\s+/)[0] ?? "", eventName: null }, shared);
  const unsubscribe = `${origin}/mail/u/test`;
  const text = merge(input.body, values);
  const result = await provider.send(
    [
      {
        to: owner.email,
        from: fromAddress(ctx.env, owner.name),
        subject: `[Test] ${merge(input.subject, values)}`,
        text: `${text}\n\n--\nThis is a test; recipients get their own unsubscribe link here.\n`,
        html: textToHtml(text, (u) => u, "This is a test; recipients get their own unsubscribe link here."),
        headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      },
    ],
    `test-${crypto.randomUUID()}`,
  );
  return result.ok;
}

/**
 * The warm-up (docs/decisions/0186): the messages a sender may send in 24 hours are a whole audience plus
 * what it sent in the last 30 days, while its bounces and complaints stay under the providers' ceilings;
 * a record over them shrinks the day to a cleaned list's size.
 */
export async function sendingAllowance(db: Database, userId: string, now = new Date()) {
  const dayAgo = now.getTime() - 24 * 3_600_000;
  const monthAgo = now.getTime() - 30 * 24 * 3_600_000;
  const [r] = await db.all<{
    today: number;
    earlier: number;
    sent: number;
    bounced: number;
    complained: number;
  }>(sql`select
      (select count(*) from mailing_recipient where user_id = ${userId} and created_at > ${dayAgo}) as today,
      (select count(*) from mailing_recipient where user_id = ${userId} and created_at > ${monthAgo}
        and created_at <= ${dayAgo} and status in ('sent', 'delivered', 'bounced')) as earlier,
      (select count(*) from mailing_recipient where user_id = ${userId} and created_at > ${monthAgo}
        and status in ('sent', 'delivered', 'bounced')) as sent,
      (select count(*) from mailing_recipient where user_id = ${userId} and created_at > ${monthAgo}
        and status = 'bounced') as bounced,
      (select count(*) from mail_suppression where user_id = ${userId} and reason = 'complained'
        and created_at > ${monthAgo}) as complained`);
  const sent = r?.sent ?? 0;
  const bounced = r?.bounced ?? 0;
  const complained = r?.complained ?? 0;
  const clean =
    sent < MAILING_LIMITS.judgedAfter ||
    (bounced <= sent * MAILING_LIMITS.bounceRate && complained <= sent * MAILING_LIMITS.complaintRate);
  // Only what went out before today grows the day, so today's own sends never raise today's ceiling.
  const perDay = clean ? MAILING_LIMITS.perDayBase + (r?.earlier ?? 0) : MAILING_LIMITS.perDayFlagged;
  return { clean, perDay, left: perDay - (r?.today ?? 0), sent, bounced, complained };
}

/**
 * Checks what needs the database (audience, campaign, schedule), then stores the mailing and one row per
 * recipient in one batch. The day's allowance is held inside that batch, so two sends at once cannot pass it.
 * A second submission of the same form (its key) returns the first mailing and adds nobody.
 */
export async function createMailing(
  ctx: MailCtx,
  userId: string,
  input: ComposeInput,
  origin: string,
  opts: { timeZone?: string; now?: Date } = {},
): Promise<{ errors: FieldErrors } | { id: number; recipients: number; scheduled: boolean; repeat: boolean }> {
  const now = opts.now ?? new Date();
  const existing = await ctx.db
    .select({ id: mailing.id, recipients: mailing.recipients, status: mailing.status })
    .from(mailing)
    .where(and(eq(mailing.userId, userId), eq(mailing.clientKey, input.key)))
    .get();
  if (existing && existing.status !== "cancelled" && existing.status !== "draft")
    return {
      id: existing.id,
      recipients: existing.recipients,
      scheduled: existing.status === "scheduled",
      repeat: true,
    };
  const errors: FieldErrors = {};
  const orgEventId = input.orgEventId ?? null;
  const eventAudience = orgEventId ? await resolveEventAudience(ctx.db, userId, orgEventId) : null;
  // Another account's event is refused the way an empty audience is: nothing about it is said.
  const { included } = orgEventId
    ? (eventAudience ?? { included: [] })
    : await resolveAudience(ctx.db, userId, input.rules, opts);
  if (!included.length) errors.audience = [MESSAGES.audienceEmpty];
  else if (included.length > MAILING_LIMITS.perMailing) errors.audience = [MESSAGES.audienceTooBig];
  if (input.scheduleAt && input.scheduleAt.getTime() <= now.getTime()) errors.schedule = [MESSAGES.schedulePast];
  if (input.campaignId) {
    const c = await ctx.db
      .select({ id: campaign.id })
      .from(campaign)
      .where(and(eq(campaign.id, input.campaignId), eq(campaign.userId, userId)))
      .get();
    if (!c) errors.campaignId = ["Choose one of your campaigns"];
  } else if (usesField(input.body, "campaign_link") || usesField(input.subject, "campaign_link"))
    errors.campaignId = [MESSAGES.campaignNeeded];
  if (Object.keys(errors).length) return { errors };

  const [row] = await ctx.db
    .insert(mailing)
    .values({
      userId,
      subject: input.subject,
      body: input.body,
      audience: (orgEventId ? { orgEvent: orgEventId } : input.rules) as unknown as Record<string, unknown>,
      orgEventId,
      campaignId: input.campaignId,
      status: "draft",
      scheduledAt: input.scheduleAt,
      origin,
      clientKey: input.key,
    })
    .onConflictDoUpdate({
      target: [mailing.userId, mailing.clientKey],
      set: {
        subject: input.subject,
        body: input.body,
        audience: (orgEventId ? { orgEvent: orgEventId } : input.rules) as unknown as Record<string, unknown>,
        orgEventId,
      },
      where: sql`${mailing.status} in ('draft', 'cancelled') and ${mailing.recipients} = 0`,
    })
    .returning({ id: mailing.id });
  if (!row) {
    const again = await ctx.db
      .select()
      .from(mailing)
      .where(and(eq(mailing.userId, userId), eq(mailing.clientKey, input.key)))
      .get();
    return {
      id: again?.id ?? 0,
      recipients: again?.recipients ?? 0,
      scheduled: again?.status === "scheduled",
      repeat: true,
    };
  }
  const id = row.id;
  const target = input.scheduleAt ? "scheduled" : "sending";
  const dayAgo = now.getTime() - 24 * 3_600_000;
  const allowance = await sendingAllowance(ctx.db, userId, now);
  const statements: Statement[] = [];
  // The name the person is told they hear from: the organiser, else the charity for a campaign's mailing.
  const sender =
    eventAudience?.organiserName ?? (await senderNameOf(ctx.db, userId, { fundraising: Boolean(input.campaignId) }));
  for (let i = 0; i < included.length; i += 500) {
    // An organiser mailing's recipients are attendees, never the organiser's own people.
    const chunk = included.slice(i, i + 500).map((m) => {
      const w = whyLine(m.consent, sender, opts.timeZone);
      return orgEventId ? { a: m.id, e: m.email, w } : { c: m.id, e: m.email, w };
    });
    statements.push(
      rawSql(sql`insert into mailing_recipient (mailing_id, user_id, connection_id, attendee_id, email, status, reason)
        select ${id}, ${userId}, json_extract(value, '$.c'), json_extract(value, '$.a'), json_extract(value, '$.e'), 'queued',
          json_extract(value, '$.w')
        from json_each(${JSON.stringify(chunk)})
        where (select count(*) from mailing_recipient where user_id = ${userId} and created_at > ${dayAgo}) + ${chunk.length} <= ${allowance.perDay}
        on conflict (mailing_id, email) do nothing`),
    );
  }
  statements.push(
    rawSql(sql`update mailing set recipients = (select count(*) from mailing_recipient where mailing_id = ${id}),
        status = case when (select count(*) from mailing_recipient where mailing_id = ${id}) = ${included.length} then ${target} else 'cancelled' end,
        updated_at = ${now.getTime()}
      where id = ${id}`),
    rawSql(sql`delete from mailing_recipient where mailing_id = ${id}
      and (select status from mailing where id = ${id}) = 'cancelled'`),
  );
  await writeBatch(ctx.db, statements);
  const after = await ctx.db.select({ status: mailing.status }).from(mailing).where(eq(mailing.id, id)).get();
  if (after?.status === "cancelled") {
    await ctx.db.delete(mailing).where(eq(mailing.id, id));
    const left = Math.max(0, allowance.left);
    return { errors: { audience: [allowance.clean ? MESSAGES.dailyCap(left) : MESSAGES.flagged(left)] } };
  }
  if (target === "sending") await enqueueMailing(ctx, id);
  return { id, recipients: included.length, scheduled: target === "scheduled", repeat: false };
}

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
        { recipientId: r.id, email: r.email, reason: r.reason },
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

type Named = { id: number; name: string; given_name: string | null; event_name: string | null };

/** The owner's people a claimed group names, for their merge values. */
async function peopleOf(db: Database, userId: string, rows: { connection_id: number | null }[]) {
  const list = await db.all<Named>(
    sql`select id, name, given_name, event_name from connection where user_id = ${userId}
      and id in (select value from json_each(${JSON.stringify(rows.map((r) => r.connection_id).filter(Boolean))}))`,
  );
  return { list, organiserName: null };
}

/** The event's attendees a claimed group names; the event is the mailing's own, so no other event's are read. */
async function attendeesOf(db: Database, eventId: number, rows: { attendee_id: number | null }[]) {
  const list = await db.all<Named>(
    sql`select a.id, a.name, null as given_name, e.title as event_name from org_attendee a join org_event e on e.id = a.event_id
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

/** The owner's mailings, newest first. */
export function listMailings(db: Database, userId: string) {
  return db
    .select({
      id: mailing.id,
      subject: mailing.subject,
      status: mailing.status,
      recipients: mailing.recipients,
      scheduledAt: mailing.scheduledAt,
      sentAt: mailing.sentAt,
      createdAt: mailing.createdAt,
    })
    .from(mailing)
    .where(eq(mailing.userId, userId))
    .orderBy(desc(mailing.createdAt), desc(mailing.id))
    .limit(200);
}

/** One mailing's results; null for another owner's (or no such) mailing. */
export async function mailingResults(db: Database, userId: string, id: number) {
  const m = await db
    .select()
    .from(mailing)
    .where(and(eq(mailing.id, id), eq(mailing.userId, userId)))
    .get();
  if (!m) return null;
  const [counts] = await db.all<Record<string, number>>(sql`select
      count(*) as total,
      sum(status in ('sent', 'delivered', 'bounced')) as sent,
      sum(status = 'delivered') as delivered,
      sum(status = 'bounced') as bounced,
      sum(status = 'failed') as failed,
      sum(status = 'skipped') as skipped,
      sum(status in ('queued', 'sending')) as waiting,
      sum(unsubscribed_at is not null) as unsubscribed,
      sum(clicked_at is not null) as clicked,
      sum(attempts > 1) as retried
    from mailing_recipient where mailing_id = ${id} and user_id = ${userId}`);
  const [gifts] = await db.all<{ n: number; currency: string | null; total: number | null }>(sql`select count(*) as n,
      min(g.currency) as currency, sum(g.amount - g.amount_refunded) as total
    from mailing_gift mg join gift g on g.user_id = mg.user_id and g.external_key = mg.gift_key
    where mg.mailing_id = ${id} and mg.user_id = ${userId}`);
  const recipients = await db
    .select({
      id: mailingRecipient.id,
      connectionId: mailingRecipient.connectionId,
      email: mailingRecipient.email,
      status: mailingRecipient.status,
      clickedAt: mailingRecipient.clickedAt,
      unsubscribedAt: mailingRecipient.unsubscribedAt,
      error: mailingRecipient.error,
    })
    .from(mailingRecipient)
    .where(and(eq(mailingRecipient.mailingId, id), eq(mailingRecipient.userId, userId)))
    .orderBy(mailingRecipient.id)
    .limit(500);
  const n = (k: string) => Number(counts?.[k] ?? 0);
  return {
    mailing: m,
    counts: {
      total: n("total"),
      sent: n("sent"),
      delivered: n("delivered"),
      bounced: n("bounced"),
      failed: n("failed"),
      skipped: n("skipped"),
      waiting: n("waiting"),
      unsubscribed: n("unsubscribed"),
      clicked: n("clicked"),
      retried: n("retried"),
    },
    gifts: { count: gifts?.n ?? 0, total: gifts?.total ?? 0, currency: gifts?.currency ?? null },
    recipients,
  };
}
