// Composing a mailing: preview, test send, the day's allowance, storing it with its recipients, and its results.
import { and, desc, eq, sql } from "drizzle-orm";
import { type AudienceRules, MAILING_LIMITS, MESSAGES, merge, textToHtml, usesField } from "~/lib/mailings/rules";
import { campaign, mailing, mailingRecipient } from "~db/schema";
import { asOwners, type Database, type Owners } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { senderNameOf, whyLine } from "../people/consent.server";
import { type Member, resolveAudience, resolveEventAudience } from "./audience.server";
import {
  campaignLink,
  cardLink,
  fromAddress,
  lastGifts,
  type MailCtx,
  ownerOf,
  providerFor,
  type Shared,
  valuesFor,
} from "./message.server";
import { enqueueMailing } from "./send.server";

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
  owner: string | Owners,
  input: ComposeInput,
  origin: string,
  opts: { timeZone?: string; now?: Date } = {},
): Promise<{ errors: FieldErrors } | { id: number; recipients: number; scheduled: boolean; repeat: boolean }> {
  const now = opts.now ?? new Date();
  // The mailing is the workspace's; its audience is of the people the composing member sees (decision 0252).
  const userId = asOwners(owner).workspaceId;
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
    : await resolveAudience(ctx.db, owner, input.rules, opts);
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
      const w = whyLine(m.consent, sender, opts.timeZone, m.locale ?? undefined);
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
