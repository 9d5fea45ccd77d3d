import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { matchWords, rankMatches } from "~/lib/organiser-events/rules";
import { orgAttendee, orgExchange, orgLead, orgLeadNote } from "~db/schema";
import { IDS_PER_STATEMENT } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { likeTerm } from "../db/like.server";
import { ATTENDEE_ID, type Attendee, admitted, exchangedWith } from "./attendees.server";

export type DirectoryFilters = { q?: string; company?: string; title?: string; interest?: string; page?: number };
export const DIRECTORY_PAGE = 50;

/**
 * The directory as one attendee sees it: listed attendees who show themselves to everyone, or to
 * people they exchanged with when the viewer is one. Email and phone only for those exchanged with.
 */
export async function directory(db: Database, viewer: Attendee, f: DirectoryFilters = {}) {
  // Someone waiting for a place sees their place, not the others (nor they them).
  if (viewer.state !== "going") return { more: false, people: [] };
  const exchanged = exchangedWith(viewer.id, ATTENDEE_ID);
  const likeOf = (v: string) => `%${likeTerm(v)}%`;
  const where: SQL[] = [
    eq(orgAttendee.eventId, viewer.eventId),
    eq(orgAttendee.listed, true),
    admitted(),
    ne(orgAttendee.id, viewer.id),
    or(eq(orgAttendee.visibility, "everyone"), exchanged) as SQL,
  ];
  const text = (col: SQLiteColumn, v?: string) => (v?.trim() ? sql`${col} like ${likeOf(v.trim())} escape '\\'` : null);
  if (f.q?.trim())
    where.push(
      or(
        text(orgAttendee.name, f.q) as SQL,
        text(orgAttendee.company, f.q) as SQL,
        text(orgAttendee.title, f.q) as SQL,
        text(orgAttendee.interests, f.q) as SQL,
      ) as SQL,
    );
  for (const [col, v] of [
    [orgAttendee.company, f.company],
    [orgAttendee.title, f.title],
    [orgAttendee.interests, f.interest],
  ] as const) {
    const clause = text(col, v);
    if (clause) where.push(clause);
  }
  const page = Math.max(0, Math.min(f.page ?? 0, 1000));
  const rows = await db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      company: orgAttendee.company,
      title: orgAttendee.title,
      interests: orgAttendee.interests,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      exchanged: sql<number>`${exchanged}`,
      requested: sql<number>`exists (select 1 from org_exchange r where r.kind = 'request' and r.from_id = ${viewer.id} and r.to_id = ${ATTENDEE_ID})`,
    })
    .from(orgAttendee)
    .where(and(...where))
    .orderBy(asc(orgAttendee.name), asc(orgAttendee.id))
    .limit(DIRECTORY_PAGE + 1)
    .offset(page * DIRECTORY_PAGE);
  return {
    more: rows.length > DIRECTORY_PAGE,
    people: rows.slice(0, DIRECTORY_PAGE).map(({ email, phone, ...r }) => ({
      ...r,
      exchanged: Boolean(r.exchanged),
      requested: Boolean(r.requested),
      // Never sent to the page unless they exchanged: not hidden by the view, absent from the data.
      email: r.exchanged ? email : null,
      phone: r.exchanged ? phone : null,
    })),
  };
}

/** Connect requests waiting for this attendee's answer. */
export function pendingRequests(db: Database, a: Attendee) {
  return db
    .select({ id: orgAttendee.id, name: orgAttendee.name, company: orgAttendee.company, title: orgAttendee.title })
    .from(orgExchange)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgExchange.fromId))
    .where(and(eq(orgExchange.kind, "request"), eq(orgExchange.toId, a.id)));
}

/** Who scanned this attendee as an exhibitor's lead: each attendee can see it. */
export function scannedBy(db: Database, a: Attendee) {
  return db
    .select({ name: orgAttendee.name, company: orgAttendee.company, at: orgLeadNote.createdAt })
    .from(orgLead)
    .innerJoin(orgLeadNote, eq(orgLeadNote.leadId, orgLead.id))
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgLeadNote.staffId))
    .where(eq(orgLead.attendeeId, a.id));
}

/** People this attendee exchanged with, with their details (they agreed to exchange). */
export async function exchangedPeople(db: Database, a: Attendee) {
  const pairs = await db
    .select({ from: orgExchange.fromId, to: orgExchange.toId })
    .from(orgExchange)
    .where(
      and(
        eq(orgExchange.eventId, a.eventId),
        eq(orgExchange.kind, "exchange"),
        or(eq(orgExchange.fromId, a.id), eq(orgExchange.toId, a.id)),
      ),
    )
    .limit(500);
  const ids = pairs.map((p) => (p.from === a.id ? p.to : p.from)).slice(0, IDS_PER_STATEMENT);
  if (!ids.length) return [];
  return db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      company: orgAttendee.company,
      title: orgAttendee.title,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
    })
    .from(orgAttendee)
    .where(inArray(orgAttendee.id, ids))
    .orderBy(asc(orgAttendee.name));
}

/** ASCII punctuation and spaces, each read as a break between words when the database scores a field. */
const BREAKS = [..."\t\n\r!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];

/** A field as ` word word `, so the database finds a whole word with instr(field, ' word '). */
const spaced = (column: SQLiteColumn) =>
  sql.raw(
    `(' ' || lower(${BREAKS.reduce((inner, c) => `replace(${inner}, '${c === "'" ? "''" : c}', ' ')`, `coalesce("org_attendee"."${column.name}", '')`)}) || ' ')`,
  );

/** The weight of each field in a match, as `rankMatches` scores it. */
const MATCH_FIELDS = [
  [orgAttendee.interests, 3],
  [orgAttendee.title, 2],
  [orgAttendee.company, 2],
] as const;

/** Suggestions shown: the page's list and `rankMatches`' default. */
export const MATCH_LIMIT = 10;

/**
 * The attendees worth meeting, among those this attendee can see, with reasons. The database scores every
 * visible attendee (each of my words found whole in their interests, title or organisation, weighted as
 * `rankMatches` weighs them) and answers the best few; `rankMatches` then words the reasons (decision 0205).
 */
export function matchesQuery(db: Database, me: Attendee) {
  const mine = [...matchWords(`${me.goals} ${me.interests}`)];
  const score = sql<number>`(select coalesce(sum(${sql.join(
    MATCH_FIELDS.map(
      ([column, weight]) => sql`(instr(${spaced(column)}, ' ' || w.value || ' ') > 0) * ${sql.raw(String(weight))}`,
    ),
    sql` + `,
  )}), 0) from json_each(${JSON.stringify(mine)}) w)`;
  return db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      company: orgAttendee.company,
      title: orgAttendee.title,
      interests: orgAttendee.interests,
      score,
    })
    .from(orgAttendee)
    .where(
      and(
        eq(orgAttendee.eventId, me.eventId),
        eq(orgAttendee.listed, true),
        admitted(),
        ne(orgAttendee.id, me.id),
        or(eq(orgAttendee.visibility, "everyone"), exchangedWith(me.id, orgAttendee.id)) as SQL,
        sql`${score} > 0`,
      ),
    )
    .orderBy(sql`${score} desc`, asc(orgAttendee.name))
    .limit(MATCH_LIMIT);
}

export async function matchesFor(db: Database, me: Attendee) {
  if (me.state !== "going" || !matchWords(`${me.goals} ${me.interests}`).size) return [];
  return rankMatches(me, await matchesQuery(db, me), MATCH_LIMIT);
}
