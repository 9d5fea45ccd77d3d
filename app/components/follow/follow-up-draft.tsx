import { Form } from "react-router";
import { inputClass } from "~/components/ui/field";
import { formatInZone } from "~/lib/time";
import type { FollowErrorView } from "./timeline";

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
  const mine = error && error.intent === "draft-save" && error.personId === personId ? error : null;
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
          The assistant writes from their notes, your last interaction, the event and shared tags.
        </p>
        <button type="submit" name="intent" value="draft-write" className={`${small} mt-2`}>
          Draft a follow-up
        </button>
      </Form>
    );
  const subject = mine?.values.subject ?? draft.subject;
  const body = mine?.values.body ?? draft.body;
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
      <Form method="post" className="space-y-2">
        {hidden}
        <label className="block text-sm">
          <span className="mb-1 block font-medium">Subject</span>
          <input
            name="subject"
            defaultValue={subject}
            maxLength={150}
            className={inputClass}
            aria-invalid={mine?.errors.subject ? true : undefined}
          />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">Message</span>
          <textarea
            name="body"
            defaultValue={body}
            rows={10}
            maxLength={2000}
            className={inputClass}
            aria-invalid={mine?.errors.body ? true : undefined}
          />
        </label>
        {mine ? (
          <p role="alert" className="text-red-700 text-sm dark:text-red-300">
            {mine.errors.subject ?? mine.errors.body}
          </p>
        ) : null}
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
