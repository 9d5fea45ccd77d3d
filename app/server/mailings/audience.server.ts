import { and, eq, sql } from "drizzle-orm";
import { type AudienceRules, LEFT_OUT_REASONS, type LeftOutReason } from "~/lib/mailings/rules";
import { connection, orgEvent, personHistory } from "~db/schema";
import type { Database } from "../db/db.server";
import { rhythmsOf } from "../follow/rhythm.server";

export type Member = { id: number; name: string; firstName: string; email: string; eventName: string | null };
export type LeftOut = { id: number; name: string; reason: LeftOutReason; why: string };

type Row = {
  id: number;
  name: string;
  given_name: string | null;
  email: string | null;
  event_name: string | null;
  given_at: number | null;
  withdrawn_at: number | null;
  suppressed: "unsubscribed" | "bounced" | "complained" | null;
};

const firstNameOf = (r: Pick<Row, "name" | "given_name">) =>
  r.given_name?.trim() || r.name.trim().split(/\s+/)[0] || "";

/**
 * The owner's people the rules select, split into who can be mailed and who is left out with the reason.
 * Consent is the latest record: a share-back with the box ticked or a recorded consent (or lawful basis)
 * includes; a later recorded withdrawal excludes; an unsubscribe, bounce or complaint excludes for good.
 */
export async function resolveAudience(
  db: Database,
  userId: string,
  rules: AudienceRules,
  opts: { timeZone?: string; now?: Date } = {},
): Promise<{ included: Member[]; leftOut: LeftOut[] }> {
  const given = sql`(select coalesce(sum(g.amount - g.amount_refunded), 0) from gift g
    where g.user_id = ${userId} and g.connection_id = c.id)`;
  const conditions = [
    rules.people.length ? sql`c.id in (select value from json_each(${JSON.stringify(rules.people)}))` : undefined,
    rules.tags.length
      ? sql`exists (select 1 from json_each(c.tags) t where t.value in (select value from json_each(${JSON.stringify(rules.tags)})))`
      : undefined,
    rules.event ? sql`c.event_name = ${rules.event}` : undefined,
    rules.donor === "donor" ? sql`${given} > 0` : rules.donor === "non-donor" ? sql`${given} = 0` : undefined,
    rules.minGiven !== null ? sql`${given} >= ${rules.minGiven}` : undefined,
    rules.importFile
      ? sql`exists (select 1 from person_history h where h.user_id = c.user_id and h.connection_id = c.id
          and h.source = 'import' and h.detail = ${`Imported from ${rules.importFile}`})`
      : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await db.all<Row>(sql`select c.id, c.name, c.given_name, lower(trim(c.email)) as email, c.event_name,
      max(
        coalesce((select max(coalesce(s.consent_at, s.created_at)) from shared_contacts s
          where s.recipient_user_id = c.user_id and s.connection_id = c.id and s.consent = 1), 0),
        coalesce((select max(h.created_at) from person_history h
          where h.user_id = c.user_id and h.connection_id = c.id and h.kind = 'consent-given'), 0)
      ) as given_at,
      (select max(h.created_at) from person_history h
        where h.user_id = c.user_id and h.connection_id = c.id and h.kind = 'consent-withdrawn') as withdrawn_at,
      (select m.reason from mail_suppression m where m.user_id = c.user_id and m.email = lower(trim(c.email))) as suppressed
    from ${connection} c
    where c.user_id = ${userId} and c.status <> 'Archived' ${where}
    order by lower(c.name), c.id`);
  let due: Set<number> | null = null;
  if (rules.keepInTouchDue) {
    const people = await rhythmsOf(db, userId, opts.timeZone ?? "UTC", opts.now ?? new Date());
    due = new Set(people.filter((p) => p.due.state !== "upcoming").map((p) => p.id));
  }
  const included: Member[] = [];
  const leftOut: LeftOut[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (due && !due.has(r.id)) continue;
    const out = (reason: LeftOutReason) =>
      leftOut.push({ id: r.id, name: r.name, reason, why: LEFT_OUT_REASONS[reason] });
    const email = r.email ?? "";
    if (!email.includes("@")) out("no-email");
    else if (r.suppressed) out(r.suppressed);
    else if (!r.given_at) out("no-consent");
    else if (r.withdrawn_at && r.withdrawn_at >= r.given_at) out("withdrawn");
    else if (!seen.has(email)) {
      // Two people with one address get one message.
      seen.add(email);
      included.push({ id: r.id, name: r.name, firstName: firstNameOf(r), email, eventName: r.event_name });
    }
  }
  return { included, leftOut };
}

type AttendeeRow = {
  id: number;
  name: string;
  email: string;
  listed: number;
  given: number | null;
  suppressed: "unsubscribed" | "bounced" | "complained" | null;
};

/**
 * An organiser's event audience: its attendees whose latest choice was yes to hearing from the organiser,
 * minus addresses the organiser may no longer mail. Null for an event that is not this account's. Left-out
 * attendees are named only when they are listed in the directory, the organiser's view of the event (0130).
 */
export async function resolveEventAudience(
  db: Database,
  userId: string,
  eventId: number,
): Promise<{ title: string; organiserName: string; included: Member[]; leftOut: LeftOut[] } | null> {
  const event = await db
    .select({ title: orgEvent.title, organiserName: orgEvent.organiserName })
    .from(orgEvent)
    .where(and(eq(orgEvent.id, eventId), eq(orgEvent.userId, userId)))
    .get();
  if (!event) return null;
  const rows = await db.all<AttendeeRow>(sql`select a.id, a.name, a.email, a.listed,
      (select c.given from org_mail_consent c where c.event_id = a.event_id and c.email = a.email
        order by c.id desc limit 1) as given,
      (select m.reason from mail_suppression m where m.user_id = ${userId} and m.email = a.email) as suppressed
    from org_attendee a where a.event_id = ${eventId}
    order by lower(a.name), a.id`);
  const included: Member[] = [];
  const leftOut: LeftOut[] = [];
  for (const r of rows) {
    const out = (reason: LeftOutReason) =>
      leftOut.push({
        id: r.id,
        name: r.listed ? r.name : "An attendee not in the directory",
        reason,
        why: LEFT_OUT_REASONS[reason],
      });
    if (r.given === null) out("no-organiser-consent");
    else if (!r.given) out("organiser-withdrawn");
    else if (r.suppressed) out(r.suppressed);
    else
      included.push({
        id: r.id,
        name: r.name,
        firstName: r.name.trim().split(/\s+/)[0] ?? "",
        email: r.email,
        eventName: event.title,
      });
  }
  return { ...event, included, leftOut };
}

/** What the audience form offers: the owner's tags, events and imported files. */
export async function audienceChoices(db: Database, userId: string) {
  const [tags, events, files] = await Promise.all([
    db.all<{ value: string }>(
      sql`select distinct t.value as value from ${connection} c, json_each(c.tags) t where c.user_id = ${userId} order by 1 limit 200`,
    ),
    db.all<{ value: string }>(
      sql`select distinct event_name as value from ${connection} where user_id = ${userId} and event_name is not null order by 1 limit 200`,
    ),
    db.all<{ value: string }>(
      sql`select distinct substr(detail, 15) as value from ${personHistory}
        where user_id = ${userId} and source = 'import' and detail like 'Imported from %' order by 1 limit 100`,
    ),
  ]);
  return { tags: tags.map((t) => t.value), events: events.map((e) => e.value), files: files.map((f) => f.value) };
}

/**
 * A lawful basis other than consent (an existing donor relationship, say) recorded for one person with
 * the owner's reason: a consent record on their history, so it is provable and can be withdrawn.
 */
export async function recordLawfulBasis(db: Database, userId: string, personId: number, reason: string) {
  const rows = await db
    .select({ id: connection.id })
    .from(connection)
    .where(and(eq(connection.id, personId), eq(connection.userId, userId)));
  if (!rows.length) return false;
  await db.insert(personHistory).values({
    userId,
    connectionId: personId,
    kind: "consent-given",
    source: "lawful-basis",
    detail: `Lawful basis recorded by you: ${reason.slice(0, 300)}`,
  });
  return true;
}
