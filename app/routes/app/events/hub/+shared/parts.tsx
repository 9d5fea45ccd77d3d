import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { FeatureLocked } from "~/components/plan-gate";
import { ConfirmStep } from "~/components/ui/confirm-step";
import { Field, inputClass } from "~/components/ui/field";
import { ATTENDEE_LIMITS, type AttendeeReport, planFormSchema } from "~/lib/events/rules";
import type { loadEvent } from "../hub.server";

export const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
export const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

const ENGINE_LABEL = { "built-in": "the built-in assistant", "workers-ai": "Workers AI" } as const;
export const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

export type HubData = Awaited<ReturnType<typeof loadEvent>>["event"];

function PlanView({ plan }: { plan: NonNullable<HubData["plan"]> }) {
  const list = (title: string, items: string[], ordered = false) => {
    const List = ordered ? "ol" : "ul";
    return (
      <div>
        <h3 className="font-semibold">{title}</h3>
        <List className={`mt-2 space-y-1.5 pl-5 text-sm ${ordered ? "list-decimal" : "list-disc"}`}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      </div>
    );
  };
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      {list("Goals", plan.goals)}
      <div>
        <h3 className="font-semibold">Target connections</h3>
        {plan.targets.length ? (
          <ul className="mt-2 space-y-2 text-sm">
            {plan.targets.map((t) => (
              <li key={`${t.source}-${t.name}`}>
                <span className="font-medium">{t.name}</span>{" "}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-200">
                  {t.source === "attendees" ? "Attendee list" : "Your network"}
                </span>
                <span className="block text-slate-600 dark:text-slate-300">{t.reason}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600 text-sm dark:text-slate-300">
            No one matched yet. Import the attendee list or add goals that name who you want to meet.
          </p>
        )}
      </div>
      {list("Talking points", plan.talkingPoints)}
      {list("Checklist", plan.checklist, true)}
    </div>
  );
}

function PlanEditor({ event, reply }: { event: HubData; reply: SubmissionResult<string[]> | undefined }) {
  const plan = event.plan;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `plan-${event.id}`,
    lastResult: navigation.state === "idle" ? reply : undefined,
    defaultValue: {
      goals: plan?.goals.join("\n") ?? "",
      targets: plan?.targets.map((t) => `${t.name}: ${t.reason}`).join("\n") ?? "",
      talkingPoints: plan?.talkingPoints.join("\n") ?? "",
      checklist: plan?.checklist.join("\n") ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: planFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const area = (f: typeof fields.goals, label: string, hint: string, rows = 4) => (
    <Field id={f.id} label={label} errors={f.errors} hint={hint}>
      <textarea {...getTextareaProps(f)} rows={rows} className={inputClass} />
    </Field>
  );
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800" open={Boolean(reply)}>
      <summary className="cursor-pointer font-semibold">Edit plan</summary>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="save-plan" />
        {area(fields.goals, "Goals", "One goal a line, up to 8")}
        {area(fields.targets, "Target connections", "One a line: Name: why you want to meet them", 5)}
        {area(fields.talkingPoints, "Talking points", "One a line, up to 10")}
        {area(fields.checklist, "Checklist", "One item a line, up to 12")}
        <button type="submit" className={primary}>
          Save plan
        </button>
      </Form>
    </details>
  );
}

function AttendeeImport({
  count,
  report,
}: {
  count: number;
  report: (AttendeeReport & { imported: number }) | undefined;
}) {
  return (
    <section aria-labelledby="attendees-title" className={panel}>
      <h2 id="attendees-title" className="font-semibold text-lg">
        Attendee list
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        {count ? `${count} attendees imported. ` : ""}Import a CSV with a header row: Name (or First name and Last
        name), and optionally Title, Company and Email. Up to {ATTENDEE_LIMITS.rows} rows and{" "}
        {ATTENDEE_LIMITS.bytes / 1000} KB; a new file replaces the list.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="import-attendees" />
        <div>
          <label htmlFor="attendees-file" className="mb-1.5 block font-medium text-sm">
            Attendee CSV
          </label>
          <input
            id="attendees-file"
            name="attendees"
            type="file"
            accept=".csv,text/csv"
            className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm dark:border-slate-700"
        >
          Import attendees
        </button>
      </Form>
      {report ? (
        <div role="status" className="mt-4 text-sm">
          {report.error ? (
            <p className="font-semibold text-red-700 dark:text-red-300">{report.error}</p>
          ) : (
            <p className="font-semibold text-green-800 dark:text-green-300">
              Imported {report.imported} attendee{report.imported === 1 ? "" : "s"}
              {report.problems.length
                ? `; ${report.problems.length} row${report.problems.length === 1 ? "" : "s"} skipped`
                : ""}
              .
            </p>
          )}
          {report.problems.length ? (
            <ul className="mt-2 max-h-48 list-disc overflow-y-auto pl-5 text-slate-700 dark:text-slate-300">
              {report.problems.map((p) => (
                <li key={`${p.row}-${p.message}`}>
                  Row {p.row}: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export type Gates = { strategyPlans: boolean; eventHub: boolean };

/** What an action answered, by the form it answers. */
export function answers(actionData: unknown) {
  const a = (actionData ?? {}) as Record<string, unknown>;
  return {
    planReply: a.planReply as SubmissionResult<string[]> | undefined,
    attendeeReport: a.attendeeReport as (AttendeeReport & { imported: number }) | undefined,
    confirmDelete: a.confirm === "delete",
  };
}

export function PlanSection({
  event,
  pro,
  trialAvailable,
  planReply,
}: {
  event: HubData;
  pro: Gates;
  trialAvailable: boolean;
  planReply: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const generating = navigation.formData?.get("intent") === "generate-plan";
  return (
    <section id="plan" aria-labelledby="plan-title" className={`${panel} mt-10 scroll-mt-24`}>
      <h2 id="plan-title" className="font-semibold text-xl">
        Strategy plan
      </h2>
      {event.plan ? (
        <>
          <p className="mt-1 text-slate-600 text-sm dark:text-slate-300" data-testid="plan-engine">
            {`Generated by ${ENGINE_LABEL[event.plan.engine]} on ${event.planDay}${event.plan.edited ? ", edited by you" : ""}.`}
          </p>
          <PlanView plan={event.plan} />
          {pro.strategyPlans ? (
            <PlanEditor key={event.plan.generatedAt + String(event.plan.edited)} event={event} reply={planReply} />
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
          The assistant drafts networking goals, who to meet (from your network and the attendee list), talking points
          and a checklist. You can edit every line.
        </p>
      )}
      {pro.strategyPlans ? null : (
        <div className="mt-6">
          <FeatureLocked
            feature="strategyPlans"
            trialAvailable={trialAvailable}
            headingLevel={3}
            redirectTo={href("/events/:id", { id: String(event.id) })}
          />
        </div>
      )}
      {pro.strategyPlans ? (
        <Form
          method="post"
          className="mt-6 space-y-3"
          key={`goals-${event.plan?.generatedAt}-${event.plan?.edited}-${event.plan?.goals.length}`}
        >
          <input type="hidden" name="intent" value="generate-plan" />
          <Field
            id="plan-goals"
            label="Your goals for this event"
            hint="One a line, for example: Meet two corporate sponsors"
          >
            <textarea
              id="plan-goals"
              name="goals"
              rows={3}
              maxLength={2000}
              defaultValue={event.plan?.goals.join("\n") ?? ""}
              className={inputClass}
            />
          </Field>
          <button type="submit" className={primary} disabled={generating}>
            {generating ? "Generating..." : event.plan ? "Generate a new plan" : "Generate plan"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function AttendeeSection({
  event,
  pro,
  trialAvailable,
  attendeeReport,
}: {
  event: HubData;
  pro: Gates;
  trialAvailable: boolean;
  attendeeReport: (AttendeeReport & { imported: number }) | undefined;
}) {
  return (
    <div className="mt-6">
      {pro.eventHub ? (
        <AttendeeImport count={event.importedAttendees} report={attendeeReport} />
      ) : (
        <FeatureLocked
          feature="eventHub"
          trialAvailable={trialAvailable}
          redirectTo={href("/events/:id", { id: String(event.id) })}
        >
          {event.importedAttendees ? (
            <p className="mt-2 text-sm">{`${event.importedAttendees} attendees imported earlier are kept.`}</p>
          ) : null}
        </FeatureLocked>
      )}
    </div>
  );
}

export function DeleteEvent({ event, confirm }: { event: Pick<HubData, "title">; confirm: boolean }) {
  return (
    <section aria-labelledby="danger" className={`${panel} mt-10`}>
      <h2 id="danger" className="font-semibold text-lg">
        Delete this event
      </h2>
      <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
        The people you met stay in your network with their "Met at".
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="delete" />
        <button
          type="submit"
          className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 text-sm hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
        >
          Delete event
        </button>
      </Form>
      {confirm ? (
        <ConfirmStep
          intent="delete"
          question={`Delete ${event.title}?`}
          consequence="Its plan and attendee list go with it. This cannot be undone."
          confirmLabel="Delete the event"
        />
      ) : null}
    </section>
  );
}
