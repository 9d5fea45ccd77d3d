import { z } from "zod";
import { tooLong } from "../forms/too-long";
import { choiceOptions, optionLines, questionLabel, TEXT_ANSWER_MAX } from "./lead-questions";

/** The organiser's registration questions and the answers a join carries: rules and limits. Pure. */

export const REG_QUESTIONS_MAX = 10;

const REG_QUESTION_KINDS = ["text", "choice", "yesno"] as const;
type RegQuestionKind = (typeof REG_QUESTION_KINDS)[number];
export type RegQuestion = { id: number; kind: RegQuestionKind; label: string; options: string[]; required: boolean };

/** The English a refused answer reads; the event pages read them in the visitor's language (event-words). */
export const REG_MESSAGES = {
  required: "Answer this question",
  option: "Choose one of the options",
  yesno: "Choose yes or no",
  length: tooLong(TEXT_ANSWER_MAX),
} as const;

/** The setup form: options are one per line, and only a choice has them. */
export const regQuestionSchema = z
  .object({
    kind: z.enum(REG_QUESTION_KINDS, { error: "Choose short text, a choice from a list, or yes or no" }),
    label: questionLabel,
    options: optionLines,
    required: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine(choiceOptions)
  .transform((q) => ({ ...q, options: q.kind === "choice" ? q.options : [] }));

export const regField = (id: number) => `r${id}`;

/** What a choice or yes/no question offers, as [value, words]: the values checkRegistration accepts, in the reader's words. */
export const regChoices = (q: RegQuestion, words: { yes: string; no: string }): [string, string][] =>
  q.kind === "yesno"
    ? [
        ["yes", words.yes],
        ["no", words.no],
      ]
    : q.options.map((o) => [o, o]);

/**
 * The answers in a posted join form, one per question of the event's own: a required question left empty, an
 * option off the list, a yes/no that is neither, or text over its limit is refused beside its field. Fields
 * naming no question of this event are ignored: the answers are read by question, never by field.
 */
export function checkRegistration(questions: RegQuestion[], body: Record<string, unknown>) {
  const answers: { questionId: number; value: string }[] = [];
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const name = regField(q.id);
    const raw = body[name];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (!value) {
      if (q.required) errors[name] = REG_MESSAGES.required;
      continue;
    }
    const offered = q.kind === "text" || regChoices(q, { yes: "", no: "" }).some(([v]) => v === value);
    if (!offered) errors[name] = q.kind === "yesno" ? REG_MESSAGES.yesno : REG_MESSAGES.option;
    else if (value.length > TEXT_ANSWER_MAX) errors[name] = REG_MESSAGES.length;
    else answers.push({ questionId: q.id, value });
  }
  return { answers, errors };
}
