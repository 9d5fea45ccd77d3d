import { z } from "zod";

/** A stand's qualifying questions and the answers a scan carries: rules and limits. Pure. */

export const LEAD_QUESTIONS_MAX = 10;
const LABEL_MAX = 120;
const OPTIONS_MAX = 10;
const OPTION_MAX = 60;
export const TEXT_ANSWER_MAX = 500;

const LEAD_QUESTION_KINDS = ["rating", "choice", "text"] as const;
type LeadQuestionKind = (typeof LEAD_QUESTION_KINDS)[number];
export type LeadQuestion = { id: number; kind: LeadQuestionKind; label: string; options: string[] };

/** A question's words, as an organiser or a stand writes them. */
export const questionLabel = z
  .string({ error: "Write the question" })
  .trim()
  .min(1, "Write the question")
  .max(LABEL_MAX, `Keep the question to ${LABEL_MAX} characters`);

/** A choice's options, one per line as typed: trimmed, without blanks or repeats. */
export const optionLines = z
  .string()
  .optional()
  .transform((v) => [...new Set((v ?? "").split(/\r?\n/).map((o) => o.trim()))].filter(Boolean));

/** A choice needs two to ten options, each short enough to read on a phone; other kinds have none. */
export function choiceOptions(q: { kind: string; options: string[] }, ctx: z.RefinementCtx) {
  if (q.kind !== "choice") return;
  const fault =
    q.options.length < 2
      ? "Give at least two options, one per line"
      : q.options.length > OPTIONS_MAX
        ? `Give at most ${OPTIONS_MAX} options`
        : q.options.some((o) => o.length > OPTION_MAX)
          ? `Keep each option to ${OPTION_MAX} characters`
          : null;
  if (fault) ctx.addIssue({ code: "custom", path: ["options"], message: fault });
}

/** The setup form: options are one per line, and only a choice has them. */
export const leadQuestionSchema = z
  .object({
    kind: z.enum(LEAD_QUESTION_KINDS, { error: "Choose rating, a choice from a list, or free text" }),
    label: questionLabel,
    options: optionLines,
  })
  .superRefine(choiceOptions)
  .transform((q) => ({ ...q, options: q.kind === "choice" ? q.options : [] }));

export const answerField = (id: number) => `q${id}`;

/**
 * The answers in a posted form, checked against the stand's own questions. A field naming any other question
 * (another stand's, or one deleted) is refused, as is a rating outside 1-5, an option not on the list or text
 * over its limit. An empty answer keeps what an earlier scan stored.
 */
export function checkAnswers(questions: LeadQuestion[], body: Record<string, unknown>) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: { questionId: number; value: string }[] = [];
  const errors: Record<string, string> = {};
  for (const [name, raw] of Object.entries(body)) {
    const id = /^q(\d{1,12})$/.exec(name)?.[1];
    if (!id) continue;
    const q = byId.get(Number(id));
    if (!q) {
      errors[name] = "That question is not one of your stand's";
      continue;
    }
    const value = typeof raw === "string" ? raw.trim() : "";
    if (!value) continue;
    if (q.kind === "rating" && !/^[1-5]$/.test(value)) errors[name] = "Rate from 1 to 5";
    else if (q.kind === "choice" && !q.options.includes(value)) errors[name] = "Choose one of the options";
    else if (q.kind === "text" && value.length > TEXT_ANSWER_MAX)
      errors[name] = `Keep the answer to ${TEXT_ANSWER_MAX} characters`;
    else answers.push({ questionId: q.id, value });
  }
  return { answers, errors };
}

/** Options as stored (a JSON array); anything else reads as none. */
export function parseOptions(stored: string): string[] {
  try {
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.filter((o): o is string => typeof o === "string") : [];
  } catch {
    return [];
  }
}
