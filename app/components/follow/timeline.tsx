import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { KIND_LABEL, kindLabel, MANUAL_KINDS, type ManualKind } from "~/lib/follow/kinds";
import { logFormSchema } from "~/lib/follow/timeline";
import { formatInZone } from "~/lib/time/time";

type Entry = { id: number; kind: string; source: string; occurredAt: Date | string; text: string; private?: boolean };
/** The follow-through action's refusal: which form (intent and person) and conform's reply for it. */
export type FollowErrorView = {
  intent: string;
  personId: number;
  reply: SubmissionResult<string[]>;
} | null;

/** The reply for one form among the follow-through forms of a page, or none when the refusal was another's. */
export const followReply = (error: FollowErrorView, intent: string | readonly string[], personId: number) =>
  error && error.personId === personId && (typeof intent === "string" ? [intent] : intent).includes(error.intent)
    ? error.reply
    : undefined;

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";
const AUTOMATIC: Record<string, string> = {
  share: "automatic",
  scan: "automatic",
  saved: "automatic",
  manual: "",
  merge: "automatic",
  assistant: "from a draft",
  api: "through the API",
  earlier: "carried over",
  gift: "automatic",
};

/**
 * Logging an interaction: the kind buttons submit at once (with now as the time), so it takes one tap;
 * a date, time and note are optional and kept when something is wrong.
 */
export function LogInteraction({
  personId,
  returnTo,
  error,
  today,
  team = false,
}: {
  personId: number;
  returnTo: string;
  error: FollowErrorView;
  today: string;
  /** Working in a team: what is written stays the writer's unless shared. */
  team?: boolean;
}) {
  const [form, fields] = useForm({
    id: `log-${personId}`,
    lastResult: followReply(error, "log", personId),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: logFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-labelledby={`log-title-${personId}`}>
      <h3 id={`log-title-${personId}`} className="font-medium">
        Log an interaction
      </h3>
      <input type="hidden" name="intent" value="log" />
      <input type="hidden" name="personId" value={personId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid grid-cols-2 gap-2 text-sm">
        <Field id={fields.date.id} label="Date" errors={fields.date.errors}>
          <input {...getInputProps(fields.date, { type: "date" })} max={today} className={inputClass} />
        </Field>
        <Field id={fields.time.id} label="Time" errors={fields.time.errors}>
          <input {...getInputProps(fields.time, { type: "time" })} className={inputClass} />
        </Field>
      </div>
      <div className="text-sm">
        <Field id={fields.text.id} label="What happened (optional)" errors={fields.text.errors}>
          <textarea {...getTextareaProps(fields.text)} rows={2} maxLength={5000} className={inputClass} />
        </Field>
        {team ? (
          <label className="mt-1 flex items-center gap-2">
            <input type="checkbox" name={fields.shared.name} value="on" />
            Share this note with the team (otherwise only you read it)
          </label>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-1 text-slate-600 text-sm dark:text-slate-300">Log it as</legend>
        <div className="flex flex-wrap gap-2">
          {MANUAL_KINDS.map((k) => (
            <button key={k} type="submit" name={fields.kind.name} value={k} className={small}>
              {KIND_LABEL[k]}
            </button>
          ))}
        </div>
        {fields.kind.errors?.length ? (
          <p id={fields.kind.errorId} role="alert" className="mt-1 text-red-700 text-sm dark:text-red-300">
            {fields.kind.errors[0]}
          </p>
        ) : null}
      </fieldset>
    </Form>
  );
}

/** The person's timeline, newest first; automatic entries say so. */
export function PersonTimeline({
  personId,
  entries,
  timeZone,
  returnTo,
}: {
  personId: number;
  entries: Entry[];
  timeZone: string;
  returnTo: string;
}) {
  if (!entries.length) return <p className="text-slate-600 text-sm dark:text-slate-300">Nothing logged yet.</p>;
  return (
    <ol className="space-y-3 border-slate-200 border-l-2 pl-4 dark:border-slate-700" aria-label="Timeline">
      {entries.map((e) => (
        <li key={e.id} className="text-sm">
          <p>
            <span className="font-medium">{kindLabel(e.kind)}</span>{" "}
            <time dateTime={new Date(e.occurredAt).toISOString()} className="text-slate-600 dark:text-slate-300">
              {formatInZone(new Date(e.occurredAt), timeZone)}
            </time>
            {e.private ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 text-xs dark:bg-amber-900 dark:text-amber-100">
                only you
              </span>
            ) : null}
            {AUTOMATIC[e.source] ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-200">
                {AUTOMATIC[e.source]}
              </span>
            ) : null}
          </p>
          {e.text ? (
            <p className="whitespace-pre-line break-words text-slate-700 dark:text-slate-200">{e.text}</p>
          ) : null}
          {(e.source === "manual" || e.source === "api") && MANUAL_KINDS.includes(e.kind as ManualKind) ? (
            <Form method="post">
              <input type="hidden" name="intent" value="entry-delete" />
              <input type="hidden" name="personId" value={personId} />
              <input type="hidden" name="entryId" value={e.id} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <button
                type="submit"
                className="text-slate-600 text-xs underline dark:text-slate-300"
                aria-label={`Remove ${kindLabel(e.kind)} of ${formatInZone(new Date(e.occurredAt), timeZone)}`}
              >
                Remove
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
