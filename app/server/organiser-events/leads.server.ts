import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  answerField,
  LEAD_QUESTIONS_MAX,
  type LeadQuestion,
  parseOptions,
} from "~/lib/organiser-events/lead-questions";
import { orgAttendee, orgBooth, orgEvent, orgLead, orgLeadAnswer, orgLeadNote, orgLeadQuestion } from "~db/schema";
import { chunk } from "../db/budget.server";
import type { Database } from "../db/db.server";
import { rawSql, writeBatch } from "../db/write.server";

/** Rows in one leads export: far above what a stand scans in a day. */
const LEADS_MAX = 20_000;

/** A stand at one event: a team's booth, or a single exhibitor's (their personal workspace's), decision 0250. */
export type Booth = { id: number; eventId: number; workspaceId: string | null };

/** Who reads a booth's leads: a signed-in account working in a workspace. */
type BoothViewer = { id: string; workspace: { id: string } };

const boothColumns = { id: orgBooth.id, eventId: orgBooth.eventId, workspaceId: orgBooth.workspaceId };

/**
 * The booth an exhibitor's pass scans into. A pass's first scan as a stand binds it to the booth of the workspace
 * it works in (a team in the app shell, else its own), made once per event and workspace by the unique key;
 * after that the pass stays its booth's, so a member who leaves the team cannot scan into another list.
 */
export async function standBooth(db: Database, stand: { id: number; eventId: number }, workspaceId: string) {
  await writeBatch(db, [
    // Only an unbound pass makes a booth: a pass whose holder left its team makes none of its own.
    rawSql(sql`insert into org_booth (event_id, workspace_id) select ${stand.eventId}, ${workspaceId}
      where exists (select 1 from org_attendee where id = ${stand.id} and booth_id is null)
      on conflict (event_id, workspace_id) do nothing`),
    rawSql(sql`update org_attendee set booth_id = (select id from org_booth
        where event_id = ${stand.eventId} and workspace_id = ${workspaceId})
      where id = ${stand.id} and booth_id is null`),
  ]);
  const [booth] = await db
    .select(boothColumns)
    .from(orgAttendee)
    .innerJoin(orgBooth, eq(orgBooth.id, orgAttendee.boothId))
    .where(eq(orgAttendee.id, stand.id))
    .limit(1);
  if (!booth) throw new Error("The stand's booth was not stored");
  return booth;
}

/** The booth of this workspace at the event, if it has one. */
async function boothOf(db: Database, eventId: number, workspaceId: string): Promise<Booth | null> {
  const [booth] = await db
    .select(boothColumns)
    .from(orgBooth)
    .where(and(eq(orgBooth.eventId, eventId), eq(orgBooth.workspaceId, workspaceId)))
    .limit(1);
  return booth ?? null;
}

/**
 * The booth whose leads and questions the viewer reaches at this event: the booth of the workspace they work in
 * (an admin of a team reads its booth without joining the event), or, for an exhibitor's pass not yet bound to
 * any booth, the one its first scan would make. Null for anyone else.
 */
export async function viewerBooth(
  db: Database,
  viewer: BoothViewer,
  eventId: number,
  pass: { id: number; eventId: number; leadRights: string; boothId: number | null } | null,
): Promise<Booth | null> {
  const booth = await boothOf(db, eventId, viewer.workspace.id);
  if (booth) return booth;
  if (pass && pass.leadRights !== "none" && pass.boothId === null) return standBooth(db, pass, viewer.workspace.id);
  return null;
}

/** The workspace's booths at organiser events, latest event first, with how many leads each holds. */
export function boothsOf(db: Database, workspaceId: string) {
  return db
    .select({
      slug: orgEvent.slug,
      title: orgEvent.title,
      startsAt: orgEvent.startsAt,
      leads: sql<number>`(select count(*) from org_lead l where l.booth_id = ${orgBooth.id})`,
    })
    .from(orgBooth)
    .innerJoin(orgEvent, eq(orgEvent.id, orgBooth.eventId))
    .where(eq(orgBooth.workspaceId, workspaceId))
    .orderBy(desc(orgEvent.startsAt))
    .limit(50);
}

/** True while `userId` is a member of the booth's workspace: staff who left the team are no longer its staff. */
const staffOf = (boothId: number, userId: string) =>
  sql`exists (select 1 from org_booth b join member m on m.workspace_id = b.workspace_id
    where b.id = ${boothId} and m.user_id = ${userId})`;

/**
 * Whether the viewer reads every lead of the booth: owners and admins do, and members when the team lets members
 * see all (decision 0234's setting); otherwise a member reads the leads they scanned themselves. A personal
 * workspace's owner is its one member. One uncorrelated subquery per statement.
 */
const seesAllLeads = (booth: Booth, viewer: BoothViewer) =>
  sql`exists (select 1 from member m join workspace w on w.id = m.workspace_id
    where m.workspace_id = ${booth.workspaceId} and m.user_id = ${viewer.id}
      and (m.role in ('owner', 'admin') or w.members_see_all = 1))`;

const leadSeenBy = (booth: Booth, viewer: BoothViewer): SQL =>
  sql`(${seesAllLeads(booth, viewer)} or exists (select 1 from org_lead_note n
    where n.lead_id = ${orgLead.id} and n.author_id = ${viewer.id}
      and exists (select 1 from member m where m.workspace_id = ${booth.workspaceId} and m.user_id = ${viewer.id})))`;

/** Whether `userId` is staff of the booth now: a member of its workspace. */
export async function isStaff(db: Database, booth: Booth, userId: string) {
  const [row] = await db.all<{ yes: number }>(sql`select ${staffOf(booth.id, userId)} as yes`);
  return Boolean(row?.yes);
}

/** Whether the viewer manages the booth's questions: an owner or admin of its workspace. */
export async function managesBooth(db: Database, booth: Booth, viewer: BoothViewer) {
  const [row] = await db.all<{ yes: number }>(sql`select exists (select 1 from member m
    where m.workspace_id = ${booth.workspaceId} and m.user_id = ${viewer.id} and m.role in ('owner', 'admin')) as yes`);
  return Boolean(row?.yes);
}

/**
 * One scan of `attendee` by a staff member: the booth's one lead (a new rating wins, a scan without one keeps
 * the last) and the staff member's own note row (a note is appended unless already there, so a phone replaying
 * its queue adds nothing twice). Both statements hold only while the scanner is staff, checked inside them, in
 * one batch. Null when the scanner is not (or no longer) a member of the booth's workspace.
 */
export async function recordLead(
  db: Database,
  booth: Booth,
  staff: { id: number; userId: string; name: string },
  attendeeId: number,
  lead: { rating: number | null; notes: string | null },
) {
  const [upsert] = await writeBatch(db, [
    rawSql(sql`insert into org_lead (event_id, booth_id, attendee_id, rating)
      select ${booth.eventId}, ${booth.id}, ${attendeeId}, ${lead.rating} where ${staffOf(booth.id, staff.userId)}
      on conflict (event_id, booth_id, attendee_id) do update set rating = coalesce(excluded.rating, org_lead.rating)
      returning id, created_at`),
    rawSql(sql`insert into org_lead_note (lead_id, staff_id, author_id, author_name, notes)
      select l.id, ${staff.id}, ${staff.userId}, ${staff.name}, ${lead.notes} from org_lead l
      where l.booth_id = ${booth.id} and l.attendee_id = ${attendeeId} and ${staffOf(booth.id, staff.userId)}
      on conflict (lead_id, staff_id) do update set updated_at = excluded.updated_at,
        notes = case when excluded.notes is null or instr(coalesce(org_lead_note.notes, ''), excluded.notes) > 0
          then org_lead_note.notes when org_lead_note.notes is null then excluded.notes
          else org_lead_note.notes || char(10) || excluded.notes end`),
  ]);
  const row = (upsert?.results as { id: number; created_at: number }[] | undefined)?.[0];
  return row ? { id: row.id } : null;
}

/** The booth's leads the viewer reads, oldest first. The attendee showed their pass to the stand (decision 0182). */
function boothLeads(db: Database, booth: Booth, viewer: BoothViewer) {
  return db
    .select({
      id: orgLead.id,
      name: orgAttendee.name,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      company: orgAttendee.company,
      title: orgAttendee.title,
      rating: orgLead.rating,
      scannedAt: orgLead.createdAt,
    })
    .from(orgLead)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgLead.attendeeId))
    .where(and(eq(orgLead.boothId, booth.id), leadSeenBy(booth, viewer)))
    .orderBy(asc(orgLead.createdAt), asc(orgLead.id))
    .limit(LEADS_MAX);
}

const LEADS_HEADER = ["Name", "Email", "Phone", "Company", "Title", "Rating", "Notes", "First scanned"];

/** Each staff member's notes on a lead, one line each, with who wrote them. */
const notedBy = (n: { authorName: string; notes: string | null }) =>
  (n.notes ?? "")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => `${line} (noted by ${n.authorName})`);

/**
 * The export's rows, the same for a single exhibitor and a team's booth: the lead's fields, its notes with who
 * wrote each, then one column per qualifying question in the booth's order.
 */
export async function leadsTable(db: Database, booth: Booth, viewer: BoothViewer) {
  const [leads, questions] = await Promise.all([boothLeads(db, booth, viewer), questionsOf(db, booth.id)]);
  const byLead = new Map<number, Map<number, string>>();
  const notes = new Map<number, string[]>();
  for (const ids of chunk(leads.map((l) => l.id))) {
    const [answers, written] = await Promise.all([
      db
        .select({ leadId: orgLeadAnswer.leadId, questionId: orgLeadAnswer.questionId, value: orgLeadAnswer.value })
        .from(orgLeadAnswer)
        .where(inArray(orgLeadAnswer.leadId, ids)),
      db
        .select({ leadId: orgLeadNote.leadId, authorName: orgLeadNote.authorName, notes: orgLeadNote.notes })
        .from(orgLeadNote)
        .where(inArray(orgLeadNote.leadId, ids))
        .orderBy(asc(orgLeadNote.createdAt), asc(orgLeadNote.id)),
    ]);
    for (const a of answers) byLead.set(a.leadId, (byLead.get(a.leadId) ?? new Map()).set(a.questionId, a.value));
    for (const n of written) notes.set(n.leadId, [...(notes.get(n.leadId) ?? []), ...notedBy(n)]);
  }
  const header = [...LEADS_HEADER, ...questions.map((q) => q.label)];
  const rows = leads.map((l) => [
    ...leadRow(l, notes.get(l.id) ?? []),
    ...questions.map((q) => byLead.get(l.id)?.get(q.id) ?? ""),
  ]);
  return { header, rows };
}

/** The booth's qualifying questions, in the order it set them. */
export async function questionsOf(db: Database, boothId: number): Promise<LeadQuestion[]> {
  const rows = await db
    .select()
    .from(orgLeadQuestion)
    .where(eq(orgLeadQuestion.boothId, boothId))
    .orderBy(asc(orgLeadQuestion.position), asc(orgLeadQuestion.id))
    .limit(LEAD_QUESTIONS_MAX);
  return rows.map((q) => ({ id: q.id, kind: q.kind, label: q.label, options: parseOptions(q.options) }));
}

/**
 * Adds a question unless the booth has its ten already: the count and the insert are one statement, so two
 * phones adding at once never pass the limit. False when full.
 */
export async function addQuestion(db: Database, boothId: number, q: Omit<LeadQuestion, "id">) {
  const result = await db.run(sql`insert into org_lead_question (booth_id, kind, label, options, position)
    select ${boothId}, ${q.kind}, ${q.label}, ${JSON.stringify(q.options)},
      coalesce((select max(position) from org_lead_question where booth_id = ${boothId}), 0) + 1
    where (select count(*) from org_lead_question where booth_id = ${boothId}) < ${LEAD_QUESTIONS_MAX}`);
  return result.meta.changes > 0;
}

/** Removes one of the booth's own questions (its answers go with it). */
export async function deleteQuestion(db: Database, boothId: number, id: number) {
  const gone = await db
    .delete(orgLeadQuestion)
    .where(and(eq(orgLeadQuestion.id, id), eq(orgLeadQuestion.boothId, boothId)))
    .returning({ id: orgLeadQuestion.id });
  return gone.length > 0;
}

/** The booth's lead for this attendee, once scanned. */
export async function leadOf(db: Database, boothId: number, attendeeId: number) {
  const [row] = await db
    .select({ id: orgLead.id })
    .from(orgLead)
    .where(and(eq(orgLead.boothId, boothId), eq(orgLead.attendeeId, attendeeId)))
    .limit(1);
  return row?.id ?? null;
}

/** A stored lead as form values: its rating and each answer (notes are appended, so the box starts empty). */
export async function storedLead(db: Database, leadId: number) {
  const [answers, [row]] = await Promise.all([
    db
      .select({ questionId: orgLeadAnswer.questionId, value: orgLeadAnswer.value })
      .from(orgLeadAnswer)
      .where(eq(orgLeadAnswer.leadId, leadId)),
    db.select({ rating: orgLead.rating }).from(orgLead).where(eq(orgLead.id, leadId)).limit(1),
  ]);
  const values: Record<string, string> = { rating: row?.rating ? String(row.rating) : "" };
  for (const a of answers) values[answerField(a.questionId)] = a.value;
  return values;
}

/** One staff member's own notes on a lead, one line each (another's notes are theirs and the booth admins'). */
export async function ownLeadNotes(db: Database, leadId: number, staffId: number): Promise<string[]> {
  const [row] = await db
    .select({ notes: orgLeadNote.notes })
    .from(orgLeadNote)
    .where(and(eq(orgLeadNote.leadId, leadId), eq(orgLeadNote.staffId, staffId)));
  return (row?.notes ?? "").split("\n").filter((line) => line.trim());
}

/** One row per lead and question: a later scan's answer replaces the earlier one, in one batch. */
export async function saveAnswers(db: Database, leadId: number, answers: { questionId: number; value: string }[]) {
  const [first, ...rest] = answers.map((a) =>
    db
      .insert(orgLeadAnswer)
      .values({ leadId, questionId: a.questionId, value: a.value })
      .onConflictDoUpdate({
        target: [orgLeadAnswer.leadId, orgLeadAnswer.questionId],
        set: { value: a.value, updatedAt: new Date() },
      }),
  );
  if (first) await db.batch([first, ...rest]);
}

const leadRow = (l: Awaited<ReturnType<typeof boothLeads>>[number], notes: string[]) => [
  l.name,
  l.email,
  l.phone ?? "",
  l.company ?? "",
  l.title ?? "",
  l.rating === null ? "" : String(l.rating),
  notes.join("\n"),
  l.scannedAt.toISOString(),
];
