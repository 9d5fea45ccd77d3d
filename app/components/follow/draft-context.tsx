import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { discussedFormSchema } from "~/lib/assistant/rules";
import { type FollowErrorView, followReply } from "./timeline";

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

/**
 * What a draft may use beside the person's own words: "What we discussed" (shareable, quoted in drafts),
 * and the owner's to-dos read from their private notes, each of which can become a reminder.
 */
export function DraftContext({
  personId,
  discussed,
  todos,
  returnTo,
  error,
}: {
  personId: number;
  discussed: string;
  todos: { todo: string; due: string | null }[];
  returnTo: string;
  error: FollowErrorView;
}) {
  const [form, fields] = useForm({
    id: `discussed-${personId}`,
    lastResult: followReply(error, "discussed", personId),
    defaultValue: { discussed },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discussedFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const todoError = followReply(error, "todo-remind", personId);
  return (
    <div className="space-y-4">
      <Form method="post" {...getFormProps(form)} className="space-y-2 text-sm">
        <input type="hidden" name="returnTo" value={returnTo} />
        <Field
          id={fields.discussed.id}
          label="What we discussed"
          errors={fields.discussed.errors}
          hint="Shareable: drafts may quote this. Your notes, event goals and tags stay private."
        >
          <textarea {...getTextareaProps(fields.discussed)} rows={3} maxLength={1000} className={inputClass} />
        </Field>
        <button type="submit" name="intent" value="discussed" className={small}>
          Save what we discussed
        </button>
      </Form>
      {todos.length ? (
        <div>
          <h3 className="font-medium text-sm">Your to-dos from the notes</h3>
          <p className="text-slate-600 text-xs dark:text-slate-300">
            Only you see these; a draft offers the next step in your words, never the note's.
          </p>
          {todoError?.error?.[""]?.length ? (
            <p role="alert" className="mt-1 text-red-700 text-sm dark:text-red-300">
              {todoError.error[""][0]}
            </p>
          ) : null}
          <ul className="mt-2 space-y-2" data-testid="todos">
            {todos.map((t, i) => (
              <li key={t.todo} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  {t.todo}
                  {t.due ? <span className="text-slate-500 dark:text-slate-400"> · due {t.due}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <input type="hidden" name="todo" value={i} />
                  <button type="submit" name="intent" value="todo-remind" className={small}>
                    Remind me
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
