import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { parseOptions } from "~/lib/organiser-events/lead-questions";
import { REG_QUESTIONS_MAX, type RegQuestion, regChoices } from "~/lib/organiser-events/registration-questions";
import { orgRegAnswer, orgRegQuestion } from "~db/schema";
import type { Database } from "../db/db.server";
import { rawSql, type Statement } from "../db/write.server";

/** The event's registration questions, in the order the organiser added them. */
export async function registrationQuestions(db: Database, eventId: number): Promise<RegQuestion[]> {
  const rows = await db
    .select()
    .from(orgRegQuestion)
    .where(eq(orgRegQuestion.eventId, eventId))
    .orderBy(asc(orgRegQuestion.position), asc(orgRegQuestion.id))
    .limit(REG_QUESTIONS_MAX);
  return rows.map((q) => ({
    id: q.id,
    kind: q.kind,
    label: q.label,
    options: parseOptions(q.options),
    required: q.required,
  }));
}

/**
 * Adds a question unless the event has its ten: the count and the insert are one statement, so two tabs adding
 * at once never pass the limit. False when full.
 */
export async function addRegistrationQuestion(db: Database, eventId: number, q: Omit<RegQuestion, "id">) {
  const result = await db.run(sql`insert into org_reg_question (event_id, kind, label, options, required, position)
    select ${eventId}, ${q.kind}, ${q.label}, ${JSON.stringify(q.options)}, ${q.required ? 1 : 0},
      coalesce((select max(position) from org_reg_question where event_id = ${eventId}), 0) + 1
    where (select count(*) from org_reg_question where event_id = ${eventId}) < ${REG_QUESTIONS_MAX}`);
  return result.meta.changes > 0;
}

/** Removes one of the event's questions; its answers go with it (foreign key). */
export async function deleteRegistrationQuestion(db: Database, eventId: number, id: number) {
  const gone = await db
    .delete(orgRegQuestion)
    .where(and(eq(orgRegQuestion.id, id), eq(orgRegQuestion.eventId, eventId)))
    .returning({ id: orgRegQuestion.id });
  return gone.length > 0;
}

/**
 * The answers of the join whose pass token this is, for the join's own batch: only the join that created the
 * attendee writes them, so a second join of the same address changes nothing.
 */
export const answerStatements = (passToken: string, answers: { questionId: number; value: string }[]): Statement[] =>
  answers.map((a) =>
    rawSql(sql`insert into org_reg_answer (attendee_id, question_id, value)
      select a.id, q.id, ${a.value} from org_attendee a
      join org_reg_question q on q.id = ${a.questionId} and q.event_id = a.event_id
      where a.pass_token = ${passToken}
      on conflict (attendee_id, question_id) do nothing`),
  );

/** Each attendee's answers by question id, for the attendee list (a page's ids) and its export (the whole event). */
export async function answersOf(db: Database, eventId: number, attendeeIds?: number[]) {
  const byAttendee = new Map<number, Map<number, string>>();
  if (attendeeIds && !attendeeIds.length) return byAttendee;
  const rows = await db
    .select({ attendeeId: orgRegAnswer.attendeeId, questionId: orgRegAnswer.questionId, value: orgRegAnswer.value })
    .from(orgRegAnswer)
    .innerJoin(orgRegQuestion, eq(orgRegQuestion.id, orgRegAnswer.questionId))
    .where(
      and(eq(orgRegQuestion.eventId, eventId), attendeeIds ? inArray(orgRegAnswer.attendeeId, attendeeIds) : undefined),
    );
  for (const r of rows)
    byAttendee.set(r.attendeeId, (byAttendee.get(r.attendeeId) ?? new Map()).set(r.questionId, r.value));
  return byAttendee;
}

/** An answer as a person reads it in a cell: yes/no in words, anything else as given. */
export const answerText = (q: RegQuestion, value: string | undefined) =>
  value === undefined ? "" : (regChoices(q, { yes: "Yes", no: "No" }).find(([v]) => v === value)?.[1] ?? value);
