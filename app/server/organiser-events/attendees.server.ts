import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "~/lib/i18n/locales";
import { type Translate, translator } from "~/lib/i18n/translate";
import { BADGE_PROOF } from "~/lib/organiser-events/badge";
import type { JoinForm, Visibility } from "~/lib/organiser-events/rules";
import type { PersonDraft } from "~/lib/people/draft";
import { orgAttendee, orgConsent, orgEvent, orgExchange } from "~db/schema";
import { provedMailbox } from "../account/proved-mailbox.server";
import { cardArrival } from "../cards/holder.server";
import type { Database } from "../db/db.server";
import { outer } from "../db/outer.server";
import { rawSql, type Statement, writeBatch } from "../db/write.server";
import { addPerson } from "../people/add.server";
import { consentStatement } from "../people/consent.server";
import type { PeopleEvents } from "../people/events.server";
import { randomToken, sha256Hex } from "../platform/tokens.server";
import { promotedBy, promoteStatement } from "./admission.server";
import { type Booth, recordLead } from "./leads.server";
import { answerStatements } from "./registration.server";

/** An event row, as events.server.ts names it; read from the schema so the two files do not import each other. */
type OrgEvent = typeof orgEvent.$inferSelect;

export type Attendee = typeof orgAttendee.$inferSelect;

/** What the attendee was shown when they chose, in the words they read, kept with the choice. */
const shownText = (listed: boolean, visibility: Visibility, t: Translate = translator(DEFAULT_LOCALE)) =>
  `${t("event.join.directoryConsent")} Answer: ${listed ? "yes" : "no"}. Who sees me: ${t(`event.visibility.${visibility}`)}.`;

export type JoinInput = JoinForm & {
  userId?: string | null;
  cardId?: number | null;
  phone?: string | null;
  /** The language of the page they joined from: their pass and event mail are written in it. */
  locale?: Locale;
  /** Answers to the event's registration questions, checked against them (checkRegistration). */
  answers?: { questionId: number; value: string }[];
};
export type Joined =
  | { ok: true; attendee: Attendee; created: boolean; full: boolean }
  | { ok: false; reason: "full" | "closed" | "past" };

/**
 * One attendee per email per event, by the unique key: a second join returns the same attendee (and
 * links the account that joined, if the pass had none). The capacity is checked inside the insert,
 * so a surge cannot overfill the event. Attendee and consent record are one batch.
 */
export async function joinEvent(
  db: Database,
  event: OrgEvent & { status: string },
  input: JoinInput,
  now = new Date(),
): Promise<Joined> {
  if (event.state !== "open") return { ok: false, reason: "closed" };
  if (event.status === "past") return { ok: false, reason: "past" };
  const email = input.email.trim().toLowerCase();
  const t = translator(input.locale ?? DEFAULT_LOCALE);
  const pass = randomToken(24);
  const badge = randomToken(12);
  const results = await writeBatch(db, [
    // The database decides the place: approval first, then a free seat, then the waitlist if the event keeps one.
    rawSql(sql`insert into org_attendee (event_id, email, name, company, title, interests, phone, user_id, card_id,
        pass_token, badge_code, listed, visibility, locale, state, created_at, updated_at)
      select ${event.id}, ${email}, ${input.name}, ${input.company}, ${input.title}, ${input.interests},
        ${input.phone ?? null}, ${input.userId ?? null}, ${input.cardId ?? null}, ${pass}, ${badge},
        ${input.listed ? 1 : 0}, ${input.visibility}, ${input.locale ?? null}, place, ${now.getTime()}, ${now.getTime()}
      from (select case
          when e.approval then 'pending'
          when e.capacity is null or (select count(*) from org_attendee where event_id = e.id and state = 'going') < e.capacity
            then 'going'
          when e.waitlist then 'waitlist'
        end as place from org_event e where e.id = ${event.id})
      where place is not null
      on conflict (event_id, email) do nothing`),
    // Only the join that created the attendee records its choice (the pass token is this join's own).
    rawSql(sql`insert into org_consent (event_id, attendee_id, email, listed, visibility, shown, created_at)
      select event_id, id, email, listed, visibility, ${shownText(input.listed, input.visibility, t)}, ${now.getTime()}
      from org_attendee where pass_token = ${pass}`),
    ...answerStatements(pass, input.answers ?? []),
    // Agreeing to hear from the organiser is its own choice, recorded only when made (no record is a no).
    ...(input.updates
      ? [
          rawSql(sql`insert into org_mail_consent (event_id, attendee_id, email, given, source, shown, created_at)
            select event_id, id, email, 1, 'join', ${t("event.join.mailConsent", { organiser: event.organiserName })}, ${now.getTime()}
            from org_attendee where pass_token = ${pass}`),
        ]
      : []),
    // A signed-in join of an address that joined as a visitor links the account; never takes it from another.
    ...(input.userId
      ? [
          db
            .update(orgAttendee)
            .set({ userId: input.userId, cardId: input.cardId ?? null })
            .where(
              and(
                eq(orgAttendee.eventId, event.id),
                eq(orgAttendee.email, email),
                or(sql`${orgAttendee.userId} is null`, eq(orgAttendee.userId, input.userId)),
              ),
            ),
        ]
      : []),
  ]);
  const created = (results[0]?.meta.changes ?? 0) > 0;
  const [row] = await db
    .select({
      attendee: orgAttendee,
      taken: sql<number>`(select count(*) from org_attendee where event_id = ${event.id} and state = 'going')`,
    })
    .from(orgAttendee)
    .where(and(eq(orgAttendee.eventId, event.id), eq(orgAttendee.email, email)));
  if (!row) return { ok: false, reason: "full" };
  return { ok: true, attendee: row.attendee, created, full: event.capacity != null && row.taken >= event.capacity };
}

export async function attendeeByPass(db: Database, pass: string) {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(pass)) return null;
  const [row] = await db
    .select({ a: orgAttendee, e: orgEvent })
    .from(orgAttendee)
    .innerJoin(orgEvent, eq(orgEvent.id, orgAttendee.eventId))
    .where(eq(orgAttendee.passToken, pass));
  return row ?? null;
}

export async function attendeeByBadge(db: Database, slug: string, code: string) {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(code)) return null;
  const [row] = await db
    .select({ a: orgAttendee, e: orgEvent })
    .from(orgAttendee)
    .innerJoin(orgEvent, eq(orgEvent.id, orgAttendee.eventId))
    .where(and(eq(orgAttendee.badgeCode, code), eq(orgEvent.slug, slug)));
  return row ?? null;
}

/**
 * What the pass's QR adds to the badge code: derived from the pass token, which only the attendee holds,
 * so it is never stored, downloaded or exported; seeing it means seeing the pass (decision 0182).
 */
export async function badgeProof(passToken: string) {
  return (await sha256Hex(`badge-proof:${passToken}`)).slice(0, 32);
}

/** The attendee whose pass shows this proof, or null: a badge code alone is no key. */
export async function attendeeByScan(db: Database, slug: string, code: string, proof: string | undefined) {
  if (!proof || !BADGE_PROOF.test(proof)) return null;
  const found = await attendeeByBadge(db, slug, code);
  return found && (await badgeProof(found.a.passToken)) === proof ? found : null;
}

/** The signed-in person's attendee at this event, if they joined. */
export async function myAttendee(db: Database, userId: string, eventId: number) {
  const [row] = await db
    .select()
    .from(orgAttendee)
    .where(and(eq(orgAttendee.eventId, eventId), eq(orgAttendee.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The signed-in person's pass token and place at the event of `slug`, if they joined it. */
export async function myPassAt(db: Database, userId: string, slug: string) {
  const [row] = await db
    .select({ pass: orgAttendee.passToken, state: orgAttendee.state })
    .from(orgAttendee)
    .innerJoin(orgEvent, eq(orgEvent.id, orgAttendee.eventId))
    .where(and(eq(orgEvent.slug, slug), eq(orgAttendee.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Events the signed-in person attends. */
export function myAttendance(db: Database, userId: string) {
  return db
    .select({ a: orgAttendee, e: orgEvent })
    .from(orgAttendee)
    .innerJoin(orgEvent, eq(orgEvent.id, orgAttendee.eventId))
    .where(and(eq(orgAttendee.userId, userId), ne(orgEvent.state, "archived")))
    .orderBy(asc(orgEvent.startsAt))
    .limit(100);
}

/**
 * A pass opened while signed in joins the account that opened it when the account's email is the one
 * the pass was sent to, proved (MAILBOX_BINDINGS.attendeeClaim), and no account holds it yet: neither a
 * forwarded link nor an account signed up under someone else's address takes a pass.
 */
export async function claimPass(
  db: Database,
  attendeeId: number,
  user: { id: string; email: string; emailVerified: boolean },
) {
  if (!provedMailbox(user)) return;
  await db
    .update(orgAttendee)
    .set({ userId: user.id })
    .where(
      and(
        eq(orgAttendee.id, attendeeId),
        eq(orgAttendee.email, user.email.trim().toLowerCase()),
        sql`${orgAttendee.userId} is null`,
      ),
    );
}

/** Whether the attendee's latest choice was yes to hearing from the organiser. */
export async function hearsFromOrganiser(db: Database, a: Pick<Attendee, "eventId" | "email">) {
  const [row] = await db.all<{ given: number }>(sql`select given from org_mail_consent
    where event_id = ${a.eventId} and email = ${a.email} order by id desc limit 1`);
  return Boolean(row?.given);
}

/**
 * Listed or not, seen by whom, interests and goals: saved with a new consent record, one batch. A changed
 * answer to hearing from the organiser adds its own record (the statement compares with the latest).
 */
export async function updateDirectorySettings(
  db: Database,
  a: Attendee,
  { updates, ...s }: { listed: boolean; visibility: Visibility; interests: string; goals: string; updates?: boolean },
  organiserName?: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const t = translator(locale);
  const given = updates ? 1 : 0;
  await writeBatch(db, [
    ...(updates !== undefined && organiserName
      ? [
          rawSql(sql`insert into org_mail_consent (event_id, attendee_id, email, given, source, shown, created_at)
            select ${a.eventId}, ${a.id}, ${a.email}, ${given}, 'settings',
              ${`${t("event.join.mailConsent", { organiser: organiserName })} Answer: ${updates ? "yes" : "no"}.`}, ${Date.now()}
            where coalesce((select c.given from org_mail_consent c where c.event_id = ${a.eventId} and c.email = ${a.email}
              order by c.id desc limit 1), 0) <> ${given}`),
        ]
      : []),
    db.update(orgAttendee).set(s).where(eq(orgAttendee.id, a.id)),
    db.insert(orgConsent).values({
      eventId: a.eventId,
      attendeeId: a.id,
      email: a.email,
      listed: s.listed,
      visibility: s.visibility,
      shown: shownText(s.listed, s.visibility, t),
    }),
  ]);
}

/** Leaving removes the attendee and their exchanges at the event; the withdrawal stays on record. */
export async function leaveEvent(db: Database, a: Attendee) {
  const results = await writeBatch(db, [
    db.insert(orgConsent).values({
      eventId: a.eventId,
      attendeeId: a.id,
      email: a.email,
      listed: false,
      visibility: a.visibility,
      shown: "Left the event: removed from the attendee directory.",
    }),
    db.delete(orgAttendee).where(eq(orgAttendee.id, a.id)),
    // The seat it frees goes to the first on the waitlist, in this batch: who moved up, to be mailed their pass.
    promoteStatement(a.eventId),
  ]);
  return promotedBy(results[2]);
}

/** The outer attendee's id, for correlated subqueries. */
export const ATTENDEE_ID = outer(orgAttendee.id);

/** Whether the viewer and `other` exchanged details: the directory and the meeting pages both ask. */
export const exchangedWith = (viewerId: number, other: SQL | typeof orgAttendee.id) =>
  sql`exists (select 1 from org_exchange x where x.kind = 'exchange'
    and ((x.from_id = ${viewerId} and x.to_id = ${other}) or (x.to_id = ${viewerId} and x.from_id = ${other})))`;

const draftOf = (a: Attendee): PersonDraft => ({
  displayName: a.name,
  organization: a.company ?? undefined,
  title: a.title ?? undefined,
  emails: [{ value: a.email, label: "work" as const }],
  phones: a.phone ? [{ value: a.phone, label: "mobile" as const }] : [],
});

/**
 * Adds `other` to `owner`'s network through the people core, tagged with the event, with an "exchange"
 * record of what they agreed to: details with this person, never email from them (decision 0180).
 */
async function addToNetwork(
  db: Database,
  events: PeopleEvents,
  owner: Attendee,
  other: Attendee,
  event: OrgEvent,
  how: {
    source: "scan" | "share" | "lead";
    detail: string;
    tags: string[];
    consent: string;
    clientId?: string;
    also?: (personId: SQL) => Statement[];
    /** A booth's lead lands in the booth's workspace, met by the staff member who scanned (decision 0250). */
    workspaceId?: string | null;
  },
) {
  if (!owner.userId) return null;
  // A booth's lead lands in the booth's workspace (decision 0250); met with a team card, the team's person met
  // by the card's holder (decision 0252); else the attendee's own.
  const { workspaceId: ownerId, metBy } = how.workspaceId
    ? { workspaceId: how.workspaceId, metBy: how.workspaceId !== owner.userId ? owner.userId : null }
    : await cardArrival(db, owner.cardId, owner.userId, owner.userId);
  const now = new Date();
  return addPerson(db, ownerId, draftOf(other), {
    metBy,
    source: how.source === "lead" ? "scan" : how.source,
    detail: how.detail,
    eventName: event.title,
    tags: how.tags,
    // One exchange at one event is one arrival, however often it is replayed.
    clientId: how.clientId ?? `org-${event.id}-${owner.id}-${other.id}-${how.source === "lead" ? "scan" : how.source}`,
    events,
    now,
    also: (personId) => [
      consentStatement(db, personId, {
        senderWorkspaceId: ownerId,
        purpose: "exchange",
        state: "yes",
        senderName: owner.name,
        shown: how.consent,
        source: how.source,
        eventName: event.title,
        createdAt: now,
      }),
      ...(how.also?.(personId) ?? []),
    ],
  });
}

export type ExchangeResult =
  | { ok: true; kind: "exchange" | "lead"; created: boolean; other: Attendee; leadId?: number }
  | { ok: false; reason: "self" | "other-event" | "not-attendee" | "not-staff" };

/**
 * A scan of another attendee's pass. An exhibitor's scan is a lead of its booth (the booth's workspace gets the
 * attendee; two-way rights also give the attendee the exhibitor); anyone else's is an exchange both ways.
 * The pair, and the booth's lead, are unique in the database, so a double scan stores one.
 */
export async function scanBadge(
  db: Database,
  events: PeopleEvents,
  event: OrgEvent,
  scanner: Attendee,
  scanned: Attendee,
  stand: { booth: Booth; lead: { rating: number | null; notes: string | null } } | null = null,
): Promise<ExchangeResult> {
  if (scanner.id === scanned.id) return { ok: false, reason: "self" };
  if (scanner.eventId !== event.id || scanned.eventId !== event.id) return { ok: false, reason: "other-event" };
  if (scanner.leadRights !== "none") {
    if (!scanner.userId || !stand) return { ok: false, reason: "not-staff" };
    const staff = { id: scanner.id, userId: scanner.userId, name: scanner.name };
    const row = await recordLead(db, stand.booth, staff, scanned.id, stand.lead);
    if (!row) return { ok: false, reason: "not-staff" };
    await addToNetwork(db, events, scanner, scanned, event, {
      source: "lead",
      detail: `Scanned as a lead at ${event.title}`,
      tags: [event.title, "Lead"],
      consent: `Showed their pass to your stand at ${event.title}`,
      workspaceId: stand.booth.workspaceId,
    });
    if (scanner.leadRights === "two-way")
      await addToNetwork(db, events, scanned, scanner, event, {
        source: "scan",
        detail: `Their stand scanned your pass at ${event.title}`,
        tags: [event.title, "Exhibitor"],
        consent: `Exhibitor at ${event.title}; the organiser shares exhibitors' cards with the attendees they scan`,
      });
    return { ok: true, kind: "lead", created: true, other: scanned, leadId: row.id };
  }
  return exchange(db, events, event, scanner, scanned, "scan");
}

/** What an exchange made for a meeting writes instead: its own arrival key and a timeline entry per side. */
export type ExchangeFor = { key: string; detail: string; also: (owner: Attendee, personId: SQL) => Statement[] };

export async function exchange(
  db: Database,
  events: PeopleEvents,
  event: OrgEvent,
  a: Attendee,
  b: Attendee,
  via: "scan" | "share",
  purpose?: ExchangeFor,
): Promise<ExchangeResult> {
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const results = await writeBatch(db, [
    db
      .insert(orgExchange)
      .values({ eventId: event.id, fromId: low, toId: high, kind: "exchange" })
      .onConflictDoNothing(),
    // A Connect request either way is answered by the exchange.
    db
      .delete(orgExchange)
      .where(
        and(
          eq(orgExchange.kind, "request"),
          or(
            and(eq(orgExchange.fromId, a.id), eq(orgExchange.toId, b.id)),
            and(eq(orgExchange.fromId, b.id), eq(orgExchange.toId, a.id)),
          ),
        ),
      ),
  ]);
  const detail =
    purpose?.detail ??
    (via === "scan" ? `Exchanged by scanning a pass at ${event.title}` : `Connected at ${event.title}`);
  const consent = `Agreed to exchange details at ${event.title}`;
  for (const [owner, other] of [
    [a, b],
    [b, a],
  ] as const)
    await addToNetwork(db, events, owner, other, event, {
      source: via,
      detail,
      tags: [event.title],
      consent,
      clientId: purpose ? `${purpose.key}-${owner.id}` : undefined,
      also: purpose ? (personId) => purpose.also(owner, personId) : undefined,
    });
  return { ok: true, kind: "exchange", created: (results[0]?.meta.changes ?? 0) > 0, other: b };
}

/**
 * Holds a place at the event (approved, off the waitlist): only they are listed, suggested and met. The unary plus
 * keeps the planner on the (event, listed, name) index, which pages the directory in order.
 */
export const admitted = (state: SQL | typeof orgAttendee.state = orgAttendee.state) => sql`+${state} = 'going'`;

/** Another admitted attendee of this event whom `viewer`, admitted too, can see in the directory, or null. */
export async function visibleAttendee(db: Database, event: OrgEvent, viewer: Attendee, id: number) {
  if (viewer.state !== "going") return null;
  const [row] = await db
    .select()
    .from(orgAttendee)
    .where(
      and(
        eq(orgAttendee.id, id),
        eq(orgAttendee.eventId, event.id),
        ne(orgAttendee.id, viewer.id),
        eq(orgAttendee.listed, true),
        admitted(),
        or(eq(orgAttendee.visibility, "everyone"), exchangedWith(viewer.id, orgAttendee.id)) as SQL,
      ),
    );
  return row ?? null;
}

/**
 * "Connect" in the directory: a request the other side accepts. Asking someone who already asked you
 * is accepting. Only someone the requester can see in the directory can be asked.
 */
export async function requestConnect(
  db: Database,
  events: PeopleEvents,
  event: OrgEvent,
  from: Attendee,
  toId: number,
): Promise<"requested" | "pending" | "exchanged" | "unknown"> {
  const to = await visibleAttendee(db, event, from, toId);
  if (!to) return "unknown";
  const [asked] = await db
    .select({ id: orgExchange.id })
    .from(orgExchange)
    .where(and(eq(orgExchange.kind, "request"), eq(orgExchange.fromId, to.id), eq(orgExchange.toId, from.id)));
  if (asked) {
    await exchange(db, events, event, from, to, "share");
    return "exchanged";
  }
  // "pending" when this request was already made (a double tap): the other side is told once.
  const made = await db
    .insert(orgExchange)
    .values({ eventId: event.id, fromId: from.id, toId: to.id, kind: "request", state: "pending" })
    .onConflictDoNothing()
    .returning({ id: orgExchange.id });
  return made.length ? "requested" : "pending";
}

/** Accepts (or declines) a Connect request made to `me`. */
export async function answerConnect(
  db: Database,
  events: PeopleEvents,
  event: OrgEvent,
  me: Attendee,
  fromId: number,
  accept: boolean,
) {
  const [from] = await db
    .select({ a: orgAttendee })
    .from(orgExchange)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgExchange.fromId))
    .where(and(eq(orgExchange.kind, "request"), eq(orgExchange.fromId, fromId), eq(orgExchange.toId, me.id)));
  if (!from) return false;
  if (accept) await exchange(db, events, event, me, from.a, "share");
  else
    await db
      .delete(orgExchange)
      .where(and(eq(orgExchange.kind, "request"), eq(orgExchange.fromId, fromId), eq(orgExchange.toId, me.id)));
  return true;
}
