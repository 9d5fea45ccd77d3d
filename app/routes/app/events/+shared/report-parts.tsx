import { useState } from "react";
import { Form, href, Link } from "react-router";
import { BarChart } from "~/components/charts/bar-chart";
import { mailtoHref } from "~/lib/events/rules";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/people/connection-rules";
import type { loadEventReport } from "./report.server";

/** The post-event report's parts: its figures, the follow-up progress, and each top lead with its draft. */

type Report = Awaited<ReturnType<typeof loadEventReport>>;
type Lead = Report["leads"][number];

function FollowUpMessage({ lead, message }: { lead: Lead; message: NonNullable<Lead["message"]> }) {
  const [subject, setSubject] = useState(message.subject);
  const [body, setBody] = useState(message.body);
  const base = `message-${lead.id}`;
  return (
    <div className="mt-3 space-y-2 print:hidden">
      <p className="text-slate-600 text-xs dark:text-slate-300">
        {`Written by ${message.engine === "workers-ai" ? "Workers AI" : "the built-in assistant"}; edit before sending, or `}
        <Link to={`${href("/connections/:id", { id: String(lead.id) })}#draft-title`} className="underline">
          edit and save it on their page
        </Link>
        .
      </p>
      <label htmlFor={`${base}-subject`} className="block font-medium text-sm">
        Subject
      </label>
      <input
        id={`${base}-subject`}
        value={subject}
        maxLength={150}
        onChange={(e) => setSubject(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <label htmlFor={`${base}-body`} className="block font-medium text-sm">
        Message to {lead.name}
      </label>
      <textarea
        id={`${base}-body`}
        value={body}
        rows={7}
        maxLength={2000}
        onChange={(e) => setBody(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {lead.email ? (
        <a
          href={mailtoHref(lead.email, subject, body)}
          className="inline-flex rounded-md bg-brand-600 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-700"
        >
          Open in email<span className="sr-only"> to {lead.name}</span>
        </a>
      ) : (
        <p className="text-slate-600 text-sm dark:text-slate-300">
          No email address yet:{" "}
          <Link to={href("/connections/:id", { id: String(lead.id) })} className="underline">
            add one
          </Link>{" "}
          to send this.
        </p>
      )}
    </div>
  );
}

const stat = "rounded-xl border border-slate-200 p-4 dark:border-slate-800";

/** The four figures at the top: met, high priority, followed up in time, still in the window. */
export function ReportFigures({ total, byPriority, progress }: Pick<Report, "total" | "byPriority" | "progress">) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      <div className={stat}>
        <dt className="text-slate-600 text-sm dark:text-slate-300">People met</dt>
        <dd className="font-bold text-2xl">{total}</dd>
      </div>
      <div className={stat}>
        <dt className="text-slate-600 text-sm dark:text-slate-300">High priority</dt>
        <dd className="font-bold text-2xl">{byPriority.find((b) => b.label.startsWith("High"))?.value ?? 0}</dd>
      </div>
      <div className={stat}>
        <dt className="text-slate-600 text-sm dark:text-slate-300">Followed up in 48 h</dt>
        <dd className="font-bold text-2xl">
          {progress.onTime} of {total}
        </dd>
      </div>
      <div className={stat}>
        <dt className="text-slate-600 text-sm dark:text-slate-300">Still in the window</dt>
        <dd className="font-bold text-2xl">{progress.open}</dd>
      </div>
    </dl>
  );
}

/** How many were followed up inside the 48-hour window, later, not yet, or never. */
export function FollowUpProgress({
  total,
  progress,
  nextDeadline,
}: Pick<Report, "total" | "progress" | "nextDeadline">) {
  const followed = progress.onTime + progress.late;
  return (
    <section aria-labelledby="followup-title" className="mt-8 break-inside-avoid">
      <h2 id="followup-title" className="font-semibold text-xl">
        Follow-up inside 48 hours
      </h2>
      <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
        {`${followed} of ${total} followed up: ${progress.onTime} within 48 hours of meeting, ${progress.late} later. ${progress.open} still inside the window${nextDeadline ? ` (the first closes ${nextDeadline})` : ""}, ${progress.missed} missed it.`}
      </p>
      <div className="mt-3">
        <BarChart
          title="Follow-up progress"
          bars={[
            { label: "Within 48 hours", value: progress.onTime },
            { label: "Later", value: progress.late },
            { label: "In the window", value: progress.open },
            { label: "Window missed", value: progress.missed },
          ]}
        />
      </div>
    </section>
  );
}

/** One ranked lead: why it scores what it does, a reminder, and (for the first few) a drafted message. */
export function LeadCard({ lead, rank }: { lead: Lead; rank: number }) {
  return (
    <li
      id={`lead-${lead.id}`}
      className="scroll-mt-24 rounded-xl border border-slate-200 p-4 break-inside-avoid dark:border-slate-800"
      data-testid="lead"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-lg">
            <span className="text-slate-500 dark:text-slate-400">{rank}. </span>
            <Link to={href("/connections/:id", { id: String(lead.id) })} className="hover:underline">
              {lead.name}
            </Link>
          </h3>
          <p className="text-slate-600 text-sm dark:text-slate-300">
            {[lead.title, lead.company].filter(Boolean).join(" at ")}
            <span className={`ml-2 ${PRIORITY_STAR_CLASS[lead.priority]}`} aria-hidden="true">
              ★
            </span>{" "}
            {PRIORITY_LABEL[lead.priority]}
          </p>
        </div>
        <p className="rounded-lg bg-brand-50 px-3 py-1 font-bold text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          {`Score ${lead.score}`}
        </p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label={`Why ${lead.name} scores ${lead.score}`}>
        {lead.reasons.map((r) => (
          <li
            key={r.reason}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            {`${r.points > 0 ? "+" : ""}${r.points} ${r.reason}`}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm print:hidden">
        <Form method="post">
          <input type="hidden" name="intent" value="remind" />
          <input type="hidden" name="connectionId" value={lead.id} />
          <button
            type="submit"
            className="rounded-md border border-slate-300 px-3 py-1.5 font-medium dark:border-slate-700"
          >
            Remind me tomorrow<span className="sr-only"> to email {lead.name}</span>
          </button>
        </Form>
        <span className="text-slate-600 dark:text-slate-300">
          {lead.followUpsDone
            ? `${lead.followUpsDone} follow-up${lead.followUpsDone > 1 ? "s" : ""} done`
            : lead.followUpsOpen
              ? `${lead.followUpsOpen} follow-up${lead.followUpsOpen > 1 ? "s" : ""} planned`
              : "No follow-up yet"}
        </span>
      </div>
      {lead.message ? (
        <details className="mt-2 print:hidden" open={rank === 1}>
          <summary className="cursor-pointer font-medium text-brand-700 text-sm dark:text-brand-200">
            Suggested follow-up message
          </summary>
          <FollowUpMessage lead={lead} message={lead.message} />
        </details>
      ) : null}
    </li>
  );
}
