import { and, eq, sql } from "drizzle-orm";
import { type Locale, matchLocale } from "~/lib/i18n/locales";
import { type AudienceRules, LEFT_OUT_REASONS, type LeftOutReason } from "~/lib/mailings/rules";
import { connection, orgEvent, personHistory } from "~db/schema";
import type { Database, Owners } from "../db/db.server";
import { writeBatch } from "../db/write.server";
import { rhythmsOf } from "../follow/rhythm.server";
import { seesPersonAs, seesPersonById, viewerOf } from "../people/access.server";
import {
  type ConsentState,
  consentStatement,
  type EmailConsent,
  LATEST_EMAIL_CONSENT,
  mayEmail,
  ownsPerson,
  senderNameOf,
} from "../people/consent.server";
import { visibleFacets } from "../people/list.server";

export type Member = {
  id: number;
  name: string;
  firstName: string;
  email: string;
  eventName: string | null;
  /** Mailed on the person's own yes, or on a lawful basis the sender recorded: shown apart (decision 0180). */
  basis: "consent" | "lawful-basis";
  /** The record the message is sent under, for its "why you get this" line. */
  consent: EmailConsent;
  /** The language they gave or joined in, for the message's footer; null reads English. */
  locale: Locale | null;
};
export type LeftOut = { id: number; name: string; reason: LeftOutReason; why: string };

type Row = {
  id: number;
  name: string;
  given_name: string | null;
  email: string | null;
  event_name: string | null;
  state: ConsentState | null;
  source: string | null;
  shown: string | null;
  sender_name: string | null;
  consent_event: string | null;
  consent_at: number | null;
  suppressed: "unsubscribed" | "bounced" | "complained" | null;
  locale: string | null;
};

/** A person's language: the one of their latest gift that recorded one (0061); people keep no other. */
export const PERSON_LOCALE = sql`(select g.locale from gift g where g.user_id = c.user_id and g.connection_id = c.id
    and g.locale is not null order by g.date desc, g.id desc limit 1)`;

const firstNameOf = (r: Pick<Row, "name" | "given_name">) =>
  r.given_name?.trim() || r.name.trim().split(/\s+/)[0] || "";

/**
 * The owner's people the rules select, split into who can be mailed and who is left out with the reason.
 * Only the latest "hear from this sender by email" record counts (one home: consent.server.ts): a yes or a
 * lawful basis the owner recorded includes; no record or a no excludes; so does a suppressed address.
 */
export async function resolveAudience(
  db: Database,
  owner: string | Owners,
  rules: AudienceRules,
  opts: { timeZone?: string; now?: Date } = {},
): Promise<{ included: Member[]; leftOut: LeftOut[] }> {
  // A team's mailing is the team's, but a member picks from and reaches only the people they see (decision 0252).
  const viewer = viewerOf(owner);
  const userId = viewer.workspaceId;
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
      r.state, r.source, r.shown, r.sender_name, r.event_name as consent_event, r.created_at as consent_at,
      (select m.reason from mail_suppression m where m.user_id = c.user_id and m.email = lower(trim(c.email))) as suppressed,
      ${PERSON_LOCALE} as locale
    from ${connection} c
    left join consent_record r on r.id = ${LATEST_EMAIL_CONSENT}
    where c.user_id = ${userId} and c.status <> 'Archived' and ${seesPersonAs(viewer, "c")} ${where}
    order by lower(c.name), c.id`);
  let due: Set<number> | null = null;
  if (rules.keepInTouchDue) {
    const people = await rhythmsOf(db, viewer, opts.timeZone ?? "UTC", opts.now ?? new Date());
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
    else if (r.state === null) out("no-consent");
    else if (!mayEmail(r)) out("withdrawn");
    else if (!seen.has(email)) {
      // Two people with one address get one message.
      seen.add(email);
      included.push({
        id: r.id,
        name: r.name,
        firstName: firstNameOf(r),
        email,
        eventName: r.event_name,
        basis: r.state === "basis" ? "lawful-basis" : "consent",
        consent: {
          state: r.state,
          source: r.source,
          shown: r.shown,
          senderName: r.sender_name,
          eventName: r.consent_event,
          at: r.consent_at,
        },
        locale: matchLocale(r.locale),
      });
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
  source: string | null;
  shown: string | null;
  given_at: number | null;
  suppressed: "unsubscribed" | "bounced" | "complained" | null;
  locale: string | null;
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
  const rows = await db.all<AttendeeRow>(sql`select a.id, a.name, a.email, a.listed, a.locale,
      k.given, k.source, k.shown, k.created_at as given_at,
      (select m.reason from mail_suppression m where m.user_id = ${userId} and m.email = a.email) as suppressed
    from org_attendee a
    left join org_mail_consent k on k.id = (select c.id from org_mail_consent c
      where c.event_id = a.event_id and c.email = a.email order by c.id desc limit 1)
    where a.event_id = ${eventId}
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
        basis: "consent",
        consent: {
          state: "yes",
          source: `event-${r.source ?? "join"}`,
          shown: r.shown,
          senderName: event.organiserName,
          eventName: event.title,
          at: r.given_at,
        },
        locale: matchLocale(r.locale),
      });
  }
  return { ...event, included, leftOut };
}

/** What the audience form offers: the tags and events of the people this member sees, and their imported files. */
export async function audienceChoices(db: Database, owner: string | Owners) {
  const viewer = viewerOf(owner);
  const [{ tags, events }, files] = await Promise.all([
    visibleFacets(db, viewer),
    db.all<{ value: string }>(
      sql`select distinct substr(detail, 15) as value from ${personHistory} h
        where h.user_id = ${viewer.workspaceId} and h.source = 'import' and h.detail like 'Imported from %'
          and ${seesPersonById(viewer, sql`h.connection_id`)} order by 1 limit 100`,
    ),
  ]);
  return { tags, events, files: files.map((f) => f.value) };
}

/**
 * A lawful basis other than consent (an existing donor relationship, say) recorded for one person with
 * the owner's reason: its own state, shown as a basis and never as the person's consent; withdrawable.
 */
export async function recordLawfulBasis(db: Database, userId: string, personId: number, reason: string) {
  if (!(await ownsPerson(db, userId, personId))) return false;
  const senderName = await senderNameOf(db, userId, { fundraising: true });
  await writeBatch(db, [
    consentStatement(db, personId, {
      senderWorkspaceId: userId,
      purpose: "email",
      state: "basis",
      senderName,
      shown: reason.slice(0, 300),
      source: "lawful-basis",
    }),
    db.insert(personHistory).values({
      userId,
      connectionId: personId,
      kind: "consent-given",
      source: "lawful-basis",
      detail: `Lawful basis recorded by you: ${reason.slice(0, 300)}`,
    }),
  ]);
  return true;
}
