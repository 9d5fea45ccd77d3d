import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import { PLACE_WORDS } from "~/lib/organiser-events/admission";
import { VISIBILITY_LABEL } from "~/lib/organiser-events/rules";
import { zonedLocal } from "~/lib/time/time";
import { orgAttendee, orgCheckin } from "~db/schema";
import type { Database } from "../db/db.server";
import { likeTerm } from "../db/like.server";
import { outer } from "../db/outer.server";
import { answersOf, answerText, registrationQuestions } from "./registration.server";

export const ATTENDEE_LIST_PAGE = 50;

/** Rows in one export of the list: an event's whole attendance, far above any hall. */
export const ATTENDEE_LIST_MAX = 20_000;

export type AttendeeListQuery = { q?: string; checkedIn?: "yes" | "no"; page?: number };

/** The list's query from its URL (q, in, page): anything unreadable is the default, never an error. */
export function attendeeListQuery(url: URL): AttendeeListQuery {
  const checked = url.searchParams.get("in");
  const page = Number(url.searchParams.get("page") ?? 0);
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    checkedIn: checked === "yes" || checked === "no" ? checked : undefined,
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
  };
}

/** The organiser's read of the latest choice about hearing from them: null when none was ever made. */
const NEWS = sql<number | null>`(select k.given from org_mail_consent k
  where k.event_id = ${outer(orgAttendee.eventId)} and k.email = ${outer(orgAttendee.email)} order by k.id desc limit 1)`;

/**
 * What the organiser may search by: the name always; organisation and title only of attendees listed in the
 * directory; the email only of those who said yes to the organiser's news. A search never finds someone
 * by what the page would hold back.
 */
function searchClause(q: string): SQL {
  const p = `%${likeTerm(q)}%`;
  return or(
    sql`${orgAttendee.name} like ${p} escape '\\'`,
    and(
      eq(orgAttendee.listed, true),
      or(sql`${orgAttendee.company} like ${p} escape '\\'`, sql`${orgAttendee.title} like ${p} escape '\\'`),
    ),
    and(sql`${NEWS} = 1`, sql`${orgAttendee.email} like ${p} escape '\\'`),
  ) as SQL;
}

function listQuery(db: Database, eventId: number, query: AttendeeListQuery) {
  const where: SQL[] = [eq(orgAttendee.eventId, eventId)];
  const q = query.q?.trim().slice(0, 200);
  if (q) where.push(searchClause(q));
  if (query.checkedIn === "yes") where.push(sql`${orgCheckin.attendeeId} is not null`);
  if (query.checkedIn === "no") where.push(sql`${orgCheckin.attendeeId} is null`);
  return db
    .select({
      id: orgAttendee.id,
      name: orgAttendee.name,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      company: orgAttendee.company,
      title: orgAttendee.title,
      listed: orgAttendee.listed,
      visibility: orgAttendee.visibility,
      leadRights: orgAttendee.leadRights,
      state: orgAttendee.state,
      joinedAt: orgAttendee.createdAt,
      news: NEWS,
      checkedAt: orgCheckin.checkedAt,
    })
    .from(orgAttendee)
    .leftJoin(orgCheckin, eq(orgCheckin.attendeeId, orgAttendee.id))
    .where(and(...where))
    .orderBy(asc(orgAttendee.name), asc(orgAttendee.id));
}

type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

/** One row as the organiser sees it: held-back fields are absent from the data, not hidden by the page. */
function shown({ news, email, phone, company, title, ...r }: ListRow) {
  return {
    ...r,
    news: news === null ? ("none" as const) : news ? ("yes" as const) : ("no" as const),
    // The phone goes with the email: only to an organiser the attendee said yes to.
    email: news ? email : null,
    phone: news ? phone : null,
    company: r.listed ? company : null,
    title: r.listed ? title : null,
  };
}

export type ListedAttendee = ReturnType<typeof shown>;

/** One page of an event's attendees for its organiser, searchable and filtered by check-in. */
export async function attendeeList(db: Database, eventId: number, query: AttendeeListQuery = {}) {
  const page = Math.max(0, Math.min(query.page ?? 0, 1000));
  const rows = await listQuery(db, eventId, query)
    .limit(ATTENDEE_LIST_PAGE + 1)
    .offset(page * ATTENDEE_LIST_PAGE);
  const shownRows = rows.slice(0, ATTENDEE_LIST_PAGE).map(shown);
  const [questions, answers] = await Promise.all([
    registrationQuestions(db, eventId),
    answersOf(
      db,
      eventId,
      shownRows.map((r) => r.id),
    ),
  ]);
  return {
    page,
    more: rows.length > ATTENDEE_LIST_PAGE,
    questions: questions.map((q) => ({ id: q.id, label: q.label })),
    rows: shownRows.map((r) => ({
      ...r,
      answers: questions.map((q) => answerText(q, answers.get(r.id)?.get(q.id))),
    })),
  };
}

/** Every attendee the query finds, for an export (the same holding back as the page). */
async function attendeeListAll(db: Database, eventId: number, query: AttendeeListQuery = {}) {
  return (await listQuery(db, eventId, query).limit(ATTENDEE_LIST_MAX)).map(shown);
}

/** Attendees and how many of them are in: the door's live count. */
export async function doorCount(db: Database, eventId: number) {
  const [row] = await db.all<{ attendees: number; inside: number }>(sql`select
    (select count(*) from org_attendee where event_id = ${eventId} and state = 'going') as attendees,
    (select count(*) from org_checkin where event_id = ${eventId}) as inside`);
  return { attendees: row?.attendees ?? 0, inside: row?.inside ?? 0 };
}

const NEWS_WORDS = { yes: "Yes", no: "No", none: "Not asked" } as const;

const ATTENDEE_LIST_HEADER = [
  "Name",
  "Email",
  "Phone",
  "Company",
  "Title",
  "Listed in the directory",
  "Who sees them",
  "Email me news",
  "Place",
  "Checked in",
  "Joined",
];

/** An export row, in ATTENDEE_LIST_HEADER's order; held-back fields are empty; times on the event's clock. */
const attendeeListRow = (a: ListedAttendee, timeZone: string) => [
  a.name,
  a.email ?? "",
  a.phone ?? "",
  a.company ?? "",
  a.title ?? "",
  a.listed ? "yes" : "no",
  VISIBILITY_LABEL[a.visibility],
  NEWS_WORDS[a.news],
  PLACE_WORDS[a.state],
  a.checkedAt ? zonedLocal(a.checkedAt, timeZone).replace("T", " ") : "",
  zonedLocal(a.joinedAt, timeZone).replace("T", " "),
];

/**
 * The list as searched, for its CSV and Excel export: the attendee's fields, then one column per registration
 * question in the organiser's order. Times are wall-clock times in the event's zone, which the header names.
 */
export async function attendeeListTable(
  db: Database,
  event: { id: number; timeZone: string },
  query: AttendeeListQuery = {},
) {
  const [rows, questions, answers] = await Promise.all([
    attendeeListAll(db, event.id, query),
    registrationQuestions(db, event.id),
    answersOf(db, event.id),
  ]);
  const zone = ` (${event.timeZone})`;
  const header = [
    ...ATTENDEE_LIST_HEADER.map((h) => (h === "Checked in" || h === "Joined" ? h + zone : h)),
    ...questions.map((q) => q.label),
  ];
  return {
    header,
    rows: rows.map((a) => [
      ...attendeeListRow(a, event.timeZone),
      ...questions.map((q) => answerText(q, answers.get(a.id)?.get(q.id))),
    ]),
  };
}
