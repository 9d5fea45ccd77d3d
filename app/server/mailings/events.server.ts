import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { hex } from "~/lib/text/hex";
import { mailEvent } from "~db/schema";
import type { Database } from "../db/db.server";
import { failedWith, rawSql, type Statement, writeBatch } from "../db/write.server";
import { emailWithdrawal } from "../people/consent.server";
import type { AppEnv } from "../platform/env.server";
import { purposeKey } from "../platform/tokens.server";

type Recipient = {
  id: number;
  user_id: string;
  connection_id: number | null;
  attendee_id: number | null;
  org_event_id: number | null;
  email: string;
  mailing_id: number;
  subject: string;
  owner_name: string;
};

export async function recipientById(db: Database, id: number) {
  // An organiser mailing names the sender as the event does, the name its attendees agreed to hear from.
  const [row] = await db.all<Recipient>(sql`select r.id, r.user_id, r.connection_id, r.attendee_id, m.org_event_id,
      r.email, r.mailing_id, m.subject, coalesce(e.organiser_name, u.name, w.name) as owner_name
    from mailing_recipient r join mailing m on m.id = r.mailing_id join workspace w on w.id = r.user_id
      left join user u on u.id = r.user_id
      left join org_event e on e.id = m.org_event_id and e.user_id = r.user_id
    where r.id = ${id}`);
  return row ?? null;
}

/** The statements that record an event on the person's timeline, once per recipient and kind. */
const timeline = (r: Recipient, what: string, text: string): Statement =>
  rawSql(sql`insert into interaction (user_id, connection_id, kind, source, occurred_at, text, ref, client_id)
    select ${r.user_id}, ${r.connection_id}, 'mailing', 'mailing', ${Date.now()}, ${text.slice(0, 5000)}, ${String(r.mailing_id)},
      ${`mailing-${what}-${r.id}`}
    where ${r.connection_id} is not null
    on conflict (user_id, client_id) do nothing`);

/** For an organiser mailing: the attendee's withdrawal from hearing from the organiser, on that event's record. */
const organiserWithdrawal = (
  r: Recipient,
  source: "unsubscribe" | "complaint",
  shown: string,
  unless: ReturnType<typeof sql>,
) =>
  rawSql(sql`insert into org_mail_consent (event_id, attendee_id, email, given, source, shown, created_at)
    select ${r.org_event_id}, ${r.attendee_id}, ${r.email}, 0, ${source}, ${shown}, ${Date.now()}
    where ${r.org_event_id} is not null and not (${unless})`);

type SuppressionReason = "bounced" | "unsubscribed" | "complained";
/** The rank of a suppression's reason: a complaint outweighs an unsubscribe, which outweighs a bounce. */
const rank = (column: ReturnType<typeof sql>) =>
  sql`case ${column} when 'complained' then 3 when 'unsubscribed' then 2 else 1 end`;

/** The address suppressed for this owner; a reason already on record stays unless the new one is stronger. */
const suppress = (r: Recipient, reason: SuppressionReason, now: number) =>
  rawSql(sql`insert into mail_suppression (user_id, email, reason, mailing_id, created_at)
    values (${r.user_id}, ${r.email}, ${reason}, ${r.mailing_id}, ${now})
    on conflict (user_id, email) do update set reason = excluded.reason, mailing_id = excluded.mailing_id
      where ${rank(sql`excluded.reason`)} > ${rank(sql`mail_suppression.reason`)}`);

/**
 * One-click unsubscribe (RFC 8058) or the page's button: the address is suppressed for this owner for
 * good, and the withdrawal is a consent record on the person's history. Repeating it changes nothing.
 */
export async function unsubscribe(db: Database, recipientId: number) {
  const r = await recipientById(db, recipientId);
  if (!r) return null;
  const now = Date.now();
  await writeBatch(db, [
    // Before the recipient is marked, so a repeated unsubscribe records nothing twice.
    organiserWithdrawal(
      r,
      "unsubscribe",
      `Unsubscribed from ${r.owner_name}'s mailings (from “${r.subject.slice(0, 200)}”)`,
      sql`(select unsubscribed_at from mailing_recipient where id = ${r.id}) is not null`,
    ),
    suppress(r, "unsubscribed", now),
    rawSql(sql`update mailing_recipient set unsubscribed_at = ${now} where id = ${r.id} and unsubscribed_at is null`),
    rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, client_id, created_at)
      select ${r.user_id}, ${r.connection_id}, 'consent-withdrawn', 'mailing',
        ${`Unsubscribed from your mailings (from “${r.subject.slice(0, 200)}”)`}, ${`mailing-unsubscribe-${r.id}`}, ${now}
      where ${r.connection_id} is not null
      on conflict (user_id, client_id) do nothing`),
    emailWithdrawal(r.user_id, r.connection_id, `Unsubscribed from “${r.subject.slice(0, 200)}”`, "unsubscribe", now),
    timeline(r, "unsubscribed", `Unsubscribed from “${r.subject}”`),
  ]);
  return r;
}

/** A click through our redirect: every click is kept, the first one marks the recipient and the timeline. */
export async function recordClick(db: Database, recipientId: number, url: string) {
  const r = await recipientById(db, recipientId);
  if (!r) return;
  const now = Date.now();
  await writeBatch(db, [
    rawSql(
      sql`insert into mailing_click (user_id, recipient_id, url, created_at) values (${r.user_id}, ${r.id}, ${url.slice(0, 2000)}, ${now})`,
    ),
    rawSql(sql`update mailing_recipient set clicked_at = ${now} where id = ${r.id} and clicked_at is null`),
    timeline(r, "clicked", `Clicked a link in “${r.subject}”`),
  ]);
}

/**
 * The provider's webhook signing secret: configured, or (outside production, where no provider is configured
 * to send any) derived from AUTH_SECRET under its own purpose, like every other key of ours.
 */
export async function mailWebhookSecret(env: Pick<AppEnv, "AUTH_SECRET" | "RESEND_WEBHOOK_SECRET" | "APP_ENV">) {
  if (env.RESEND_WEBHOOK_SECRET) return env.RESEND_WEBHOOK_SECRET;
  if (env.APP_ENV === "production") return null;
  const mac = await crypto.subtle.sign(
    "HMAC",
    await purposeKey(env, "mail-webhook"),
    new TextEncoder().encode("local"),
  );
  return `whsec_${btoa(hex(mac).slice(0, 32))}`;
}

/** A verified event, with the id its signature covers (webhook-id): the same id is the same event. */
export type ProviderEvent = { id: string; type: string; data: { email_id?: unknown; to?: unknown } };

/**
 * Resend signs its webhooks the Svix way (Standard Webhooks with svix- header names); anything unsigned,
 * stale or tampered is refused. Returns the event, or null.
 */
export async function verifyProviderEvent(env: AppEnv, headers: Headers, body: string): Promise<ProviderEvent | null> {
  const secret = await mailWebhookSecret(env);
  if (!secret) return null;
  const get = (name: string) => headers.get(`webhook-${name}`) ?? headers.get(`svix-${name}`) ?? "";
  try {
    const event = new Webhook(secret).verify(body, {
      "webhook-id": get("id"),
      "webhook-timestamp": get("timestamp"),
      "webhook-signature": get("signature"),
    }) as Omit<ProviderEvent, "id">;
    return event && typeof event.type === "string" && event.data && typeof event.data === "object"
      ? { ...event, id: get("id").slice(0, 200) }
      : null;
  } catch {
    return null;
  }
}

/**
 * Delivered, bounced and complained: a bounce or complaint suppresses the address for that owner. The
 * event's id is recorded in the batch of its effects, so a replay of the same id answers "duplicate".
 */
export async function applyProviderEvent(
  db: Database,
  event: ProviderEvent,
): Promise<"applied" | "duplicate" | "ignored"> {
  const applied = async (statements: Statement[]) => {
    const record = db.insert(mailEvent).values({ id: event.id, type: event.type.slice(0, 100) });
    try {
      await writeBatch(db, [record, ...statements]);
      return "applied" as const;
    } catch (error) {
      if (failedWith(error, /UNIQUE constraint failed: mail_event\.id/)) return "duplicate" as const;
      throw error;
    }
  };
  const providerId = typeof event.data.email_id === "string" ? event.data.email_id.slice(0, 200) : null;
  if (!providerId) return "ignored";
  const [row] = await db.all<{ id: number }>(
    sql`select id from mailing_recipient where provider_id = ${providerId} limit 1`,
  );
  const r = row ? await recipientById(db, row.id) : null;
  if (!r) return "ignored";
  const now = Date.now();
  if (event.type === "email.delivered") {
    return applied([
      rawSql(
        sql`update mailing_recipient set status = 'delivered', delivered_at = ${now} where id = ${r.id} and status = 'sent'`,
      ),
    ]);
  }
  const reason = event.type === "email.bounced" ? "bounced" : event.type === "email.complained" ? "complained" : null;
  if (!reason) return "ignored";
  const statements: Statement[] = [
    ...(reason === "complained"
      ? [
          organiserWithdrawal(
            r,
            "complaint",
            `Marked ${r.owner_name}'s mailing “${r.subject.slice(0, 200)}” as spam`,
            sql`exists (select 1 from mail_suppression where user_id = ${r.user_id} and email = ${r.email} and reason = 'complained')`,
          ),
        ]
      : []),
    suppress(r, reason, now),
    timeline(
      r,
      reason,
      reason === "bounced"
        ? `“${r.subject}” bounced; the address is no longer mailed`
        : `Marked “${r.subject}” as spam; no more mailings`,
    ),
  ];
  if (reason === "bounced")
    statements.push(
      rawSql(sql`update mailing_recipient set status = 'bounced', bounced_at = ${now} where id = ${r.id}`),
    );
  else
    statements.push(
      rawSql(sql`insert into person_history (user_id, connection_id, kind, source, detail, client_id, created_at)
        select ${r.user_id}, ${r.connection_id}, 'consent-withdrawn', 'mailing',
          ${`Marked your mailing “${r.subject.slice(0, 200)}” as spam`}, ${`mailing-complaint-${r.id}`}, ${now}
        where ${r.connection_id} is not null
        on conflict (user_id, client_id) do nothing`),
      emailWithdrawal(r.user_id, r.connection_id, `Marked “${r.subject.slice(0, 200)}” as spam`, "complaint", now),
    );
  return applied(statements);
}
