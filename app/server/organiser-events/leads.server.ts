import { and, asc, eq, sql } from "drizzle-orm";
import {
  answerField,
  LEAD_QUESTIONS_MAX,
  type LeadQuestion,
  parseOptions,
} from "~/lib/organiser-events/lead-questions";
import { orgAttendee, orgExchange, orgLeadAnswer, orgLeadQuestion } from "~db/schema";
import type { Database } from "../db/db.server";

/** Rows in one leads export: far above what a stand scans in a day. */
const LEADS_MAX = 20_000;

/**
 * The exhibitor's leads at their event, oldest first, with their rating and notes. The attendee showed their
 * pass to the stand, which is what gives the exhibitor their details (decision 0182).
 */
export function exhibitorLeads(db: Database, exhibitor: { id: number; eventId: number }) {
  return db
    .select({
      id: orgExchange.id,
      name: orgAttendee.name,
      email: orgAttendee.email,
      phone: orgAttendee.phone,
      company: orgAttendee.company,
      title: orgAttendee.title,
      rating: orgExchange.rating,
      notes: orgExchange.notes,
      scannedAt: orgExchange.createdAt,
    })
    .from(orgExchange)
    .innerJoin(orgAttendee, eq(orgAttendee.id, orgExchange.toId))
    .where(
      and(
        eq(orgExchange.eventId, exhibitor.eventId),
        eq(orgExchange.kind, "lead"),
        eq(orgExchange.fromId, exhibitor.id),
      ),
    )
    .orderBy(asc(orgExchange.createdAt), asc(orgExchange.id))
    .limit(LEADS_MAX);
}

const LEADS_HEADER = ["Name", "Email", "Phone", "Company", "Title", "Rating", "Notes", "First scanned"];

/** The export's rows: the lead's fields, then one column per qualifying question, in the stand's order. */
export async function leadsTable(db: Database, exhibitor: { id: number; eventId: number }) {
  const [leads, questions, answers] = await Promise.all([
    exhibitorLeads(db, exhibitor),
    questionsOf(db, exhibitor.id),
    db
      .select({ leadId: orgLeadAnswer.leadId, questionId: orgLeadAnswer.questionId, value: orgLeadAnswer.value })
      .from(orgLeadAnswer)
      .innerJoin(orgLeadQuestion, eq(orgLeadQuestion.id, orgLeadAnswer.questionId))
      .where(eq(orgLeadQuestion.exhibitorId, exhibitor.id)),
  ]);
  const byLead = new Map<number, Map<number, string>>();
  for (const a of answers) byLead.set(a.leadId, (byLead.get(a.leadId) ?? new Map()).set(a.questionId, a.value));
  const header = [...LEADS_HEADER, ...questions.map((q) => q.label)];
  const rows = leads.map((l) => [...leadRow(l), ...questions.map((q) => byLead.get(l.id)?.get(q.id) ?? "")]);
  return { header, rows };
}

/** The stand's qualifying questions, in the order it set them. */
export async function questionsOf(db: Database, exhibitorId: number): Promise<LeadQuestion[]> {
  const rows = await db
    .select()
    .from(orgLeadQuestion)
    .where(eq(orgLeadQuestion.exhibitorId, exhibitorId))
    .orderBy(asc(orgLeadQuestion.position), asc(orgLeadQuestion.id))
    .limit(LEAD_QUESTIONS_MAX);
  return rows.map((q) => ({ id: q.id, kind: q.kind, label: q.label, options: parseOptions(q.options) }));
}

/**
 * Adds a question unless the stand has its ten already: the count and the insert are one statement, so two
 * phones adding at once never pass the limit. False when full.
 */
export async function addQuestion(db: Database, exhibitorId: number, q: Omit<LeadQuestion, "id">) {
  const result = await db.run(sql`insert into org_lead_question (exhibitor_id, kind, label, options, position)
    select ${exhibitorId}, ${q.kind}, ${q.label}, ${JSON.stringify(q.options)},
      coalesce((select max(position) from org_lead_question where exhibitor_id = ${exhibitorId}), 0) + 1
    where (select count(*) from org_lead_question where exhibitor_id = ${exhibitorId}) < ${LEAD_QUESTIONS_MAX}`);
  return result.meta.changes > 0;
}

/** Removes one of the stand's own questions (its answers go with it). */
export async function deleteQuestion(db: Database, exhibitorId: number, id: number) {
  const gone = await db
    .delete(orgLeadQuestion)
    .where(and(eq(orgLeadQuestion.id, id), eq(orgLeadQuestion.exhibitorId, exhibitorId)))
    .returning({ id: orgLeadQuestion.id });
  return gone.length > 0;
}

/** The lead row of this stand for this attendee, once scanned. */
export async function leadOf(db: Database, exhibitor: { id: number; eventId: number }, attendeeId: number) {
  const [row] = await db
    .select({ id: orgExchange.id })
    .from(orgExchange)
    .where(
      and(
        eq(orgExchange.eventId, exhibitor.eventId),
        eq(orgExchange.kind, "lead"),
        eq(orgExchange.fromId, exhibitor.id),
        eq(orgExchange.toId, attendeeId),
      ),
    )
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
    db.select({ rating: orgExchange.rating }).from(orgExchange).where(eq(orgExchange.id, leadId)).limit(1),
  ]);
  const values: Record<string, string> = { rating: row?.rating ? String(row.rating) : "" };
  for (const a of answers) values[answerField(a.questionId)] = a.value;
  return values;
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

const leadRow = (l: Awaited<ReturnType<typeof exhibitorLeads>>[number]) => [
  l.name,
  l.email,
  l.phone ?? "",
  l.company ?? "",
  l.title ?? "",
  l.rating === null ? "" : String(l.rating),
  l.notes ?? "",
  l.scannedAt.toISOString(),
];
