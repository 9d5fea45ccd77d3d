import type { SubmissionResult } from "@conform-to/react";
import { Form, href, Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { MERGE_FIELDS } from "~/lib/mailings/rules";
import type { AudienceSummary } from "./audience.server";

export const button = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";
export const secondary = "rounded-md border border-slate-300 px-4 py-2.5 font-medium text-sm dark:border-slate-700";
export const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";

/** What the compose action answers when it does not redirect. */
export type ComposeAnswer =
  | {
      reply?: SubmissionResult<string[]>;
      audience?: AudienceSummary | null;
      preview?: { to: string; subject: string; text: string } | null;
      tested?: string | null;
      testError?: string;
      basisDone?: number;
      basisError?: { id: number; message: string };
      /** Send was tapped once: how many it reaches, asked before it goes. */
      confirmSend?: number;
    }
  | undefined;

/** How many the mailing reaches, and who is left out and why (an attendee has no person page of the owner's to link). */
export function AudienceCount({
  audience,
  errors,
  eventAttendees,
}: {
  audience: AudienceSummary;
  errors: string[] | undefined;
  eventAttendees: boolean;
}) {
  return (
    <div className="mt-4" aria-live="polite">
      <p className="font-semibold" id="audience-count">
        {audience.count} {audience.count === 1 ? "person" : "people"} will get this
      </p>
      {audience.basisCount ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm" id="audience-basis">
            {audience.basisCount} of them on a lawful basis you recorded, not their own consent
          </summary>
          <ul aria-label="On a lawful basis" className="mt-2 space-y-1 text-sm">
            {audience.onBasis.map((m) => (
              <li key={m.id}>
                <Link to={href("/connections/:id", { id: String(m.id) })} className="underline">
                  {m.name}
                </Link>
                : lawful basis (“{m.reason}”)
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {errors?.length ? (
        <p id="audience-error" className="mt-1 text-red-700 text-sm dark:text-red-300">
          {errors[0]}
        </p>
      ) : null}
      {audience.leftOutCount ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm">{audience.leftOutCount} left out, and why</summary>
          <ul aria-label="Left out" className="mt-2 space-y-1 text-sm">
            {audience.leftOut.map((l) => (
              <li key={l.id}>
                {eventAttendees ? (
                  l.name
                ) : (
                  <Link to={href("/connections/:id", { id: String(l.id) })} className="underline">
                    {l.name}
                  </Link>
                )}
                : {l.why}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export function MergeFieldList() {
  return (
    <div className="text-slate-600 text-sm dark:text-slate-300">
      <p>Merge fields:</p>
      <ul className="mt-1 list-disc pl-5">
        {Object.entries(MERGE_FIELDS).map(([k, v]) => (
          <li key={k}>
            <code>{`{{${k}}}`}</code>: {v}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The answer to Preview or Send a test: the merged message, or whether the test went. */
export function TryOut({ answer, ownerEmail }: { answer: ComposeAnswer; ownerEmail: string }) {
  const preview = answer?.preview ?? null;
  const tested = answer && "tested" in answer ? answer.tested : undefined;
  return (
    <>
      {answer?.testError ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {answer.testError}
        </p>
      ) : tested !== undefined ? (
        <p role="status" className="text-sm">
          {tested ? `Test sent to ${ownerEmail}` : "The test could not be sent: no mail provider is set up."}
        </p>
      ) : null}
      {preview ? (
        <section aria-label="Preview" className="rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-900">
          <p>
            <span className="font-semibold">To:</span> {preview.to}
          </p>
          <p>
            <span className="font-semibold">Subject:</span> {preview.subject}
          </p>
          <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{preview.text}</pre>
        </section>
      ) : null}
    </>
  );
}

/** People left out for want of consent, each with a form to record why the owner may still mail them. */
export function LawfulBasis({ audience, answer }: { audience: AudienceSummary; answer: ComposeAnswer }) {
  const noConsent = audience.leftOut.filter((l) => l.reason === "no-consent");
  if (!noConsent.length) return null;
  const basisDone = answer?.basisDone ?? null;
  const basisError = answer?.basisError ?? null;
  return (
    <section className={`${panel} mt-6`} aria-labelledby="basis-title">
      <h2 id="basis-title" className="font-semibold text-lg">
        Record a lawful basis
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        For someone with no consent on record whom you may still mail (say, an existing donor), record why. It goes on
        their history as a consent record.
      </p>
      <ul className="mt-3 space-y-3">
        {noConsent.slice(0, 20).map((l) => (
          <li key={l.id}>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="person" value={l.id} />
              <div className="min-w-48 flex-1">
                <Field
                  id={`reason-${l.id}`}
                  label={`Reason for ${l.name}`}
                  errors={basisError?.id === l.id ? [basisError.message] : undefined}
                >
                  <input id={`reason-${l.id}`} name="reason" className={inputClass} maxLength={300} />
                </Field>
              </div>
              <button type="submit" name="intent" value="lawful-basis" className={secondary}>
                Record
              </button>
              {basisDone === l.id ? <span role="status">Recorded</span> : null}
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
