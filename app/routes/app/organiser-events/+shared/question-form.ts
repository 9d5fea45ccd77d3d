import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "~/lib/forms/field-errors";

/** What the questions editor posts, as typed, so a refused form shows it again. */
export type QuestionValues = { kind?: string; label?: string; options?: string; required?: string };

/**
 * Reads a question from the editor's form (registration questions and a stand's lead questions alike): the
 * question when the schema takes it, else the answer to send, a 400 naming each field.
 */
export function readQuestion<S extends z.ZodType>(form: FormData | null, schema: S, extra: QuestionValues = {}) {
  const values: QuestionValues = {
    kind: String(form?.get("kind") ?? ""),
    label: String(form?.get("label") ?? ""),
    options: String(form?.get("options") ?? ""),
    ...extra,
  };
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { refused: data({ values, errors: fieldErrors(parsed.error) }, { status: 400 }) };
  return { values, question: parsed.data as z.output<S> };
}

/** A list at its cap keeps the typed question and says how many it takes (409). */
export const questionsFull = (values: QuestionValues, whoAsks: string, max: number) =>
  data({ values, errors: { form: `${whoAsks} asks at most ${max} questions. Remove one first.` } }, { status: 409 });
