import { href, Link } from "react-router";
import { BarChart } from "~/components/charts/bar-chart";
import { EventGiftsSection } from "~/components/fundraising/event-gifts";
import { formatDate } from "~/components/marketing/page";
import { TimesIn } from "~/components/times-in";
import { pageMeta } from "~/lib/site";
import { loadEventReport, remindAfterEvent } from "./+shared/report.server";
import { FollowUpProgress, LeadCard, ReportFigures } from "./+shared/report-parts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Report: ${loaderData.event.title}` : "Event report"),
  { name: "robots", content: "noindex" },
];

export const loader = (args: Route.LoaderArgs) => loadEventReport(args);

export const action = (args: Route.ActionArgs) => remindAfterEvent(args);

export default function EventReportPage({ loaderData }: Route.ComponentProps) {
  const { event, total, progress, leads } = loaderData;
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

      <ReportFigures total={total} byPriority={loaderData.byPriority} progress={progress} />

      {total === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-300 border-dashed p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nobody is tagged with this event yet. Set it active before you go, and everyone you capture or who shares back
          is counted here.
        </p>
      ) : (
        <>
          <FollowUpProgress total={total} progress={progress} nextDeadline={loaderData.nextDeadline} />

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
                <LeadCard key={lead.id} lead={lead} rank={i + 1} />
              ))}
            </ol>
          </section>
        </>
      )}
    </article>
  );
}
