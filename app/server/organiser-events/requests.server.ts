import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locales";
import { type Translate, translator } from "~/lib/i18n/translate";
import { notification, orgAttendee, orgEvent, orgExchange, orgMeeting, orgRequestMail } from "~db/schema";
import type { Database } from "../db/db.server";
import { type Statement, writeBatch } from "../db/write.server";
import { type Mailer, outboxMailer } from "../platform/mail.server";
import type { Attendee } from "./attendees.server";
import type { OrgEvent } from "./events.server";
import { attendeeLocale, meetingLine } from "./meetings.server";

/**
 * Requests reach the asked attendee: a notification for an account holder (the dashboard and
 * /notifications show it), the pass's "Requests waiting for you" with Accept and Decline, and email at most
 * once per window per attendee, the rest gathered into one digest that the cron sends when the window ends.
 */

/** One mail about requests per attendee in this window; what arrives meanwhile waits for the digest. */
export const REQUEST_MAIL_WINDOW_MS = 15 * 60_000;
/** Digests sent by one cron run; the rest go on the next run, five minutes later. */
const DIGESTS_PER_RUN = 200;

export type Waiting =
  | { kind: "connect"; fromId: number; name: string; company: string | null; title: string | null }
  | { kind: "meeting"; id: number; name: string; company: string | null; line: string; note: string };

/** Connect and meeting requests waiting for this attendee's answer, oldest first. */
export async function waitingRequests(
  db: Database,
  a: Attendee,
  timeZone: string,
  locale?: Locale,
): Promise<Waiting[]> {
  const [connects, meetings] = await Promise.all([
    db
      .select({
        fromId: orgAttendee.id,
        name: orgAttendee.name,
        company: orgAttendee.company,
        title: orgAttendee.title,
      })
      .from(orgExchange)
      .innerJoin(orgAttendee, eq(orgAttendee.id, orgExchange.fromId))
      .where(and(eq(orgExchange.kind, "request"), eq(orgExchange.toId, a.id)))
      .orderBy(orgExchange.id)
      .limit(100),
    db
      .select({ m: orgMeeting, name: orgAttendee.name, company: orgAttendee.company })
      .from(orgMeeting)
      .innerJoin(orgAttendee, eq(orgAttendee.id, orgMeeting.fromId))
      .where(and(eq(orgMeeting.toId, a.id), eq(orgMeeting.state, "pending")))
      .orderBy(orgMeeting.id)
      .limit(100),
  ]);
  return [
    ...connects.map((c) => ({ kind: "connect" as const, ...c })),
    ...meetings.map(({ m, name, company }) => ({
      kind: "meeting" as const,
      id: m.id,
      name,
      company,
      line: meetingLine(m, timeZone, locale),
      note: m.note,
    })),
  ];
}

export type RequestKind = "connect" | "meeting";

const asks = (t: Translate, kind: RequestKind, who: string) =>
  t(kind === "connect" ? "att.mail.request.connect" : "att.mail.request.meeting", { who });
const who = (p: { name: string; company: string | null }) => (p.company ? `${p.name} (${p.company})` : p.name);

/**
 * Tells `to` that `from` asked them. The notification and the count of requests not yet mailed are written
 * in one batch; the mail goes now only if this attendee had none in the window (claimed in the database,
 * so requests side by side send one), and otherwise waits for the digest.
 */
export async function noticeRequest(
  db: Database,
  origin: string,
  event: OrgEvent,
  from: Attendee,
  toId: number,
  kind: RequestKind,
  now = Date.now(),
  mail: Mailer = outboxMailer(db),
) {
  const [to] = await db.select().from(orgAttendee).where(eq(orgAttendee.id, toId));
  if (!to) return;
  const statements: Statement[] = [
    db
      .insert(orgRequestMail)
      .values({ attendeeId: to.id, pending: 1, origin })
      .onConflictDoUpdate({ target: orgRequestMail.attendeeId, set: { pending: sql`pending + 1`, origin } }),
  ];
  const t = translator(attendeeLocale(to));
  if (to.userId)
    statements.push(
      db.insert(notification).values({
        userId: to.userId,
        title: asks(t, kind, from.name),
        message: from.company
          ? t("att.mail.request.noticeFrom", { event: event.title, company: from.company })
          : t("att.mail.request.notice", { event: event.title }),
        type: "info",
        actionLabel: t("att.mail.request.answerAction"),
        actionUrl: `/e/${event.slug}/directory`,
      }),
    );
  await writeBatch(db, statements);
  const claimed = await claimMail(db, now, to.id);
  if (claimed) await mailRequests(db, mail, event, to, claimed.mailed, claimed.origin);
}

/** Takes what is pending for one attendee (or every attendee due) as mailed now, if their window has passed. */
async function claimMail(db: Database, now: number, attendeeId: number) {
  const [row] = await db
    .update(orgRequestMail)
    // SQLite evaluates every right-hand side on the row as it was: `mailed` gets the old `pending`.
    .set({ mailed: sql`pending`, pending: 0, lastSentAt: now })
    .where(
      and(
        eq(orgRequestMail.attendeeId, attendeeId),
        sql`pending > 0 and (last_sent_at is null or last_sent_at <= ${now - REQUEST_MAIL_WINDOW_MS})`,
      ),
    )
    .returning({ mailed: orgRequestMail.mailed, origin: orgRequestMail.origin });
  return row ?? null;
}

/** The cron: a digest for every attendee whose window ended with requests still unmailed. */
export async function sendRequestDigests(db: Database, now: Date, mail: Mailer = outboxMailer(db)) {
  const at = now.getTime();
  const due = await db
    .update(orgRequestMail)
    .set({ mailed: sql`pending`, pending: 0, lastSentAt: at })
    .where(
      sql`attendee_id in (select attendee_id from org_request_mail where pending > 0
        and (last_sent_at is null or last_sent_at <= ${at - REQUEST_MAIL_WINDOW_MS}) limit ${DIGESTS_PER_RUN})`,
    )
    .returning({ attendeeId: orgRequestMail.attendeeId, mailed: orgRequestMail.mailed, origin: orgRequestMail.origin });
  for (const d of due) {
    const [row] = await db
      .select({ a: orgAttendee, e: orgEvent })
      .from(orgAttendee)
      .innerJoin(orgEvent, eq(orgEvent.id, orgAttendee.eventId))
      .where(eq(orgAttendee.id, d.attendeeId));
    if (row && row.e.state !== "archived") await mailRequests(db, mail, row.e, row.a, d.mailed, d.origin);
  }
  return due.length;
}

/** One mail: the request itself when it is the only one, else a digest naming every request still waiting. */
async function mailRequests(db: Database, mail: Mailer, event: OrgEvent, to: Attendee, count: number, origin: string) {
  const locale = attendeeLocale(to);
  const t = translator(locale);
  const waiting = await waitingRequests(db, to, event.timeZone, locale);
  // Answered already (or withdrawn) before the mail went: nothing to tell.
  if (!waiting.length) return;
  const pass = `${origin}/pass/${to.passToken}#requests`;
  const why = t("att.mail.request.why", { event: event.title });
  const line = (w: Waiting) =>
    w.kind === "connect"
      ? t("att.mail.request.connectLine", { who: who(w) })
      : `${t("att.mail.request.meetingLine", { who: who(w), line: w.line })}${w.note ? `. "${w.note}"` : ""}`;
  const newest = waiting[waiting.length - 1] as Waiting;
  const single = count <= 1 && waiting.length === 1;
  const subject = single
    ? t("att.mail.request.subject", { asks: asks(t, newest.kind, newest.name), event: event.title })
    : t("att.mail.request.many", { count: waiting.length, event: event.title });
  const body = single
    ? line(newest)
    : `${t("att.mail.request.manyBody", { count: waiting.length })}\n\n${waiting
        .slice(-20)
        .map((w) => `- ${line(w)}`)
        .join("\n")}${waiting.length > 20 ? `\n- ${t("att.mail.request.more", { count: waiting.length - 20 })}` : ""}`;
  await mail.send({
    to: to.email,
    kind: single ? "event-request" : "event-request-digest",
    subject,
    text: `${t("att.mail.hi", { name: to.name })}\n\n${body}\n\n${t("att.mail.request.answer")}\n${pass}\n\n${why}`,
  });
}
