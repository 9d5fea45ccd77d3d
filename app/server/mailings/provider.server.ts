import { sql } from "drizzle-orm";
import type { Database } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";
import { headerValue } from "../platform/mail.server";

/** One message of a mailing, ready for a provider: both parts and the unsubscribe headers. */
export type OutMessage = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export type SendResult =
  | { ok: true; ids: string[] }
  | { ok: false; retryable: boolean; error: string; retryAfterSeconds?: number };

/** Sends up to `batchSize` messages in one call; `key` makes a repeated call (a retry) a no-op at the provider. */
export interface MailingProvider {
  name: string;
  batchSize: number;
  /** Calls a second the provider takes (its documented rate limit); the sender paces itself by it. */
  perSecond: number;
  send(messages: OutMessage[], key: string): Promise<SendResult>;
}

const clean = (m: OutMessage): OutMessage => ({
  ...m,
  to: headerValue(m.to, 254),
  subject: headerValue(m.subject),
  headers: Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, headerValue(v, 900)])),
});

/** Local default: every message lands in the outbox (/dev/mailbox), in one D1 batch per call. */
export function outboxProvider(db: Database): MailingProvider {
  return {
    name: "outbox",
    batchSize: 100,
    // Local: as fast as the database takes the writes, still paced, so the bench shows the pacing work.
    perSecond: 10,
    async send(messages, key) {
      const rows = messages.map(clean).map((m, i) => ({
        key: `${key.slice(0, 200)}#${i}`,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: JSON.stringify(m.headers),
      }));
      const statements = [];
      for (let i = 0; i < rows.length; i += 50)
        statements.push(
          rawSql(sql`insert into outbox ("to", subject, text, html, kind, headers, idempotency_key)
            select json_extract(value, '$.to'), json_extract(value, '$.subject'), json_extract(value, '$.text'),
              json_extract(value, '$.html'), 'mailing', json_extract(value, '$.headers'), json_extract(value, '$.key')
            from json_each(${JSON.stringify(rows.slice(i, i + 50))}) where true
            on conflict (idempotency_key) do nothing`),
        );
      // A repeated call (a sender that died after sending) stores nothing and answers the first call's ids.
      const keys = JSON.stringify(rows.map((r) => r.key));
      statements.push(
        rawSql(sql`select id, idempotency_key as key from outbox
          where idempotency_key in (select value from json_each(${keys}))`),
      );
      const results = await writeBatch(db, statements);
      const stored = new Map(
        ((results.at(-1)?.results ?? []) as { id: number; key: string }[]).map((r) => [r.key, `outbox-${r.id}`]),
      );
      return { ok: true, ids: rows.map((r) => stored.get(r.key) ?? "") };
    },
  };
}

/**
 * Resend's batch endpoint (up to 100 messages a call; docs/decisions/0140). 429 and 5xx are retried
 * later; any other refusal fails the batch for good, with Resend's message.
 */
export function resendProvider(opts: { apiKey: string; apiBase?: string }): MailingProvider {
  const base = (opts.apiBase ?? "https://api.resend.com").replace(/\/$/, "");
  return {
    name: "resend",
    batchSize: 100,
    // Resend's default rate limit: 2 requests a second per team (a raised limit is a one-line change here).
    perSecond: 2,
    async send(messages, key) {
      let res: Response;
      try {
        res = await fetch(`${base}/emails/batch`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${opts.apiKey}`,
            "content-type": "application/json",
            "idempotency-key": key.slice(0, 256),
          },
          body: JSON.stringify(
            messages.map(clean).map((m) => ({
              from: m.from,
              to: [m.to],
              subject: m.subject,
              text: m.text,
              html: m.html,
              headers: m.headers,
            })),
          ),
        });
      } catch (error) {
        return { ok: false, retryable: true, error: `Resend unreachable: ${(error as Error).message}`.slice(0, 300) };
      }
      const body = (await res.json().catch(() => null)) as { data?: { id?: unknown }[]; message?: unknown } | null;
      if (res.ok && Array.isArray(body?.data) && body.data.length === messages.length)
        return { ok: true, ids: body.data.map((d) => String(d.id ?? "")) };
      const error = `Resend answered ${res.status}: ${typeof body?.message === "string" ? body.message : "no message"}`;
      const retryAfter = Number(res.headers.get("retry-after"));
      return {
        ok: false,
        retryable: res.status === 429 || res.status >= 500 || res.ok,
        error: error.slice(0, 300),
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 3600) : undefined,
      };
    },
  };
}
