import { Form } from "react-router";
import { inputClass } from "~/components/ui/field";

type Question = { id: number; label: string; kind: string; options: string[]; required?: boolean };

/**
 * An event's own questions, listed with a Remove each, and the form that adds one: the join form's registration
 * questions and a stand's lead questions are edited alike, each field's message beside it and the typed values kept.
 */
export function QuestionsEditor({
  idPrefix,
  questions,
  kinds,
  defaultKind,
  empty,
  optionsLabel,
  requiredLabel,
  values,
  errors,
}: {
  /** Keeps the ids of two editors apart. */
  idPrefix: string;
  questions: Question[];
  kinds: Record<string, string>;
  defaultKind: string;
  /** What is asked when there are no questions yet. */
  empty: string;
  optionsLabel: string;
  /** The label of the "required" box, for questions an answer can be required to. */
  requiredLabel?: string;
  values: { kind?: string; label?: string; options?: string; required?: string };
  errors: Record<string, string>;
}) {
  const errorId = (name: string) => `${idPrefix}-${name}-err`;
  const err = (name: string) =>
    errors[name] ? (
      <span id={errorId(name)} className="text-red-700 text-sm dark:text-red-400">
        {errors[name]}
      </span>
    ) : null;
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": errorId(name) } : {});
  return (
    <>
      {questions.length ? (
        <ol className="mt-4 grid gap-2">
          {questions.map((q) => (
            <li
              key={q.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            >
              <span className="font-medium [overflow-wrap:anywhere]">{q.label}</span>
              <span className="text-slate-600 text-sm dark:text-slate-300">
                {kinds[q.kind] ?? q.kind}
                {q.options.length ? `: ${q.options.join(", ")}` : ""}
                {requiredLabel ? (q.required ? " · required" : " · optional") : ""}
              </span>
              <Form method="post" className="ml-auto">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={q.id} />
                <button type="submit" className="text-sm underline">
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-slate-600 dark:text-slate-300">{empty}</p>
      )}
      {/* A new blank form once a question is added: the one just saved, left filled in, was added twice. */}
      <Form key={questions.length} method="post" className="mt-6 grid gap-3">
        <h2 className="font-semibold text-xl">Add a question</h2>
        {errors.form ? (
          <p className="rounded-lg bg-red-100 p-3 text-red-900" role="alert">
            {errors.form}
          </p>
        ) : null}
        <label className="grid gap-1 text-sm" htmlFor={`${idPrefix}-label`}>
          <span className="font-medium">Question</span>
          <input
            id={`${idPrefix}-label`}
            name="label"
            maxLength={200}
            defaultValue={values.label ?? ""}
            className={inputClass}
            {...invalid("label")}
          />
          {err("label")}
        </label>
        <fieldset className="grid gap-1 text-sm" {...invalid("kind")}>
          <legend className="font-medium">Answered as</legend>
          {Object.entries(kinds).map(([k, label]) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="kind" value={k} defaultChecked={(values.kind || defaultKind) === k} />
              {label}
            </label>
          ))}
          {err("kind")}
        </fieldset>
        <label className="grid gap-1 text-sm" htmlFor={`${idPrefix}-options`}>
          <span className="font-medium">{optionsLabel}</span>
          <textarea
            id={`${idPrefix}-options`}
            name="options"
            rows={4}
            defaultValue={values.options ?? ""}
            className={inputClass}
            {...invalid("options")}
          />
          {err("options")}
        </label>
        {requiredLabel ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="required" defaultChecked={values.required === "on"} />
            {requiredLabel}
          </label>
        ) : null}
        <button
          type="submit"
          className="justify-self-start rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Add question
        </button>
      </Form>
    </>
  );
}
