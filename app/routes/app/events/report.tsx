import { useState } from "react";
import { Form, href, Link } from "react-router";
import { BarChart } from "~/components/bar-chart";
import { EventGiftsSection } from "~/components/fundraising/event-gifts";
import { formatDate } from "~/components/marketing/page";
import { TimesIn } from "~/components/times-in";
import { appContext } from "~/context";
import { PRIORITY_LABEL, PRIORITY_STAR_CLASS } from "~/lib/connection-rules";
import { FOLLOW_UP_WINDOW_MS, mailtoHref } from "~/lib/events";
import { rankLeads } from "~/lib/lead-score";
import { pageMeta } from "~/lib/site";
import { formatInZone } from "~/lib/time";
import { getSettings } from "~/server/account/settings.server";
import { getUser } from "~/server/account/user.server";
import type { AiBinding } from "~/server/assistant/assistant.server";
import { requireFeature } from "~/server/billing/plans.server";
import { getEvent, peopleMetAt } from "~/server/events/events.server";
import { savedDrafts } from "~/server/follow/drafts.server";
import { createReminder } from "~/server/follow/reminders.server";
import { eventFundraising } from "~/server/fundraising/analytics.server";
import { notFound, parseId, unknownIntent } from "~/server/platform/http.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Report: ${loaderData.event.title}` : "Event report"),
  { name: "robots", content: "noindex" },
];

const TOP_LEADS = 10;
const MESSAGES_FOR = 5;

const SOURCE_LABEL = {
  scan: "Captured",
  share: "Shared back",
  saved: "Saved their card",
  manual: "Added by hand",
  import: "Imported",
} as const;

async function ownedEvent(params: { id: string }, context: Route.LoaderArgs["context"]) {
  const app = context.get(appContext);
  const user = getUser(context);
  const event = await getEvent(app.db, user.id, parseId(params.id));
  if (!event) notFound();
  return { app, user, event };
}

const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value);
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app, user, event } = await ownedEvent(params, context);
  // Post-event analysis and its ranked leads are Card Pro; the people met stay in the network either way.
  await requireFeature(app.db, user.id, "postEventAnalysis");
  const [people, settings, fundraising] = await Promise.all([
    peopleMetAt(app.db, user.id, event.title),
    getSettings(app.db, user.id),
    eventFundraising(app.db, user.id, event),
  ]);
  const now = new Date();
  const goals = event.plan?.goals ?? [];
  const ranked = rankLeads(
    people.map((p) => ({
      person: p,
      lead: {
        priority: p.priority,
        strength: p.strength,
        tags: p.tags,
        notes: p.notes,
        title: p.title,
        company: p.company,
        lastContactAt: p.lastContactAt,
        createdAt: p.createdAt,
        followUpsDone: p.followUpsDone,
        sharedBack: p.source === "share",
      },
    })),
    goals,
    now,
  ).slice(0, TOP_LEADS);

  // Drafts are saved with each person: written once, then read, so a reload shows the same words.
  const drafts = await savedDrafts(
    app.db,
    app.env.AI as AiBinding | undefined,
    user,
    ranked.slice(0, MESSAGES_FOR).map((r) => r.person.id),
    settings.timeZone,
    new URL(request.url).origin,
  );

  // The 48-hour window starts when each person was met.
  const progress = { onTime: 0, late: 0, open: 0, missed: 0 };
  let nextDeadline: number | null = null;
  for (const p of people) {
    const deadline = p.createdAt.getTime() + FOLLOW_UP_WINDOW_MS;
    if (p.firstFollowUpAt) progress[p.firstFollowUpAt.getTime() <= deadline ? "onTime" : "late"] += 1;
    else if (now.getTime() <= deadline) {
      progress.open += 1;
      nextDeadline = Math.min(nextDeadline ?? deadline, deadline);
    } else progress.missed += 1;
  }

  const priorityOrder = ["high", "medium", "low"] as const;
  return {
    fundraising,
    event: { id: event.id, title: event.title, date: event.date, endDate: event.endDate, location: event.location },
    goals,
    total: people.length,
    bySource: tally(people.map((p) => SOURCE_LABEL[p.source])),
    byStatus: tally(people.map((p) => p.status)),
    byPriority: priorityOrder
      .map((pr) => ({ label: PRIORITY_LABEL[pr], value: people.filter((p) => p.priority === pr).length }))
      .filter((b) => b.value > 0),
    byTag: tally(people.flatMap((p) => p.tags.filter((t) => t !== event.title))).slice(0, 8),
    progress,
    nextDeadline: nextDeadline ? formatInZone(new Date(nextDeadline), settings.timeZone) : null,
    timeZone: settings.timeZone,
    leads: ranked.map((r, i) => ({
      id: r.person.id,
      name: r.person.name,
      title: r.person.title,
      company: r.person.company,
      email: r.person.email,
      priority: r.person.priority,
      score: r.score,
      reasons: r.reasons,
      followUpsOpen: r.person.followUpsOpen,
      followUpsDone: r.person.followUpsDone,
      message: i < MESSAGES_FOR ? (drafts.get(r.person.id) ?? null) : null,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, user, event } = await ownedEvent(params, context);
  await requireFeature(app.db, user.id, "leadPrioritisation");
  const formData = await request.formData();
  if (formData.get("intent") !== "remind") unknownIntent();
  const connectionId = parseId(formData.get("connectionId"));
  const settings = await getSettings(app.db, user.id);
  const dueAt = new Date(Date.now() + 24 * 3_600_000);
  const created = await createReminder(app.db, user.id, {
    connectionId,
    type: "Email",
    dueAt,
    notes: `Follow up after ${event.title}`,
  });
  if (created === null) notFound();
  return redirectWithToast(`${href("/events/:id/report", { id: String(event.id) })}#lead-${connectionId}`, {
    type: "success",
    title: "Reminder set",
    description: `Email follow-up due ${formatInZone(dueAt, settings.timeZone)}.`,
  });
}

type Lead = Route.ComponentProps["loaderData"]["leads"][number];

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

export default function EventReportPage({ loaderData }: Route.ComponentProps) {
  const { event, total, progress, leads } = loaderData;
  const followed = progress.onTime + progress.late;
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 print:max-w-none print:px-0 print:py-0">
      <Link
        to={href("/events/:id", { id: String(event.id) })}
        className="text-brand-700 text-sm underline print:hidden dark:text-brand-200"
      >
        ← {event.title}
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Post-event report</h1>
          <p className="mt-1 text-lg">{event.title}</p>
          <p className="text-slate-600 text-sm dark:text-slate-300">
            {formatDate(event.date)}
            {event.endDate && event.endDate !== event.date ? ` – ${formatDate(event.endDate)}` : ""}
            {event.location ? ` · ${event.location}` : ""}
          </p>
          <TimesIn timeZone={loaderData.timeZone} />
        </div>
        <button
          type="button"
          onClick={() => window.print()}
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-sm print:hidden dark:border-slate-700"
        >
          Print report
        </button>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className={stat}>
          <dt className="text-slate-600 text-sm dark:text-slate-300">People met</dt>
          <dd className="font-bold text-2xl">{total}</dd>
        </div>
        <div className={stat}>
          <dt className="text-slate-600 text-sm dark:text-slate-300">High priority</dt>
          <dd className="font-bold text-2xl">
            {loaderData.byPriority.find((b) => b.label.startsWith("High"))?.value ?? 0}
          </dd>
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

      {total === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-300 border-dashed p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nobody is tagged with this event yet. Set it active before you go, and everyone you capture or who shares back
          is counted here.
        </p>
      ) : (
        <>
          <section aria-labelledby="followup-title" className="mt-8 break-inside-avoid">
            <h2 id="followup-title" className="font-semibold text-xl">
              Follow-up inside 48 hours
            </h2>
            <p className="mt-1 text-slate-700 text-sm dark:text-slate-300">
              {`${followed} of ${total} followed up: ${progress.onTime} within 48 hours of meeting, ${progress.late} later. ${progress.open} still inside the window${loaderData.nextDeadline ? ` (the first closes ${loaderData.nextDeadline})` : ""}, ${progress.missed} missed it.`}
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

          <EventGiftsSection data={loaderData.fundraising} />

          <section aria-labelledby="split-title" className="mt-8">
            <h2 id="split-title" className="font-semibold text-xl">
              Who you met
            </h2>
            <div className="mt-3 grid gap-4 md:grid-cols-2">
              <BarChart title="How you connected" bars={loaderData.bySource} />
              <BarChart title="Priority" bars={loaderData.byPriority} />
              <BarChart title="Connection status" bars={loaderData.byStatus} />
              <BarChart title="Tags" bars={loaderData.byTag} />
            </div>
          </section>

          <section aria-labelledby="leads-title" className="mt-10">
            <h2 id="leads-title" className="font-semibold text-xl">
              Top leads
            </h2>
            <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
              {`Ranked by priority, relationship strength, ${loaderData.goals.length ? "your plan's goals, " : ""}how recently you spoke and whether they engaged. Every point has its reason.`}
            </p>
            <ol className="mt-4 space-y-4">
              {leads.map((lead, i) => (
                <li
                  key={lead.id}
                  id={`lead-${lead.id}`}
                  className="scroll-mt-24 rounded-xl border border-slate-200 p-4 break-inside-avoid dark:border-slate-800"
                  data-testid="lead"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <h3 className="font-semibold text-lg">
                        <span className="text-slate-500 dark:text-slate-400">{i + 1}. </span>
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
                  <ul
                    className="mt-2 flex flex-wrap gap-1.5 text-xs"
                    aria-label={`Why ${lead.name} scores ${lead.score}`}
                  >
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
                    <details className="mt-2 print:hidden" open={i === 0}>
                      <summary className="cursor-pointer font-medium text-brand-700 text-sm dark:text-brand-200">
                        Suggested follow-up message
                      </summary>
                      <FollowUpMessage lead={lead} message={lead.message} />
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </article>
  );
}
