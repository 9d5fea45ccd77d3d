import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "~/context";
import { DEFAULT_LOCALE, matchLocale } from "~/lib/i18n/locales";
import { translator } from "~/lib/i18n/translate";
import { orgEvent } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { outboxMailer } from "../platform/mail.server";

/**
 * Who gets a place: approval by the organiser and the waitlist. Every move is one statement the database
 * decides (a free seat is counted inside the update), so two people leaving at once move two people up, once each.
 */

type Moved = { id: number; email: string; name: string; passToken: string; locale: string | null };

/**
 * Moves up, in order, as many on the waitlist as there are free seats (every one when the event has no capacity);
 * in the same batch as whatever freed them (a leave, a decline, a raised capacity). The seats are counted in the
 * statement, so it never overfills and never moves one person twice. With `workspaceId`, only that owner's event.
 */
export const promoteStatement = (eventId: number, now = Date.now(), workspaceId?: string): Statement =>
  rawSql(sql`update org_attendee set state = 'going', updated_at = ${now}
    where id in (select id from org_attendee where event_id = ${eventId} and state = 'waitlist' order by id
      limit coalesce((select case when e.capacity is null then -1
          else max(0, e.capacity - (select count(*) from org_attendee where event_id = e.id and state = 'going')) end
        from org_event e where e.id = ${eventId} ${workspaceId ? sql`and e.user_id = ${workspaceId}` : sql``}), 0))
    returning id, email, name, pass_token as passToken, locale`);

/** The rows a batch's promotion moved (none when no seat was free or nobody waited). */
export const promotedBy = (result: { results?: unknown[] } | undefined) => (result?.results ?? []) as Moved[];

export type Admission = { ok: true; moved: Moved[] } | { ok: false; reason: "full" | "unknown" };

/** The organiser lets a pending (or waiting) attendee in, if a seat is free: the database counts it. */
export async function approveAttendee(db: Database, eventId: number, attendeeId: number): Promise<Admission> {
  const [result] = await writeBatch(db, [
    rawSql(sql`update org_attendee set state = 'going', updated_at = ${Date.now()}
      where id = ${attendeeId} and event_id = ${eventId} and state in ('pending', 'waitlist')
        and (select count(*) from org_attendee where event_id = ${eventId} and state = 'going')
          < coalesce((select capacity from org_event where id = ${eventId}), 9000000000)
      returning id, email, name, pass_token as passToken, locale`),
  ]);
  const moved = promotedBy(result);
  if (moved.length) return { ok: true, moved };
  const [row] = await db.all<{ state: string }>(
    sql`select state from org_attendee where id = ${attendeeId} and event_id = ${eventId}`,
  );
  return { ok: false, reason: row?.state === "pending" || row?.state === "waitlist" ? "full" : "unknown" };
}

/**
 * The organiser declines an attendee (pending, waiting or going); a seat it frees goes to the first on the
 * waitlist in the same batch. `moved` is the declined attendee, then anyone moved up.
 */
export async function declineAttendee(db: Database, eventId: number, attendeeId: number): Promise<Admission> {
  const [declined, promoted] = await writeBatch(db, [
    rawSql(sql`update org_attendee set state = 'declined', listed = 0, updated_at = ${Date.now()}
      where id = ${attendeeId} and event_id = ${eventId} and state <> 'declined'
      returning id, email, name, pass_token as passToken, locale`),
    promoteStatement(eventId),
  ]);
  const gone = promotedBy(declined);
  if (!gone.length) return { ok: false, reason: "unknown" };
  return { ok: true, moved: [...gone, ...promotedBy(promoted)] };
}

/**
 * Tells an attendee they wait (pending, waitlist) or were declined, in the language they joined in (as the pass
 * mail is); a place is mailed as the pass (sendPass).
 */
export async function mailPlace(
  db: Database,
  origin: string,
  title: string,
  a: Moved,
  place: "pending" | "waitlist" | "declined",
) {
  const t = translator(matchLocale(a.locale) ?? DEFAULT_LOCALE);
  await outboxMailer(db).send({
    to: a.email,
    kind: `event-${place}`,
    subject: t(place === "declined" ? "pass.place.mail.declinedSubject" : "pass.place.mail.subject", { title }),
    text: t("pass.place.mail.body", {
      name: a.name,
      words: t(`pass.place.${place}`, { title }),
      url: `${origin}/pass/${a.passToken}`,
    }),
  });
}

/** The organiser's choices: approve each joiner, and keep a waitlist beyond the capacity. */
export async function setAdmission(
  db: Database,
  workspaceId: string,
  eventId: number,
  choice: { approval: boolean; waitlist: boolean },
) {
  await db
    .update(orgEvent)
    .set(choice)
    .where(and(eq(orgEvent.id, eventId), eq(orgEvent.userId, workspaceId)));
}

/** A known address joining again is re-mailed its pass at most this often, as mail providers throttle a recipient. */
const PASS_REMAIL_MS = 3_600_000;

/**
 * The pass link, by email: on a second join too, since that person may have lost the first mail, but
 * once an hour at most, claimed in the database so joins side by side cannot each send it.
 */
export async function sendPass(
  app: AppContext,
  request: Request,
  title: string,
  a: { id: number; email: string; name: string; passToken: string; locale?: string | null },
) {
  const now = Date.now();
  const claimed = await app.db.run(sql`update org_attendee set pass_mailed_at = ${now}
    where id = ${a.id} and (pass_mailed_at is null or pass_mailed_at <= ${now - PASS_REMAIL_MS})`);
  if (!claimed.meta.changes) return;
  const url = `${new URL(request.url).origin}/pass/${a.passToken}`;
  // In the language the attendee joined in (English for joins from before it was kept).
  const t = translator(matchLocale(a.locale) ?? DEFAULT_LOCALE);
  await outboxMailer(app.db).send({
    to: a.email,
    kind: "event-pass",
    subject: t("pass.mail.subject", { title }),
    text: t("pass.mail.body", { name: a.name, title, url }),
  });
}

/** Every attendee a batch moved up gets their pass: the one home for it, whatever freed the seat. */
export async function mailPromoted(app: AppContext, request: Request, title: string, moved: Moved[]) {
  for (const a of moved) await sendPass(app, request, title, a);
}
