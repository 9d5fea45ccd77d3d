import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { draftFormSchema } from "~/lib/assistant/rules";
import { formatInZone } from "~/lib/time/time";
import { type FollowErrorView, followReply } from "./timeline";

const small = "rounded-md border border-slate-300 px-3 py-1.5 font-medium text-sm dark:border-slate-700";

type Draft = {
  subject: string;
  body: string;
  engine: "built-in" | "workers-ai";
  edited: boolean;
  sentAt: Date | string | null;
  updatedAt: Date | string;
};

/** The saved follow-up email: written once, edited in place, mailto to send, then marked as sent. */
export function FollowUpDraft({
  personId,
  email,
  draft,
  timeZone,
  returnTo,
  error,
}: {
  personId: number;
  email: string | null;
  draft: Draft | null;
  timeZone: string;
  returnTo: string;
  error: FollowErrorView;
}) {
  const hidden = (
    <>
      <input type="hidden" name="personId" value={personId} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
  if (!draft)
    return (
      <Form method="post">
        {hidden}
        <p className="text-slate-600 text-sm dark:text-slate-300">
          The assistant writes from what you both know: the event, what they wrote, what you discussed and your last
          contact. Your private notes are never quoted.
        </p>
        <button type="submit" name="intent" value="draft-write" className={`${small} mt-2`}>
          Draft a follow-up
        </button>
      </Form>
    );
  // Keyed on the saved time: a new or saved draft starts the editor from what was stored.
  return (
    <DraftEditor
      key={new Date(draft.updatedAt).getTime()}
      personId={personId}
      email={email}
      draft={draft}
      timeZone={timeZone}
      error={error}
      hidden={hidden}
    />
  );
}

function DraftEditor({
  personId,
  email,
  draft,
  timeZone,
  error,
  hidden,
}: {
  personId: number;
  email: string | null;
  draft: Draft;
  timeZone: string;
  error: FollowErrorView;
  hidden: React.ReactNode;
}) {
  const [form, fields] = useForm({
    id: `draft-${personId}`,
    lastResult: followReply(error, ["draft-save", "draft-sent", "draft-write"], personId),
    defaultValue: { subject: draft.subject, body: draft.body },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: draftFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const subject = String(fields.subject.value ?? draft.subject);
  const body = String(fields.body.value ?? draft.body);
  const mailto = email
    ? `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
    : null;
  return (
    <div className="space-y-3">
      <p className="text-slate-600 text-xs dark:text-slate-300" data-testid="draft-engine">
        {draft.engine === "workers-ai" ? "Written by Workers AI" : "Written by the built-in assistant"}
        {draft.edited ? ", edited by you" : ""} · saved {formatInZone(new Date(draft.updatedAt), timeZone)}
        {draft.sentAt ? ` · sent ${formatInZone(new Date(draft.sentAt), timeZone)}` : ""}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        {hidden}
        <FormError id={form.errorId} errors={form.errors} />
        <div className="text-sm">
          <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors}>
            <input {...getInputProps(fields.subject, { type: "text" })} maxLength={150} className={inputClass} />
          </Field>
        </div>
        <div className="text-sm">
          <Field id={fields.body.id} label="Message" errors={fields.body.errors}>
            <textarea {...getTextareaProps(fields.body)} rows={10} maxLength={2000} className={inputClass} />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="draft-save" className={small}>
            Save draft
          </button>
          {mailto ? (
            <a href={mailto} className={small}>
              Open in mail
            </a>
          ) : null}
          <button type="submit" name="intent" value="draft-sent" className={small}>
            Mark as sent
          </button>
          <button type="submit" name="intent" value="draft-write" className={small}>
            Write a new draft
          </button>
        </div>
      </Form>
    </div>
  );
}
