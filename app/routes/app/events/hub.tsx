import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { OWNER_STATUS_LABEL, SetActiveButton } from "~/components/event-hub";
import { STATUS_BADGE } from "~/components/marketing/event-card";
import { formatDate } from "~/components/marketing/page";
import { FeatureLocked } from "~/components/plan-gate";
import { Field, inputClass } from "~/components/ui/field";
import { appContext } from "~/context";
import { safeHref } from "~/lib/card";
import {
  ATTENDEE_LIMITS,
  type AttendeeReport,
  dayInZone,
  EVENT_TYPE_LABEL,
  eventStatus,
  parseAttendeeCsv,
  planFormSchema,
  targetsFromLines,
} from "~/lib/events";
import { can } from "~/lib/plans";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageMeta } from "~/lib/site";
import { formatInZone } from "~/lib/time";
import { getSettings } from "~/server/account/settings.server";
import { getUser } from "~/server/account/user.server";
import { type AiBinding, createAssistant } from "~/server/assistant/assistant.server";
import { getEntitlements, requireFeature } from "~/server/billing/plans.server";
import { answerEventWord } from "~/server/events/event-word.server";
import {
  deleteEvent,
  getEvent,
  networkForPlan,
  saveAttendees,
  savePlan,
  toggleActive,
} from "~/server/events/events.server";
import { notFound, parseId } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/hub";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.event?.title ?? "Event"),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // The owner's events are numbered; a word is a published organiser event's old address, or nothing.
  if (!/^\d+$/.test(params.id)) await answerEventWord(app, params.id);
  const id = parseId(params.id);
  const user = getUser(context);
  const [row, settings, plan] = await Promise.all([
    getEvent(app.db, user.id, id),
    getSettings(app.db, user.id),
    getEntitlements(app.db, user.id),
  ]);
  if (!row) notFound();
  const status = eventStatus(row, dayInZone(new Date(), settings.timeZone));
  const { attendees, ...event } = row;
  // On Basic, a plan made earlier stays readable; making and editing plans and attendee lists is Card Pro.
  const pro = { strategyPlans: can(plan, "strategyPlans"), eventHub: can(plan, "eventHub") };
  return {
    event: {
      ...event,
      status,
      importedAttendees: attendees.length,
      // The plan's day in the owner's zone, as every other date in the app.
      planDay: event.plan ? formatInZone(event.plan.generatedAt, settings.timeZone, { dateStyle: "medium" }) : null,
    },
    pro,
    trialAvailable: plan.trialAvailable,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = getUser(context);
  const id = parseId(params.id);
  const existing = await getEvent(app.db, user.id, id);
  if (!existing) notFound();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const toast = (title: string, to: string, description?: string) =>
    redirectWithToast(to, { type: "success", title, description });

  if (intent === "toggle-active") {
    const result = await toggleActive(app.env, app.db, user.id, id);
    if (!result) notFound();
    return toast(
      result.active ? `${result.title} is your active event` : `${result.title} is no longer active`,
      safeRedirect(formData.get("redirectTo"), `/events/${id}`),
      result.active ? "Everyone you capture or who shares back is tagged with it." : undefined,
    );
  }
  if (intent === "import-attendees") {
    await requireFeature(app.db, user.id, "eventHub");
    const file = formData.get("attendees");
    const report: AttendeeReport =
      !(file instanceof File) || file.size === 0
        ? { attendees: [], problems: [], error: "Choose a CSV file to import" }
        : file.size > ATTENDEE_LIMITS.bytes
          ? { attendees: [], problems: [], error: `The file is larger than ${ATTENDEE_LIMITS.bytes / 1000} KB` }
          : parseAttendeeCsv(await file.text());
    if (report.error) return data({ attendeeReport: { ...report, imported: 0 } }, { status: 400 });
    await saveAttendees(app.db, user.id, id, report.attendees);
    return data({ attendeeReport: { ...report, imported: report.attendees.length, attendees: [] } });
  }
  if (intent === "generate-plan") {
    await requireFeature(app.db, user.id, "strategyPlans");
    const goals = String(formData.get("goals") ?? "")
      .slice(0, 2000)
      .split(/\r?\n/)
      .map((g) => g.trim().slice(0, 200))
      .filter(Boolean)
      .slice(0, 8);
    const network = await networkForPlan(app.db, user.id);
    const assistant = createAssistant(app.env.AI as AiBinding | undefined);
    const { result, engine, fallbackReason } = await assistant.plan({
      event: {
        title: existing.title,
        description: existing.description,
        date: existing.date,
        location: existing.location,
        type: existing.type,
      },
      goals,
      network,
      attendees: existing.attendees,
      ownerName: user.name,
    });
    if (fallbackReason) console.warn(`plan fell back to the built-in engine: ${fallbackReason}`);
    await savePlan(app.db, user.id, id, { ...result, engine, generatedAt: new Date().toISOString(), edited: false });
    return toast(
      "Plan ready",
      `/events/${id}#plan`,
      engine === "workers-ai" ? "Written by Workers AI." : "Written by the built-in assistant.",
    );
  }
  if (intent === "save-plan") {
    await requireFeature(app.db, user.id, "strategyPlans");
    const submission = parseWithZod(formData, { schema: planFormSchema });
    if (submission.status !== "success") return data({ planReply: submission.reply() }, { status: 400 });
    const attendeeNames = new Set(existing.attendees.map((a) => a.name.toLowerCase()));
    await savePlan(app.db, user.id, id, {
      goals: submission.value.goals,
      targets: targetsFromLines(submission.value.targets, attendeeNames),
      talkingPoints: submission.value.talkingPoints,
      checklist: submission.value.checklist,
      engine: existing.plan?.engine ?? "built-in",
      generatedAt: existing.plan?.generatedAt ?? new Date().toISOString(),
      edited: true,
    });
    return toast("Plan saved", `/events/${id}#plan`);
  }
  if (intent === "delete") {
    if (!(await deleteEvent(app.env, app.db, user.id, id))) notFound();
    return toast("Event deleted", "/events");
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const panel = "rounded-xl border border-slate-200 p-5 dark:border-slate-800";
const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

const ENGINE_LABEL = { "built-in": "the built-in assistant", "workers-ai": "Workers AI" } as const;
const primary = "rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700";

type HubData = NonNullable<Route.ComponentProps["loaderData"]["event"]>;

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

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EventHub
      event={loaderData.event}
      actionData={actionData}
      pro={loaderData.pro}
      trialAvailable={loaderData.trialAvailable}
    />
  );
}

type Gates = { strategyPlans: boolean; eventHub: boolean };

function EventHub({
  event,
  actionData,
  pro,
  trialAvailable,
}: {
  event: HubData;
  actionData: Route.ComponentProps["actionData"];
  pro: Gates;
  trialAvailable: boolean;
}) {
  const planReply = actionData && "planReply" in actionData ? actionData.planReply : undefined;
  const attendeeReport = actionData && "attendeeReport" in actionData ? actionData.attendeeReport : undefined;
  const navigation = useNavigation();
  const generating = navigation.formData?.get("intent") === "generate-plan";
  const badge = STATUS_BADGE[event.status];
  const joinUrl = safeHref(event.url);
  const happening = event.status === "active" || event.active;
  const image = safeHref(event.image);
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/events" className="text-brand-700 text-sm underline dark:text-brand-200">
        ← All events
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${badge.className}`}>
          {OWNER_STATUS_LABEL[event.status]}
        </span>
        <span className="text-slate-600 text-sm dark:text-slate-300">{EVENT_TYPE_LABEL[event.type]}</span>
        {event.active ? (
          <span className="font-semibold text-amber-800 text-sm dark:text-amber-200">
            <span aria-hidden="true">★ </span>Your active event
          </span>
        ) : null}
      </div>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{event.title}</h1>
      {event.description ? (
        <p className="mt-2 max-w-3xl whitespace-pre-line text-slate-700 dark:text-slate-300">{event.description}</p>
      ) : null}
      {image ? (
        <img src={image} alt="" className="mt-4 max-h-64 w-full rounded-xl object-cover" loading="lazy" />
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-600 dark:text-slate-300">When</dt>
        <dd>
          {formatDate(event.date)}
          {event.endDate && event.endDate !== event.date ? ` – ${formatDate(event.endDate)}` : ""}
          {event.time ? `, ${event.time}` : ""}
        </dd>
        {event.location || event.platform ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Where</dt>
            <dd>{[event.location, event.platform].filter(Boolean).join(" · ")}</dd>
          </>
        ) : null}
        {event.attendeeCount !== null ? (
          <>
            <dt className="text-slate-600 dark:text-slate-300">Attendees</dt>
            <dd>{event.attendeeCount.toLocaleString("en-US")} expected</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <SetActiveButton event={event} />
        {/* As on the event cards: Join and Scan QR belong to an event that is happening. */}
        {happening && joinUrl ? (
          <a
            href={joinUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center rounded-md bg-green-700 px-4 py-2 font-semibold text-sm text-white hover:bg-green-800"
          >
            Join<span className="sr-only"> {event.title} (opens in a new tab)</span>
          </a>
        ) : null}
        {happening ? (
          <Link to="/capture" className={secondary}>
            Scan QR
          </Link>
        ) : null}
        <Link to={`/events/${event.id}/report`} className={secondary}>
          Post-event report
        </Link>
        <Link to={`/events/${event.id}/edit`} className={secondary}>
          Edit
        </Link>
      </div>
      <p className="mt-3 text-slate-600 text-sm dark:text-slate-300">
        {event.active
          ? "While this event is active, everyone you capture, who shares back from your card, or whose card you save is tagged with it. Press Active to stop."
          : "Set this event active when you arrive: everyone you meet is then tagged with it. Only one event is active at a time."}
      </p>

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
              redirectTo={`/events/${event.id}`}
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

      <div className="mt-6">
        {pro.eventHub ? (
          <AttendeeImport count={event.importedAttendees} report={attendeeReport} />
        ) : (
          <FeatureLocked feature="eventHub" trialAvailable={trialAvailable} redirectTo={`/events/${event.id}`}>
            {event.importedAttendees ? (
              <p className="mt-2 text-sm">{`${event.importedAttendees} attendees imported earlier are kept.`}</p>
            ) : null}
          </FeatureLocked>
        )}
      </div>

      <section aria-labelledby="danger" className={`${panel} mt-10`}>
        <h2 id="danger" className="font-semibold text-lg">
          Delete this event
        </h2>
        <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
          The people you met stay in your network with their "Met at".
        </p>
        <Form
          method="post"
          className="mt-3"
          onSubmit={(e) => {
            if (!window.confirm(`Delete ${event.title}? Its plan and attendee list go with it.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button
            type="submit"
            className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 text-sm hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950"
          >
            Delete event
          </button>
        </Form>
      </section>
    </article>
  );
}
